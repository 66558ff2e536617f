import Foundation
import PackJSON
import Testing
import TestSupport

/// The demo routes' waypoints, checked in as golden files to be read aloud in review
/// (`Tests/PipelineTests/Golden/<route>.waypoints.json`). `make golden` rewrites them on purpose.
@Suite struct GoldenWaypointTests {
    static let folder = TestData.repoRoot.appendingPathComponent("Tests/PipelineTests/Golden")
    static let updating = ProcessInfo.processInfo.environment["TRAILPACK_UPDATE_GOLDEN"] == "1"

    /// The waypoints with the distance along the route, as a reviewer reads them.
    func readable(routeFile: URL) throws -> [UInt8] {
        let doc = try JSONParser.parse(try Data(contentsOf: routeFile))
        let cum = try doc.member("cum").array().map { try $0.double() }
        let waypoints: [JSONValue] = try doc.member("waypoints").array().map { w in
            var o = try w.object().reduce(into: JSONObject()) { $0[try $1.key ?? ""] = $1.value }
            o["atM"] = .number(cum[try w.member("i").int()], decimals: 0)
            return .object(o)
        }
        return try JSONWriter().bytes(["route": try doc.member("id").value, "waypoints": .array(waypoints)])
    }

    @Test(arguments: ["mount-cabot", "unknown-pond", "starr-king"])
    func demoRouteWaypointsMatchTheGoldenFile(route: String) throws {
        let actual = try readable(routeFile: DemoPack.region.appendingPathComponent("routes/\(route).json"))
        let golden = Self.folder.appendingPathComponent("\(route).waypoints.json")
        if Self.updating {
            try Data(actual).write(to: golden)
            return
        }
        let expected = try #require(FileManager.default.contents(atPath: golden.path), "missing \(golden.path): run `make golden`")
        #expect([UInt8](expected) == actual, "waypoints of \(route) differ from \(golden.lastPathComponent); review and run `make golden` if intended:\n\(String(decoding: actual, as: UTF8.self))")
    }

    @Test func everyJunctionOnTheDemoRoutesAppearsOnceInOrder() throws {
        for route in ["mount-cabot", "unknown-pond", "starr-king"] {
            let doc = try JSONParser.parse(try Data(contentsOf: DemoPack.region.appendingPathComponent("routes/\(route).json")))
            let waypoints = try doc.member("waypoints").array()
            let indices = try waypoints.map { try $0.member("i").int() }
            #expect(indices == indices.sorted(), "\(route): waypoints out of order")
            #expect(try waypoints.first?.member("kind").string() == "start")
            #expect(try waypoints.last?.member("kind").string() == "end")
            let junctions = try waypoints.filter { try $0.member("kind").string() == "junction" }.map { try $0.member("i").int() }
            #expect(Set(junctions).count == junctions.count, "\(route): a junction is announced twice")
        }
    }
}
