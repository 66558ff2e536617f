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
        _ = try PackBuilder.build(recipePath: recipe, outRoot: root.path)
        let plain = PackValidator.validate(path: root.path)
        #expect(plain.passes(strict: true), "\(ReportRenderer.text(plain))")
        let dem = try RecipeLoader.load(path: recipe).dem
        let withDEM = PackValidator.validate(path: root.path, options: ValidationOptions(demPaths: dem))
        #expect(withDEM.passes(strict: true), "\(ReportRenderer.text(withDEM))")
        #expect(withDEM.figures.contains { $0.ruleId == "dem.terrain" && $0.name == "rmsM" && $0.value < 0.4 })
    }

    @Test func thePliny_KilkennyDemoPassesStrict() throws {
        let report = PackValidator.validate(path: try DemoPack.root().path)
        #expect(report.passes(strict: true), "\(ReportRenderer.text(report))")
    }
}
