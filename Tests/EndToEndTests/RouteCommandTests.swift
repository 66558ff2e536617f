import Foundation
import Testing
import TestSupport
import TrailpackCore

/// `trailpack route` from a built pack alone, through the binary, as an author or a client would.
@Suite struct RouteCommandTests {
    /// The demo's via routes: their POIs' places (the recipe's vias), in order.
    static let demoVias: [(id: String, vias: [LonLat])] = [
        ("mount-cabot", [LonLat(-71.3608696, 44.4942774), LonLat(-71.4141, 44.5059)]),
        ("unknown-pond", [LonLat(-71.3585432, 44.4981143), LonLat(-71.3905, 44.5290)]),
        ("starr-king", [LonLat(-71.4669526, 44.4184619), LonLat(-71.4328, 44.4347)]),
    ]

    static let pack: Result<URL, any Error> = Result {
        let root = TestData.scratchFolder("route-command")
        let build = try TestData.run(["build", TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path,
                                      TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path, "--out", root.path, "--quiet"])
        guard build.status == 0 else { throw TestFailure(build.stderr) }
        return root
    }

    struct TestFailure: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func point(_ p: LonLat) -> String { String(format: "%.7f,%.7f", p.lon, p.lat) }

    /// Every via route of the demo, routed again from the pack alone through the same vias: the
    /// same line (vertex for vertex), the same stats, the same cues and the same landmarks (the
    /// one route finisher, its candidates those the route files list).
    @Test(arguments: demoVias.map(\.id))
    func aBuiltViaRouteIsReproducedFromThePackAlone(id: String) throws {
        let region = try Self.pack.get().appendingPathComponent("regions/pliny-kilkenny")
        let vias = try #require(Self.demoVias.first { $0.id == id }).vias
        let out = TestData.scratchFolder("route-\(id)").appendingPathComponent("r.json")
        var args = ["route", region.path, "--from", Self.point(vias[0]), "--to", Self.point(vias[vias.count - 1]), "--out", out.path]
        for v in vias.dropFirst().dropLast() { args += ["--via", Self.point(v)] }
        let run = try TestData.run(args)
        #expect(run.status == 0, "\(run.stderr)")
        let built = try Self.json(region.appendingPathComponent("routes/\(id).json")), again = try Self.json(out)
        let a = try #require(built["coords"] as? [[Double]]), b = try #require(again["coords"] as? [[Double]])
        #expect(a.count == b.count)
        for (p, q) in zip(a, b) { #expect(Geodesic.distanceM(LonLat(p[0], p[1]), LonLat(q[0], q[1])) <= 1) }
        #expect(NSDictionary(dictionary: try #require(built["stats"] as? [String: Any])) == NSDictionary(dictionary: try #require(again["stats"] as? [String: Any])))
        let cues = { (r: [String: Any]) in (r["waypoints"] as? [[String: Any]])?.map { NSDictionary(dictionary: $0) } ?? [] }
        #expect(cues(built) == cues(again))
        let landmarks = { (r: [String: Any]) in (r["landmarks"] as? [[String: Any]])?.map { NSDictionary(dictionary: $0) } ?? [] }
        #expect(!landmarks(built).isEmpty && landmarks(built) == landmarks(again), "\(landmarks(again))")
    }

    /// The way back: from 250 m off the middle of a route, back to it and on to its end.
    @Test func theWayBackEndsAtTheRoutesEndAndRejoinsAtOrAfterTheProgress() throws {
        let region = try Self.pack.get().appendingPathComponent("regions/pliny-kilkenny")
        let route = try Self.json(region.appendingPathComponent("routes/mount-cabot.json"))
        let coords = try #require(route["coords"] as? [[Double]]).map { LonLat($0[0], $0[1]) }
        let at = coords.count / 2
        let from = Geodesic.destination(from: coords[at], bearingDeg: Geodesic.bearingDeg(coords[at], coords[at + 1]) - 90, distanceM: 250)
        let out = TestData.scratchFolder("rejoin").appendingPathComponent("back.json")
        let run = try TestData.run(["route", region.path, "--rejoin", "mount-cabot", "--at", "\(at)", "--from", Self.point(from), "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let back = try Self.json(out)
        let index = try #require((back["rejoin"] as? [String: Any])?["index"] as? Int)
        #expect(index >= at)
        let line = try #require(back["coords"] as? [[Double]])
        #expect(line.last.map { LonLat($0[0], $0[1]) } == coords.last)
        // The way back sees landmarks as the route does, over its own line.
        let seen = try #require(back["landmarks"] as? [[String: Any]])
        #expect(!seen.isEmpty)
        for l in seen { for r in try #require(l["visible"] as? [[Int]]) { #expect(r[0] <= r[1] && r[1] < line.count) } }
        let start = try #require((back["waypoints"] as? [[String: Any]])?.first?["instruction"] as? String)
        // Which way and to which trail, with no distance in it (the SPEC: the client adds one).
        #expect(start.range(of: #"^Head (north|south|east|west|northeast|northwest|southeast|southwest) to \S"#, options: .regularExpression) != nil
                && start.rangeOfCharacter(from: .decimalDigits) == nil, "\(start)")
    }

    /// One cue per turn on a way back (issue 39): where it reaches the trail and walks a few
    /// metres to the route's vertex, "Turn left onto X" is not followed by "Turn left to stay on
    /// X" at the rejoin: the node where the way back meets the route is a junction only when a
    /// trail other than the way in and the way out leaves it.
    @Test func aWayBackGivesOneCuePerTurnWhereItRejoins() throws {
        let region = try Self.pack.get().appendingPathComponent("regions/pliny-kilkenny")
        let route = try Self.json(region.appendingPathComponent("routes/mount-cabot.json"))
        let coords = try #require(route["coords"] as? [[Double]]).map { LonLat($0[0], $0[1]) }
        var checked = 0
        for at in stride(from: 77, to: coords.count - 1, by: 111) {
            for side in [-90.0, 90.0] {
                let from = Geodesic.destination(from: coords[at], bearingDeg: Geodesic.bearingDeg(coords[at], coords[at + 1]) + side, distanceM: 250)
                let out = TestData.scratchFolder("rejoin-cues").appendingPathComponent("back.json")
                let run = try TestData.run(["route", region.path, "--rejoin", "mount-cabot", "--at", "\(at)", "--from", Self.point(from), "--out", out.path])
                guard run.status == 0 else { continue }  // a point off the region or the network
                let back = try Self.json(out)
                let cum = try #require(back["cum"] as? [Double])
                let cues = try #require(back["waypoints"] as? [[String: Any]]).filter { ["junction", "turn"].contains($0["kind"] as? String) }
                for (a, b) in zip(cues, cues.dropFirst()) {
                    let (i, j) = (try #require(a["i"] as? Int), try #require(b["i"] as? Int))
                    #expect(cum[j] - cum[i] >= 25, "at \(at), side \(side): \(a["instruction"] ?? "") at \(cum[i]) m, then \(b["instruction"] ?? "") at \(cum[j]) m")
                }
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    /// An end 150 m off the trails is reached by a straight leg, told as one: "Head south, off
    /// trail" where it leaves the trail, never "onto an unnamed trail" (issue 39).
    @Test func aStraightLegOffTheTrailsIsCalledALegNotATrail() throws {
        let region = try Self.pack.get().appendingPathComponent("regions/pliny-kilkenny")
        let route = try Self.json(region.appendingPathComponent("routes/mount-cabot.json"))
        let coords = try #require(route["coords"] as? [[Double]]).map { LonLat($0[0], $0[1]) }
        let at = coords.count / 2
        let to = Geodesic.destination(from: coords[at], bearingDeg: Geodesic.bearingDeg(coords[at], coords[at + 1]) - 90, distanceM: 150)
        let out = TestData.scratchFolder("off-trail").appendingPathComponent("r.json")
        let run = try TestData.run(["route", region.path, "--from", "-71.3608696,44.4942774", "--to", Self.point(to), "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let waypoints = try #require(try Self.json(out)["waypoints"] as? [[String: Any]])
        let instructions = waypoints.compactMap { $0["instruction"] as? String }
        #expect(!instructions.contains { $0.contains("unnamed trail") }, "\(instructions)")
        let leaving = try #require(waypoints.last { ($0["instruction"] as? String)?.hasSuffix(", off trail") == true }, "\(instructions)")
        let text = try #require(leaving["instruction"] as? String)
        #expect(text.range(of: #"^Head (north|south|east|west|northeast|northwest|southeast|southwest), off trail$"#, options: .regularExpression) != nil, "\(text)")
        let line = try #require(try Self.json(out)["coords"] as? [[Double]])
        let i = try #require(leaving["i"] as? Int)
        // The leg is the rest of the walk: from the last trail vertex to the end, about 150 m.
        let legM = Geodesic.lengthM(line[i...].map { LonLat($0[0], $0[1]) })
        #expect(legM > 120 && legM < 180, "leg \(legM) m")
    }

    /// Bad input: exit 1 and a message naming the argument (or exit 2 for usage).
    @Test func badInputNamesTheArgument() throws {
        let root = try Self.pack.get()
        let region = root.appendingPathComponent("regions/pliny-kilkenny").path
        let out = TestData.scratchFolder("route-bad").appendingPathComponent("r.json").path
        let cases: [([String], Int32, String)] = [
            (["--from", "-271.4,44.5", "--to", "-71.41,44.50"], 1, "--from: '-271.4,44.5' is out of range"),
            (["--from", "-71.3608696,44.4942774", "--to", "north"], 1, "--to: 'north' is not LON,LAT"),
            (["--from", "-71.3608696,44.4942774", "--to", "-71.9,44.5"], 1, "--to: -71.9,44.5 lies outside the region"),
            // Latitude first: the swap lies inside the region, and the message says so.
            (["--from", "44.4942774,-71.3608696", "--to", "-71.41,44.50"], 1,
             "--from: 44.4942774,-71.3608696 lies outside the region [-71.5, 44.4, -71.22, 44.66]; swapped, -71.3608696,44.4942774 lies inside it: points are written lon,lat"),
            (["--rejoin", "mount-cabot", "--at", "99999", "--from", "-71.3608696,44.4942774"], 1, "--at: 99999 is past the end of route mount-cabot"),
            (["--rejoin", "no-such-route", "--at", "3", "--from", "-71.3608696,44.4942774"], 1, "--rejoin: no-such-route is no route of the region (routes: mount-cabot, unknown-pond, starr-king)"),
            (["--rejoin", "mount-cabot", "--from", "-71.3608696,44.4942774"], 2, "--rejoin needs --at"),
            (["--from", "-71.3608696,44.4942774"], 2, "--to LON,LAT"),
        ]
        for (extra, status, message) in cases {
            let run = try TestData.run(["route", region] + extra + ["--out", out])
            #expect(run.status == status, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(extra): \(run.stderr)")
            // A point whose swap lies outside the region too gets no swap hint.
            #expect(run.stderr.contains("swapped") == extra.contains("44.4942774,-71.3608696"), "\(extra): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let noNetwork = try TestData.run(["route", root.appendingPathComponent("regions/jacksboro").path,
                                          "--from", "-84.19,36.35", "--to", "-84.15,36.36", "--out", out])
        #expect(noNetwork.status == 1)
        #expect(noNetwork.stderr.contains("the region has no routing.json"), "\(noNetwork.stderr)")
    }

    /// An independent router (pyroutelib3, pure length, over the demo's OSM extract) finds the
    /// demo's via routes within 1 % of their length.
    @Test(arguments: demoVias.map(\.id))
    func anIndependentRouterAgreesOnTheLength(id: String) throws {
        let vias = try #require(Self.demoVias.first { $0.id == id }).vias
        let independent = try #require(try IndependentRouter.route(osmPath: TestData.path("white-mountains/wmnf-pliney.osm.pbf"), through: vias))
        let route = try Self.json(try Self.pack.get().appendingPathComponent("regions/pliny-kilkenny/routes/\(id).json"))
        let distanceM = try #require((route["stats"] as? [String: Any])?["distanceM"] as? Double)
        #expect(abs(independent.lengthM - distanceM) <= 0.01 * distanceM, "\(id): \(independent.lengthM) m against \(distanceM) m")
    }
}
