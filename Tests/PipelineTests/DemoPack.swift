import Foundation
import Pipeline
import TestSupport

/// The demo region built once per test run (in-process), shared by the tests that read it.
enum DemoPack {
    static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path

    static let built: (root: URL, summary: BuildSummary) = {
        let root = TestData.scratchFolder("demo-pack")
        let summary = try! PackBuilder.build(recipePath: recipe, outRoot: root.path)
        return (root, summary)
    }()

    static var region: URL { built.root.appendingPathComponent("regions/pliny-kilkenny") }
}
