import Foundation
import Pipeline
import Testing
import TestSupport
import TrailpackCore
import Validation

/// `validate --dem` opens a DEM exactly as the build does (`DEMFile.open`): compressed tiles
/// without a `/vsi` prefix, and elevations in feet, by the band's unit or the recipe's.
@Suite struct DEMSourceOpeningTests {
    static let hgt = TestData.path("white-mountains/N44W072.hgt")

    /// Builds a small region of the White Mountains tile from the recipe's `dem` value (JSON5).
    func build(dem: String, in dir: URL, id: String) throws -> (root: URL, recipe: String) {
        let recipe = dir.appendingPathComponent("\(id).json5")
        try """
        { id: "\(id)", name: "DEM opening", attribution: ["SRTM (public domain)"],
          bbox: [-71.44, 44.47, -71.38, 44.52], dem: \(dem), terrain: { resolutionM: 30 } }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack-\(id)")
        _ = try TestData.build(recipePath: recipe.path, outRoot: root.path)
        return (root, recipe.path)
    }

    func demProblems(_ report: ValidationReport) -> [ValidationProblem] { report.problems.filter { $0.ruleId.hasPrefix("dem.") } }

    func terrainRMS(_ report: ValidationReport) -> Double? {
        report.figures.first { $0.ruleId == "dem.terrain" && $0.name == "rmsM" }?.value
    }

    /// Runs a tool from PATH; the test fails when it exits non-zero.
    func tool(_ name: String, _ args: [String]) throws {
        let (status, _, stderr) = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + args)
        #expect(status == 0, "\(name) \(args): \(String(decoding: stderr, as: UTF8.self))")
    }

    @Test func aPackBuiltFromAGzippedTileMatchesTheSameHgtGzGivenToDem() throws {
        let dir = TestData.scratchFolder("dem-gz")
        let gz = dir.appendingPathComponent("N44W072.hgt.gz")
        try FileManager.default.copyItem(atPath: Self.hgt, toPath: dir.appendingPathComponent("N44W072.hgt").path)
        try tool("gzip", [dir.appendingPathComponent("N44W072.hgt").path])
        let (root, _) = try build(dem: "[\"N44W072.hgt.gz\"]", in: dir, id: "gz")
        let report = PackValidator.validate(path: root.path, options: ValidationOptions(demPaths: [gz.path]))
        #expect(demProblems(report).isEmpty, "\(ReportRenderer.text(report))")
        #expect(try #require(terrainRMS(report)) < 0.32)
    }

    @Test func aFeetDEMIsReadAsFeetByDemAndByRecipesAndWouldBeFarOffAsMetres() throws {
        let dir = TestData.scratchFolder("dem-feet")
        // The tile in feet: once with the band's unit "ft", once bare (no unit in the file).
        let vrt = dir.appendingPathComponent("feet.vrt").path
        let feet = dir.appendingPathComponent("feet.tif").path, bare = dir.appendingPathComponent("bare.tif").path
        try tool("gdal_translate", ["-q", "-of", "VRT", "-ot", "Float32", "-scale", "0", "1", "0", "3.280839895", Self.hgt, vrt])
        let xml = try String(contentsOfFile: vrt, encoding: .utf8)
        try xml.replacingOccurrences(of: "<UnitType>m</UnitType>", with: "")
            .replacingOccurrences(of: "<NoDataValue>", with: "<UnitType>ft</UnitType><NoDataValue>")
            .write(toFile: vrt, atomically: true, encoding: .utf8)
        try tool("gdal_translate", ["-q", vrt, feet])
        try tool("gdal_translate", ["-q", "-ot", "Float32", "-scale", "0", "1", "0", "3.280839895", Self.hgt, bare])

        let byBand = try build(dem: "[\"\(feet)\"]", in: dir, id: "band-ft")
        let report = PackValidator.validate(path: byBand.root.path, options: ValidationOptions(demPaths: [feet]))
        #expect(demProblems(report).isEmpty, "\(ReportRenderer.text(report))")
        #expect(try #require(terrainRMS(report)) < 0.32)
        // The same feet read as metres would be hundreds of metres off.
        let misread = PackValidator.validate(path: byBand.root.path, options: ValidationOptions(demPaths: [bare]))
        #expect(misread.problems(.demTerrain).first?.severity == .error)
        #expect(try #require(terrainRMS(misread)) > 100)

        // The recipe's verticalUnit reaches the validator with --recipes.
        let byRecipe = try build(dem: "[{ file: \"\(bare)\", verticalUnit: \"ft\" }]", in: dir, id: "recipe-ft")
        let recipe = try RecipeLoader.load(path: byRecipe.recipe)
        var options = ValidationOptions()
        options.demByRegion[recipe.id] = DEMSource(paths: recipe.dem, kernel: recipe.terrain.kernel, verticalUnits: recipe.demVerticalUnits)
        let viaRecipe = PackValidator.validate(path: byRecipe.root.path, options: options)
        #expect(demProblems(viaRecipe).isEmpty, "\(ReportRenderer.text(viaRecipe))")
        #expect(try #require(terrainRMS(viaRecipe)) < 0.32)
        options.demByRegion[recipe.id] = DEMSource(paths: recipe.dem, kernel: recipe.terrain.kernel)
        #expect(PackValidator.validate(path: byRecipe.root.path, options: options).problems(.demTerrain).first?.severity == .error)
        let cli = try TestData.run(["validate", byRecipe.root.path, "--recipes", byRecipe.recipe])
        #expect(cli.status == 0, "\(cli.stdout)\(cli.stderr)")
    }
}
