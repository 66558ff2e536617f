import Foundation
import Testing
import TestSupport

/// `trailpack build --json` reports each route's cues per km, counted from its route file.
@Suite struct CueCountJSONTests {
    @Test func buildJSONCountsEachRoutesCues() throws {
        let dir = TestData.scratchFolder("cue-json")
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let r = try TestData.run(["build", recipe, "--out", dir.path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let routes = try #require(regions.first?["routes"] as? [[String: Any]])
        try #require(!routes.isEmpty)
        for route in routes {
            let id = try #require(route["id"] as? String)
            let cues = try #require(route["cues"] as? [String: Any], "\(route)")
            let file = dir.appendingPathComponent("regions/jacksboro/routes/\(id).json")
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let waypoints = try #require(doc["waypoints"] as? [[String: Any]])
            let turns = waypoints.filter { $0["kind"] as? String == "turn" }.count
            let junctions = waypoints.filter { $0["kind"] as? String == "junction" }.count
            #expect(cues["turns"] as? Int == turns)
            #expect(cues["junctions"] as? Int == junctions)
            #expect(cues["total"] as? Int == turns + junctions)
            let km = try #require((doc["stats"] as? [String: Any])?["distanceM"] as? Double) / 1000
            let perKm = try #require(cues["perKm"] as? Double)
            #expect(abs(perKm - Double(turns + junctions) / km) < 0.006, "\(perKm) per km")
        }
    }
}
