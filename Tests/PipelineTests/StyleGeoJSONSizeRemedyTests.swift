import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// `style.geojson-size`'s advice helps: lowering `map.vectorTilesAboveMB` moves only the
/// contours into tiles, so it is named only when they are what is large (200,000 tiny trail
/// lines drew 36 MB of trails.geojson beside 0.6 MB of contours, and the advice was to lower it).
@Suite struct StyleGeoJSONSizeRemedyTests {
    static func recipe() throws -> Recipe {
        let dir = TestData.scratchFolder("geojson-remedy")
        let path = dir.appendingPathComponent("j.json5").path
        try TestData.recipeText("jacksboro").write(toFile: path, atomically: true, encoding: .utf8)
        return try RecipeLoader.load(path: path)
    }

    static func file(_ path: String, mb: Double) -> WrittenFile { WrittenFile(path: path, bytes: Int(mb * 1e6), sha256: "") }

    @Test func largeContoursAreToldToGoIntoTiles() throws {
        let drawn = [Self.file("contours.geojson", mb: 30), Self.file("trails.geojson", mb: 2)]
        let warning = try #require(StyleGeoJSONSize.warning(drawn: drawn, usesVectorTiles: false, recipe: try Self.recipe()))
        #expect(warning.message.contains("lower map.vectorTilesAboveMB"))
    }

    @Test func largeTrailsAreNotToldToLowerTheContoursThreshold() throws {
        let drawn = [Self.file("contours.geojson", mb: 0.6), Self.file("trails.geojson", mb: 36.2)]
        let warning = try #require(StyleGeoJSONSize.warning(drawn: drawn, usesVectorTiles: false, recipe: try Self.recipe()))
        #expect(!warning.message.contains("lower map.vectorTilesAboveMB"))
        #expect(warning.message.contains("trails.geojson 36.2 MB") && warning.message.contains("fewer or simpler trails"))
    }
}
