import Foundation
import Testing
import TestSupport

/// A recorded track given as the trails of a starter recipe, or listed among a recipe's trails,
/// is not its own trail network: its route keeps its turns.
@Suite struct TrackAsTrailsTests {
    static let dem = TestData.path("jacksboro/jacksboro_fault_dem.tif")
    static let gpx = TestData.path("jacksboro/pine-mountain-crest.gpx")

    /// The waypoints of a built route file, as JSON text for comparison.
    static func waypoints(_ pack: URL, region: String, route: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: pack.appendingPathComponent("regions/\(region)/routes/\(route).json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(doc["waypoints"] as? [[String: Any]])
    }

    @Test func initFromATrackMakesItARouteNotTheNetwork() throws {
        let dir = TestData.scratchFolder("init-track")
        let recipe = dir.appendingPathComponent("ridge.json5").path
        let r = try TestData.run(["init", "ridge", "--dem", Self.dem, "--trails", Self.gpx, "--out", recipe])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: recipe, encoding: .utf8)
        #expect(!text.contains("trails: ["), "\(text)")
        #expect(text.contains("track: { file: \"\(Self.gpx)\", select: 0 }"), "\(text)")
        let out = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(try TestData.run(["validate", out.path]).status == 0)
        let w = try Self.waypoints(out, region: "ridge", route: "track-1")
        // Off the network: the start names no trail.
        #expect((w.first?["instruction"] as? String)?.contains(" on ") == false, "\(w)")
    }

    @Test func aTrackAlsoListedAsTrailsGetsTheSameGuidance() throws {
        let dir = TestData.scratchFolder("track-trails")
        let base = try String(contentsOfFile: TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path, encoding: .utf8)
            .replacingOccurrences(of: "../data/", with: TestData.repoRoot.appendingPathComponent("data").path + "/")
        let alone = dir.appendingPathComponent("alone.json5"), both = dir.appendingPathComponent("both.json5")
        try base.write(to: alone, atomically: true, encoding: .utf8)
        try base.replacingOccurrences(of: "  dem: [", with: "  trails: [\"\(Self.gpx)\"],\n  dem: [").write(to: both, atomically: true, encoding: .utf8)
        #expect(try String(contentsOf: both, encoding: .utf8).contains("trails: ["))
        let outA = dir.appendingPathComponent("a"), outB = dir.appendingPathComponent("b")
        for (recipe, out) in [(alone, outA), (both, outB)] {
            let b = try TestData.run(["build", recipe.path, "--out", out.path, "--quiet"])
            #expect(b.status == 0, "\(b.stderr)")
        }
        let a = try Self.waypoints(outA, region: "jacksboro", route: "pine-mountain-crest")
        let b = try Self.waypoints(outB, region: "jacksboro", route: "pine-mountain-crest")
        #expect(a.map { "\($0["i"]!) \($0["instruction"]!)" } == b.map { "\($0["i"]!) \($0["instruction"]!)" })
        #expect(a.contains { $0["kind"] as? String == "turn" }, "the drawn ridge route has turns: \(a)")
    }
}
