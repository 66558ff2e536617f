import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// `style.geojson-size`'s advice helps: lowering `map.vectorTilesAboveMB` moves contours, trails
/// and POIs into tiles whichever of them is large (`TilePlan` counts them together), and the
/// advice gives the recipe's value.
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

    @Test func largeTrailsAreToldToGoIntoTilesToo() throws {
        let drawn = [Self.file("contours.geojson", mb: 0.6), Self.file("trails.geojson", mb: 36.2)]
        let warning = try #require(StyleGeoJSONSize.warning(drawn: drawn, usesVectorTiles: false, recipe: try Self.recipe()))
        #expect(warning.message.contains("lower map.vectorTilesAboveMB (5.0 MB here"))
        #expect(warning.message.contains("trails.geojson 36.2 MB"))
        #expect(StyleGeoJSONSize.warning(drawn: drawn, usesVectorTiles: true, recipe: try Self.recipe()) == nil)
    }
}
