import Foundation
import Pipeline
import Testing
import TestSupport
import Validation

/// No false positives: the packs the pipeline builds from the bundled recipes pass `--strict`,
/// with and without their DEMs.
@Suite("Built packs are valid")
struct BuiltPackTests {
    @Test func jacksboroPassesStrictWithItsDEM() throws {
        let root = TestData.scratchFolder("validation-jacksboro").appendingPathComponent("pack")
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        let plain = PackValidator.validate(path: root.path)
        #expect(plain.passes(strict: true), "\(ReportRenderer.text(plain))")
        let dem = try RecipeLoader.load(path: recipe).dem
        let withDEM = PackValidator.validate(path: root.path, options: ValidationOptions(demPaths: dem))
        #expect(withDEM.passes(strict: true), "\(ReportRenderer.text(withDEM))")
        #expect(withDEM.figures.contains { $0.ruleId == "dem.terrain" && $0.name == "rmsM" && $0.value < 0.4 })
    }

    /// Recipe options at the edges of their ranges build legal packs: a 300 m bilinear terrain grid
    /// under 10 m AR patches and the fastest hiking rates, compared with its DEM and kernel.
    @Test func recipesAtTheEdgesOfTheirRangesBuildValidPacks() throws {
        let text = try TestData.recipeText("pliny-kilkenny")
            .replacingOccurrences(of: "terrain: { resolutionM: 30 },", with: "terrain: { resolutionM: 300, kernel: \"bilinear\" },\n  stats: { flatSpeedKmh: 30, ascentMPerH: 5000, descentMPerH: 5000 },")
        #expect(text.contains("resolutionM: 300"))
        let dir = TestData.scratchFolder("validation-edges")
        let recipe = dir.appendingPathComponent("pliny-kilkenny.json5").path
        try text.write(toFile: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        let loaded = try RecipeLoader.load(path: recipe)
        var options = ValidationOptions()
        options.demByRegion[loaded.id] = DEMSource(paths: loaded.dem, kernel: loaded.terrain.kernel)
        let report = PackValidator.validate(path: root.path, options: options)
        #expect(report.figures.contains { $0.ruleId == "dem.terrain" && $0.name == "rmsM" && $0.value < 0.4 }, "\(report.figures)")
        #expect(report.errorCount == 0, "\(ReportRenderer.text(report))")
        #expect(report.passes(strict: true), "\(ReportRenderer.text(report))")
    }

    /// An AR patch coarsened by its budget is legal: warnings only (`ar.coarsened`), and the
    /// coarser patch still matches the DEM.
    @Test func aBudgetCoarsenedPatchIsOnlyAWarning() throws {
        let text = try TestData.recipeText("jacksboro")
            .replacingOccurrences(of: "terrain: {", with: "ar: { budgetMiB: 0.2 },\n  terrain: {")
        let dir = TestData.scratchFolder("validation-budget")
        let recipe = dir.appendingPathComponent("jacksboro.json5").path
        try text.write(toFile: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        let report = PackValidator.validate(path: root.path, options: ValidationOptions(demPaths: try RecipeLoader.load(path: recipe).dem))
        #expect(report.errorCount == 0, "\(ReportRenderer.text(report))")
        #expect(Set(report.findings.map(\.ruleId)) == [ValidationRule.arCoarsened.id], "\(ReportRenderer.text(report))")
    }

    @Test func thePliny_KilkennyDemoPassesStrict() throws {
        let report = PackValidator.validate(path: try DemoPack.root().path)
        #expect(report.passes(strict: true), "\(ReportRenderer.text(report))")
    }
}
