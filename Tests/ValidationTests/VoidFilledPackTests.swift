import Foundation
import Pipeline
import TestSupport
import Testing
import Validation

/// A region over the Kauai tile's voids, built end to end: the manifest records every filled
/// area, the pack is valid, and a route across the largest void draws the warning.
@Suite struct VoidFilledPackTests {
    @Test func kauaiBuildsValidatesAndWarnsAboutARouteOverFilledVoids() throws {
        let dir = TestData.scratchFolder("kauai")
        let recipe = try KauaiCrossing.recipe(in: dir)
        let root = dir.appendingPathComponent("pack")
        let summary = try TestData.build(recipePath: recipe.path, outRoot: root.path)
        #expect(summary.diagnostics.contains { $0.message.contains("void cells") })

        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("regions/kauai/manifest.json"))) as? [String: Any]
        let voids = ((manifest?["files"] as? [String: Any])?["terrain"] as? [String: Any])?["filledVoids"] as? [String: Any]
        let areas = try #require(voids?["areas"] as? [[Double]])
        #expect(areas.count == voids?["areaCount"] as? Int || areas.count == 1000)
        #expect((voids?["cells"] as? Int ?? 0) > 1000)

        let report = PackValidator.validate(path: root.path)
        #expect(report.errorCount == 0, "\(ReportRenderer.text(report))")
        #expect(report.problems.contains { $0.ruleId == "route.void-fill" && $0.severity == .warning }, "\(ReportRenderer.text(report))")
        #expect(!report.passes(strict: true))

        // Against its DEM (voids filled the same way): no error, and the filled share is a figure.
        let withDEM = PackValidator.validate(path: root.path, options: ValidationOptions(demPaths: [TestData.path("kauai-voids/N22W160v2.3a.hgt.zip")]))
        // The build fills each AR patch's voids from the filled region grid, and so does the
        // validator's recomputed patch (DEMRules.warpedRaster): one filled terrain.
        #expect(withDEM.errorCount == 0, "\(ReportRenderer.text(withDEM))")
        #expect(withDEM.figures.contains { $0.ruleId == "dem.terrain" && $0.name == "rmsM" && $0.value < 1 }, "\(withDEM.figures)")
        #expect(withDEM.figures.contains { $0.ruleId == "terrain.filled-voids" && $0.value > 0 })
    }
}
