import Foundation
import PackJSON
import PackReader
import Testing
import TestSupport
import TrailpackCore
@testable import Navigation

/// `trailpack replay` through the binary on the demo region: its outputs, and its errors naming
/// the file and the fix.
@Suite(.serialized) struct ReplayCommandTests {
    static func region() throws -> (path: String, route: NavRoute) {
        let path = try DemoBuild.get().region.path
        return (path, try NavigationRegion(folder: path, routeId: "mount-cabot").route)
    }

    @Test func aDetourWalkGivesTheTimelineTheEventsAndThePage() throws {
        let (region, route) = try Self.region()
        let folder = TestData.scratchFolder("replay")
        let walk = folder.appendingPathComponent("walk.gpx"), json = folder.appendingPathComponent("r.json")
        let html = folder.appendingPathComponent("r.html")
        let fixes = SyntheticWalk.make(.detour, route: route, seed: 43)
        try RecordedRegion.writeGPX(fixes, to: walk)
        let run = try TestData.run(["replay", region, "--route", "mount-cabot", "--track", walk.path, "--json", json.path, "--html", html.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Replayed \(fixes.count) fixes over route mount-cabot"))
        let replay = try ReplayJSON(try JSONParser.parse(try Data(contentsOf: json)))
        #expect(replay.timeline.count == fixes.count)
        let kinds = replay.events.map(\.kind)
        #expect(kinds.filter { $0 == "off-route" }.count == 1 && kinds.filter { $0 == "back-on-route" }.count == 1)
        let rejoin = try #require(replay.events.first { $0.kind == "rejoin" })
        #expect(rejoin.answerIndex != nil && rejoin.answerIndex! >= rejoin.at)
        #expect(kinds.last == "arrived")
        let page = try String(contentsOf: html, encoding: .utf8)
        for part in ["<h2>The walk</h2>", "<h2>Banners</h2>", "<h2>ETA against the real arrival</h2>", "Off trail by", "<polyline"] {
            #expect(page.contains(part), "\(part)")
        }
        let again = folder.appendingPathComponent("r2.json")
        _ = try TestData.run(["replay", region, "--route", "mount-cabot", "--track", walk.path, "--json", again.path])
        #expect(try Data(contentsOf: again) == Data(contentsOf: json), "the same recording gives the same bytes")
    }

    @Test func errorsNameTheRouteTheFileAndTheFix() throws {
        let (region, _) = try Self.region()
        let folder = TestData.scratchFolder("replay-errors")
        let unknown = try TestData.run(["replay", region, "--route", "nope", "--track", TestData.path("gpx/Mojstrovka.gpx")])
        #expect(unknown.status == 1 && unknown.stderr.contains("--route: nope is no route") && unknown.stderr.contains("mount-cabot"))
        let untimed = try TestData.run(["replay", region, "--route", "mount-cabot", "--track", TestData.path("gpx/korita-zbevnica.gpx")])
        #expect(untimed.status == 1 && untimed.stderr.contains("korita-zbevnica.gpx: fix 1: no <time>"), "\(untimed.stderr)")
        let fixes = [Fix(location: LonLat(-71.36, 44.49), timeS: 100), Fix(location: LonLat(-71.3601, 44.49), timeS: 110),
                     Fix(location: LonLat(-71.3602, 44.49), timeS: 105)]
        let backwards = folder.appendingPathComponent("backwards.gpx")
        try RecordedRegion.writeGPX(fixes, to: backwards)
        let run = try TestData.run(["replay", region, "--route", "mount-cabot", "--track", backwards.path])
        #expect(run.status == 1 && run.stderr.contains("backwards.gpx: fix 3: its time is 5 s before the fix before it"), "\(run.stderr)")
        let usage = try TestData.run(["replay", region, "--route", "mount-cabot"])
        #expect(usage.status == 2 && usage.stderr.contains("--track WALK.gpx is required"))
    }

    /// The corridor of each fix follows the accuracy its GPX states: an extension's metres, else
    /// `<hdop>` × 5 m, else `<pdop>` × 5 m, else the default 10 m (docs/NAVIGATION.md, Inputs).
    @Test func eachFixsCorridorFollowsTheAccuracyItsGPXStates() throws {
        let (region, route) = try Self.region()
        let fixes = Array(SyntheticWalk.make(.noise, route: route, seed: 44).prefix(8))
        let stated = ["", "<hdop>8</hdop>", "<pdop>6</pdop>", "<hdop>2</hdop><pdop>9</pdop>",
                      "<extensions><x:accuracy>20</x:accuracy></extensions>", "<vdop>30</vdop>", "<hdop>1.5</hdop>", ""]
        let formatter = ISO8601DateFormatter()
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:x=\"http://example.com/x\"><trk><trkseg>\n"
        for (f, extra) in zip(fixes, stated) {
            text += String(format: "<trkpt lat=\"%.9f\" lon=\"%.9f\"><time>%@</time>%@</trkpt>\n", f.location.lat, f.location.lon,
                           formatter.string(from: Date(timeIntervalSince1970: 1_780_000_000 + f.timeS)), extra)
        }
        text += "</trkseg></trk></gpx>\n"
        let folder = TestData.scratchFolder("replay-accuracy")
        let walk = folder.appendingPathComponent("walk.gpx"), json = folder.appendingPathComponent("r.json")
        try Data(text.utf8).write(to: walk)
        let run = try TestData.run(["replay", region, "--route", "mount-cabot", "--track", walk.path, "--json", json.path])
        try #require(run.status == 0, "\(run.stderr)")
        let corridors = try ReplayJSON(try JSONParser.parse(try Data(contentsOf: json))).timeline.map(\.corridorM)
        // max(50, 2 × (accuracy + 15)): none 10 m -> 50; hdop 8 -> 40 m -> 110; pdop 6 -> 30 m -> 90; hdop 2 -> 10 m -> 50 (pdop
        // not used beside it); 20 m stated -> 70; vdop alone is vertical -> 50; hdop 1.5 -> 7.5 m -> 50.
        #expect(corridors == [50, 110, 90, 50, 70, 50, 50, 50])
    }
}
