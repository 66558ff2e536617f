import Testing
import TrailpackCore
@testable import Validation

@Suite("GeoJSON helpers")
struct GeoJSONRulesTests {
    @Test(arguments: [
        ("Mount Cabot", true), ("Mt. Washington", true), ("Pike's Peak", true), ("North Summit", true),
        ("Mountain View", false), ("Unknown Pond", false), ("Mtn Road", false), ("Peaked Hill Trailhead", false),
    ])
    func summitNames(name: String, summit: Bool) {
        #expect(GeoJSONRules.soundsLikeSummit(name) == summit)
    }

    @Test func multiplesOfTheInterval() {
        #expect(GeoJSONRules.isMultiple(500, of: 20))
        #expect(GeoJSONRules.isMultiple(-40, of: 20))
        #expect(GeoJSONRules.isMultiple(12.5, of: 2.5))
        #expect(!GeoJSONRules.isMultiple(510, of: 20))
        #expect(!GeoJSONRules.isMultiple(1, of: 0))
    }

    @Test func highestCellWithinTheRadius() {
        // A 5x5 grid of ~100 m cells with a 900 m spike in a corner and 500 m next to the centre.
        let geometry = GridGeometry(bounds: BBox(west: 10, south: 45, east: 10.005, north: 45.0036), resolutionM: 100)
        var z = [Int16](repeating: 100, count: geometry.width * geometry.height)
        z[0] = 900
        z[(geometry.height / 2) * geometry.width + geometry.width / 2 + 1] = 500
        let grid = TerrainGrid(width: geometry.width, height: geometry.height, bounds: geometry.bounds, elevationsM: z)
        let centre = LonLat(grid.lon(column: Double(geometry.width / 2)), grid.lat(row: Double(geometry.height / 2)))
        #expect(GeoJSONRules.highestCell(in: grid, around: centre, radiusM: 150) == 500)
        #expect(GeoJSONRules.highestCell(in: grid, around: centre, radiusM: 1000) == 900)
    }
}
