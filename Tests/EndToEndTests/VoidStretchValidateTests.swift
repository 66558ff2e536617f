import Foundation
import Testing
import TestSupport

/// `validate` names the vertices the build named for a route over filled voids (issue 41,
/// item 2): the build records its stretch in the manifest's `arPatch.filledVoids`, and both say
/// it with `FilledStretches.vertexText`; before, the validator placed its warning at the first
/// vertex inside the void area's bounding box.
@Suite struct VoidStretchValidateTests {
    @Test func buildAndValidateStrictNameTheSameVerticesOverTheKauaiVoids() throws {
        let dir = TestData.scratchFolder("void-stretch")
        let root = TestData.scratchFolder("void-stretch-out")
        let recipe = try FilledTerrainTests.recipe(in: dir, name: "kauai.json5", voids: "maxRouteFilledM: 5000")
        let build = try TestData.run(["build", recipe, "--out", root.path])
        #expect(build.status == 0, "\(build.stderr)")
        let built = try #require(build.stderr.firstMatch(of: /route across: (\d+) m of the route .*?longest stretch (\d+) m, vertices (\d+) to (\d+)/),
                                 "\(build.stderr)")
        #expect(Int(built.3)! < Int(built.4)!, "a stretch of several vertices")

        let validate = try TestData.run(["validate", "--strict", root.path])
        #expect(validate.status != 0, "--strict fails on the route.void-fill warning: \(validate.stdout)")
        let said = validate.stdout + validate.stderr
        let found = try #require(said.firstMatch(of: /route\.void-fill.*?coords\[(\d+)\].*?(\d+) m of the route runs over filled DEM voids \(longest stretch (\d+) m, vertices (\d+) to (\d+)\)/.dotMatchesNewlines()),
                                 "\(said)")
        #expect(found.1 == built.3, "the warning is placed at the stretch's first vertex")
        #expect((found.2, found.3, found.4, found.5) == (built.1, built.2, built.3, built.4), "validate: \(found.0)\nbuild: \(built.0)")
    }
}
