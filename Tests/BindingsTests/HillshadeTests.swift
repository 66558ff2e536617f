import Bindings
import Foundation
import Testing
import TrailpackCore

@Suite struct HillshadeTests {
    /// A grid over a ~3 km box centred at `lat`, elevations from `z(groundEastM)`.
    func raster(lat: Double, z: (Double) -> Double) throws -> (RasterDataset, GridGeometry) {
        let dLat = 0.015, dLon = 0.015 / cos(lat * Double.pi / 180)
        let box = BBox(west: 10 - dLon, south: lat - dLat, east: 10 + dLon, north: lat + dLat)
        let g = GridGeometry(bounds: box, resolutionM: 30)
        let grid = TerrainGrid(width: g.width, height: g.height, bounds: box, elevationsM: [Int16](repeating: 0, count: g.width * g.height))
        var values: [Float] = []
        for r in 0..<g.height {
            let rowLat = grid.lat(row: Double(r))
            for c in 0..<g.width {
                let east = Geodesic.distanceM(LonLat(box.west, rowLat), LonLat(grid.lon(column: Double(c)), rowLat))
                values.append(Float(z(east)))
            }
        }
        return (try RasterDataset.memory(width: g.width, height: g.height, geoTransform: g.mercatorGeoTransform, values: values), g)
    }

    func shade(lat: Double, z: (Double) -> Double) throws -> (PNGImage, GridGeometry) {
        let (ds, g) = try raster(lat: lat, z: z)
        var o = RasterDataset.HillshadeOptions()
        o.groundMetresPerUnit = g.mercatorScale
        let shaded = try ds.hillshade(o)
        return (PNGImage(width: g.width, height: g.height, channels: 1, pixels: try shaded.readBytes()), g)
    }

    @Test func flatGridShadesToOneValue() throws {
        let (image, g) = try shade(lat: 45) { _ in 500 }
        #expect(image.pixels.count == g.width * g.height)
        #expect(Set(image.pixels).count == 1)
        // Horn, altitude 45°: a flat surface gets 255 * sin(45°) = 180.3.
        #expect(abs(Int(image.pixels[0]) - 180) <= 1)
    }

    @Test func thirtyDegreeEastFacingPlaneShadesAlikeAtZeroAndSixtyDegrees() throws {
        let slope = tan(30 * Double.pi / 180)
        let (equator, g0) = try shade(lat: 0) { -slope * $0 }
        let (sixty, g60) = try shade(lat: 60) { -slope * $0 }
        func centre(_ img: PNGImage, _ g: GridGeometry) -> Int { Int(img.pixels[(g.height / 2) * g.width + g.width / 2]) }
        let a = centre(equator, g0), b = centre(sixty, g60)
        // By hand: 255 * (sin 45° cos 30° + cos 45° sin 30° cos(315° - 90°)) = 92.4.
        #expect(abs(a - 92) <= 2, "equator: \(a)")
        #expect(abs(b - 92) <= 2, "60°N: \(b)")
        #expect(abs(a - b) <= 2)
    }

    @Test func hillshadePNGDecodesAtGridSize() throws {
        let (image, g) = try shade(lat: 44.5) { 300 + 0.2 * $0 }
        let decoded = try PNGImage.decode(try image.encoded())
        #expect(decoded.width == g.width && decoded.height == g.height && decoded.channels == 1)
        #expect(decoded.pixels == image.pixels)
    }
}
