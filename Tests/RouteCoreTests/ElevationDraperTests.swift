import Foundation
import Testing
import TrailpackCore
import RouteCore

@Suite struct ElevationDraperTests {
    /// A 21x11 grid whose sample at (column c, row r) is 1000 + 7c - 3r metres.
    let grid: TerrainGrid = {
        var samples: [Int16] = []
        for r in 0..<11 {
            for c in 0..<21 {
                let eleM: Int = 1000 + 7 * c - 3 * r
                samples.append(Int16(eleM))
            }
        }
        return TerrainGrid(width: 21, height: 11, bounds: BBox(west: 10, south: 45, east: 10.02, north: 45.01), elevationsM: samples)
    }()

    /// The plane above at a position, with rows equally spaced in web-mercator Y (SPEC).
    func planeM(at p: LonLat) -> Double {
        func y(_ latDeg: Double) -> Double { log(tan(Double.pi / 4 + latDeg * Double.pi / 360)) }
        let c = (p.lon - 10) / 0.02 * 20
        let r = (y(45.01) - y(p.lat)) / (y(45.01) - y(45)) * 10
        return 1000 + 7 * c - 3 * r
    }

    @Test func drapedElevationsFollowThePlaneRoundedToADecimetre() throws {
        let coords = (0...40).map { (k: Int) -> LonLat in
            let t = Double(k)
            return LonLat(10.0003 + 0.00048 * t, 45.0004 + 0.00023 * t)
        }
        let elevationsM = try ElevationDraper.drape(coords, on: grid)
        #expect(elevationsM.count == coords.count)
        for (p, eleM) in zip(coords, elevationsM) {
            #expect(abs(eleM - planeM(at: p)) <= 0.05 + 1e-9)
            #expect(abs(eleM * 10 - (eleM * 10).rounded()) < 1e-9)
        }
    }

    @Test func cornersOfTheGridAreItsSamples() throws {
        let corners = [LonLat(10, 45.01), LonLat(10.02, 45.01), LonLat(10, 45), LonLat(10.02, 45)]
        #expect(try ElevationDraper.drape(corners, on: grid) == [1000, 1140, 970, 1110])
    }

    @Test func vertexOutsideTheGridIsAnErrorNamingIt() {
        let coords = [LonLat(10.01, 45.005), LonLat(10.015, 45.005), LonLat(10.021, 45.005)]
        #expect(throws: DrapeError.outsideGrid(index: 2, position: LonLat(10.021, 45.005), bounds: grid.bounds)) {
            _ = try ElevationDraper.drape(coords, on: grid)
        }
    }
}
