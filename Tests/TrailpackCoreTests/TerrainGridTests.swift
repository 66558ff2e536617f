import Foundation
import Testing
@testable import TrailpackCore

@Suite struct TerrainGridTests {
    // 3 x 3 grid over a box whose rows are equally spaced in web-mercator Y, not latitude.
    let bounds = BBox(west: 10.0, south: 40.0, east: 10.2, north: 60.0)
    let grid = TerrainGrid(width: 3, height: 3, bounds: BBox(west: 10.0, south: 40.0, east: 10.2, north: 60.0),
                           elevationsM: [100, 200, 300,
                                         400, 500, 600,
                                         700, 800, 1000])

    func y(_ latDeg: Double) -> Double { log(tan(Double.pi / 4 + latDeg * Double.pi / 360)) }

    @Test func returnsExactSamplesAtGridPoints() throws {
        let yMid = (y(60) + y(40)) / 2
        let latMid = (2 * atan(exp(yMid)) - Double.pi / 2) * 180 / Double.pi
        let lats = [60.0, latMid, 40.0]
        let lons = [10.0, 10.1, 10.2]
        for r in 0..<3 {
            for c in 0..<3 {
                let z = try #require(grid.elevationM(at: LonLat(lons[c], lats[r])))
                #expect(abs(z - Double(grid[column: c, row: r])) < 1e-6, "sample (\(c), \(r))")
            }
        }
        // The middle row is not at the middle latitude (50°): Y spacing differs from latitude spacing.
        #expect(abs(latMid - 50) > 0.5)
    }

    @Test func interpolatesBilinearlyInLonAndMercatorY() throws {
        // A point a quarter of the way across column 0..1 and 30% of the way down in Y from row 1 to 2.
        let yn = y(60), ys = y(40)
        let yRow1 = yn - 1 * (yn - ys) / 2, yRow2 = ys
        let yP = yRow1 + 0.3 * (yRow2 - yRow1)
        let lat = (2 * atan(exp(yP)) - Double.pi / 2) * 180 / Double.pi
        let lon = 10.0 + 0.25 * 0.1
        // By hand: top = 400 + 0.25 * (500 - 400) = 425; bottom = 700 + 0.25 * (800 - 700) = 725;
        // value = 425 + 0.3 * (725 - 425) = 515.
        let z = try #require(grid.elevationM(at: LonLat(lon, lat)))
        #expect(abs(z - 515) < 1e-6)
        // Bilinear in latitude instead would give a different value here.
        let fracLat = (50 - lat) / (50 - 40)
        #expect(abs((425 + fracLat * 300) - 515) > 1)
    }

    @Test func interpolatesInTheLastCellAndRejectsOutside() throws {
        let z = try #require(grid.elevationM(at: LonLat(10.2, 40.0)))
        #expect(z == 1000)
        #expect(grid.elevationM(at: LonLat(10.21, 50)) == nil)
        #expect(grid.elevationM(at: LonLat(10.1, 39.99)) == nil)
    }

    @Test func gridGeometryPutsPixelCentresOnSamples() {
        let g = GridGeometry(bounds: BBox(west: -71.5, south: 44.4, east: -71.22, north: 44.66), resolutionM: 30)
        let gt = g.mercatorGeoTransform
        #expect(abs(gt[0] + gt[1] / 2 - WebMercator.metresX(lonDeg: -71.5)) < 1e-6)
        #expect(abs(gt[3] + gt[5] / 2 - WebMercator.metresY(latDeg: 44.66)) < 1e-6)
        let lastX = gt[0] + (Double(g.width) - 0.5) * gt[1]
        #expect(abs(lastX - WebMercator.metresX(lonDeg: -71.22)) < 1e-6)
        #expect(g.resolutionM <= 30 && g.resolutionM > 29.5)
    }
}
