import Foundation
import Testing
import TestSupport

/// The built binary reports how many landmarks each route sees, in text and in --json, and
/// the counts match the route files.
@Suite struct LandmarkSummaryTests {
    let demo = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path

    @Test func buildSummaryCountsLandmarksPerRoute() throws {
        let root = TestData.scratchFolder("landmark-summary")
        let text = try TestData.run(["build", demo, "--out", root.path, "--log-format", "pretty"])
        #expect(text.status == 0, "\(text.stderr)")
        let json = try TestData.run(["build", demo, "--out", root.path, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let region = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        let routes = try #require(region["routes"] as? [[String: Any]])
        #expect((region["secondsPerStage"] as? [String: Any])?.keys.contains("landmarks") == true)
        for r in routes {
            let id = try #require(r["id"] as? String)
            let file = root.appendingPathComponent("regions/pliny-kilkenny/routes/\(id).json")
            let route = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let count = (route["landmarks"] as? [Any])?.count ?? 0
            #expect(count > 0)
            #expect(r["landmarks"] as? Int == count)
            let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("  \(id) ") })
            #expect(line.hasSuffix("sees \(count) landmarks"), "\(line)")
        }
    }
}
