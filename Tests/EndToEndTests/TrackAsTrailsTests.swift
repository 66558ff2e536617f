import Foundation
import Testing
import TestSupport
import TrailpackCore

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

    /// The ridge line's `<trkpt .../>` elements, in order.
    static func ridgeFixes() throws -> [String] {
        let ridge = try String(contentsOfFile: gpx, encoding: .utf8)
        let fixes = ridge.components(separatedBy: "<trkpt").dropFirst().map { "<trkpt" + $0.components(separatedBy: "/>")[0] + "/>" }
        try #require(fixes.count >= 20)
        return fixes
    }

    /// The `lat` and `lon` attributes of every `<trkpt>` of GPX text, in order, as written.
    static func trackPoints(inGPX text: String) throws -> [(lat: String, lon: String)] {
        let pattern = try NSRegularExpression(pattern: #"lat="([-0-9.]+)" lon="([-0-9.]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (lat: String(text[Range(m.range(at: 1), in: text)!]), lon: String(text[Range(m.range(at: 2), in: text)!]))
        }
    }

    /// The ridge line's text with one more fix: 400 m on from its end, at a right angle to its
    /// last leg (to the right), so its route has a turn to give (the crest itself bends at most
    /// 51 degrees, no turn: docs/GUIDANCE.md, *Turns*). Written as `ridge-corner.gpx` in `dir`.
    static func ridgeWithACorner(in dir: URL) throws -> String {
        let ridge = try String(contentsOfFile: gpx, encoding: .utf8)
        let fixes = try trackPoints(inGPX: ridge).map { LonLat(Double($0.lon)!, Double($0.lat)!) }
        try #require(fixes.count >= 2)
        let a = fixes[fixes.count - 2], b = fixes[fixes.count - 1]
        let corner = Geodesic.destination(from: b, bearingDeg: Geodesic.bearingDeg(a, b) + 90, distanceM: 400)
        let fix = String(format: "<trkpt lat=\"%.6f\" lon=\"%.6f\"/>", corner.lat, corner.lon)
        let path = dir.appendingPathComponent("ridge-corner.gpx").path
        try ridge.replacingOccurrences(of: "</trkseg>", with: "  \(fix)\n    </trkseg>").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `tracks` (GPX `<trk>` elements) written as `<id>.gpx` in `dir`, and the starter recipe
    /// `trailpack init` writes for it: the GPX path, the recipe path and its text.
    static func initRecipe(tracks: String, id: String, in dir: URL) throws -> (file: String, recipe: String, text: String) {
        let file = dir.appendingPathComponent("\(id).gpx").path
        try ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
             + tracks + "\n</gpx>\n").write(toFile: file, atomically: true, encoding: .utf8)
        let recipe = dir.appendingPathComponent("\(id).json5").path
        let r = try TestData.run(["init", id, "--dem", dem, "--trails", file, "--out", recipe])
        #expect(r.status == 0, "\(r.stderr)")
        return (file, recipe, try StarterRecipe.credit(recipe))
    }

    @Test func initFromATrackMakesItARouteNotTheNetwork() throws {
        let dir = TestData.scratchFolder("init-track")
        let recipe = dir.appendingPathComponent("ridge.json5").path
        let r = try TestData.run(["init", "ridge", "--dem", Self.dem, "--trails", Self.gpx, "--out", recipe])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try StarterRecipe.credit(recipe)
        #expect(!text.contains("trails: ["), "\(text)")
        #expect(text.contains("track: { file: \"\(Self.gpx)\", select: 0 }"), "\(text)")
        // The ridge line has no timestamps: the recipe says how to mark it drawn.
        #expect(text.contains("// track-1: no timestamps, so it is cleaned as a GPS recording; if it was drawn in a route planner, add drawn: true to its track."), "\(text)")
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
        // The route leaves the crest at a corner, a turn to keep.
        let track = try Self.ridgeWithACorner(in: dir)
        let recipe = base.replacingOccurrences(of: Self.gpx, with: track)
        #expect(recipe.contains(track))
        let alone = dir.appendingPathComponent("alone.json5"), both = dir.appendingPathComponent("both.json5")
        try recipe.write(to: alone, atomically: true, encoding: .utf8)
        try recipe.replacingOccurrences(of: "  dem: [", with: "  trails: [\"\(track)\"],\n  dem: [").write(to: both, atomically: true, encoding: .utf8)
        #expect(try String(contentsOf: both, encoding: .utf8).contains("trails: ["))
        let outA = dir.appendingPathComponent("a"), outB = dir.appendingPathComponent("b")
        for (recipe, out) in [(alone, outA), (both, outB)] {
            let b = try TestData.run(["build", recipe.path, "--out", out.path, "--quiet"])
            #expect(b.status == 0, "\(b.stderr)")
        }
        let a = try Self.waypoints(outA, region: "jacksboro", route: "pine-mountain-crest")
        let b = try Self.waypoints(outB, region: "jacksboro", route: "pine-mountain-crest")
        #expect(a.map { "\($0["i"]!) \($0["instruction"]!)" } == b.map { "\($0["i"]!) \($0["instruction"]!)" })
        #expect(a.contains { $0["kind"] as? String == "turn" }, "the drawn ridge route has its corner: \(a)")
    }

    /// A device switched on before its owner walks records fixes in one place (the OSM trace
    /// `dc.zip` opens with 60 identical fixes, and a logger's cold start with a track or segment
    /// of them). Such a track is no route to follow: `init` leaves it out, and a build skips such
    /// a segment instead of failing on the gap to it.
    @Test func tracksAndSegmentsThatStayInOnePlaceAreLeftOut() throws {
        let dir = TestData.scratchFolder("one-place")
        let fixes = try Self.ridgeFixes()
        // 1.5 km north of the ridge's start: a cold start far from the walk.
        let standing = String(repeating: "<trkpt lat=\"36.362600\" lon=\"-84.195000\"/>", count: 40)
        let (_, recipe, text) = try Self.initRecipe(
            tracks: "<trk><name>switched on</name><trkseg>\(standing)</trkseg></trk>\n"
                + "<trk><name>ridge walk</name><trkseg>\(standing)</trkseg><trkseg>\(fixes.joined())</trkseg></trk>", id: "walk", in: dir)
        #expect(text.contains("{ id: \"track-1\", name: \"ridge walk\", track: { file: \"walk.gpx\", select: 1 } },"), "\(text)")
        #expect(!text.contains("track-2"), "\(text)")
        #expect(text.contains("Left out, as they stay within 5 m of one place: track \"switched on\"."), "\(text)")

        // Without a selection too, the build takes the ridge walk and leaves its first segment out.
        let plain = dir.appendingPathComponent("plain.json5").path
        try text.replacingOccurrences(of: ", select: 1 }", with: " }").write(toFile: plain, atomically: true, encoding: .utf8)
        for (recipePath, folder) in [(recipe, "a"), (plain, "b")] {
            let out = dir.appendingPathComponent(folder)
            let b = try TestData.run(["build", recipePath, "--out", out.path, "--json"])
            #expect(b.status == 0, "\(b.stderr)")
            #expect(b.stdout.contains("track 1 segment 0: left out, its 40 points lie within 5 m of one place"), "\(b.stdout)")
            // Without a selection, the build says which of the file's tracks it follows.
            #expect(b.stdout.contains("walk.gpx has 2 tracks and routes; the route follows track 1 \\\"ridge walk\\\" only") == (folder == "b"), "\(b.stdout)")
            let w = try Self.waypoints(out, region: "walk", route: "track-1")
            #expect(w.first?["kind"] as? String == "start" && w.last?["kind"] as? String == "end")
        }
        let a = try Data(contentsOf: dir.appendingPathComponent("a/regions/walk/routes/track-1.json"))
        let b = try Data(contentsOf: dir.appendingPathComponent("b/regions/walk/routes/track-1.json"))
        #expect(a == b)
    }

    /// A KML recording (a `gx:Track`, as Geo Tracker and Google's apps write it) is a route for
    /// `init` too; the same line drawn as a plain `LineString` stays a trail network.
    @Test func initMakesAKMLRecordingARouteAndAKMLDrawingTheTrails() throws {
        let dir = TestData.scratchFolder("init-kml")
        let points = try Self.trackPoints(inGPX: String(contentsOfFile: Self.ridgeWithACorner(in: dir), encoding: .utf8))
        try #require(points.count >= 20)
        let when = points.indices.map { String(format: "<when>2024-05-01T10:%02d:%02dZ</when>", $0 / 60, $0 % 60) }.joined()
        let coords = points.map { "<gx:coord>\($0.lon) \($0.lat) 0</gx:coord>" }.joined()
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\" xmlns:gx=\"http://www.google.com/kml/ext/2.2\"><Document>"
        let recorded = dir.appendingPathComponent("recorded.kml").path, drawn = dir.appendingPathComponent("drawn.kml").path
        try (head + "<Placemark><name>Ridge walk</name><gx:Track>\(when)\(coords)</gx:Track></Placemark></Document></kml>\n")
            .write(toFile: recorded, atomically: true, encoding: .utf8)
        try (head + "<Placemark><name>Ridge path</name><LineString><coordinates>\(points.map { "\($0.lon),\($0.lat)" }.joined(separator: " "))</coordinates></LineString></Placemark></Document></kml>\n")
            .write(toFile: drawn, atomically: true, encoding: .utf8)
        for (file, isRoute) in [(recorded, true), (drawn, false)] {
            let recipe = dir.appendingPathComponent("r.json5").path
            let r = try TestData.run(["init", "ridge", "--dem", Self.dem, "--trails", file, "--out", recipe, "--force"])
            #expect(r.status == 0, "\(r.stderr)")
            let text = try StarterRecipe.credit(recipe)
            let name = URL(fileURLWithPath: file).lastPathComponent
            #expect(text.contains("{ id: \"track-1\", name: \"Ridge walk\", track: { file: \"\(name)\", select: 0 } },") == isRoute, "\(text)")
            #expect(text.contains("trails: [\"\(name)\"]") == !isRoute, "\(text)")
            let out = dir.appendingPathComponent(isRoute ? "a" : "b")
            let b = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
            #expect(b.status == 0, "\(b.stderr)")
            if isRoute {
                let w = try Self.waypoints(out, region: "ridge", route: "track-1")
                #expect(w.contains { $0["kind"] as? String == "turn" }, "the ridge walk keeps its corner: \(w)")
            }
        }
    }

    /// A recording paused and resumed elsewhere leaves a gap between its segments: the starter
    /// recipe says so beside the route, before the build stops on it.
    @Test func initNamesAPausedRecordingsGap() throws {
        let dir = TestData.scratchFolder("init-paused")
        let ridge = try String(contentsOfFile: Self.gpx, encoding: .utf8)
        let fixes = try Self.ridgeFixes()
        // The fix between the segments is not recorded: a gap of two of the line's steps.
        let (_, recipe, text) = try Self.initRecipe(
            tracks: "<trk><name>paused walk</name><trkseg>\(fixes[..<10].joined())</trkseg><trkseg>\(fixes[11...].joined())</trkseg></trk>",
            id: "paused", in: dir)
        let comment = try #require(text.components(separatedBy: "\n").first { $0.contains("// track-1: its segments leave ") }, "\(text)")
        #expect(comment.contains(" m unrecorded (the recording paused); the build stops there unless track.joinM"), "\(comment)")
        let b = try TestData.run(["build", recipe, "--out", dir.appendingPathComponent("a").path, "--quiet"])
        #expect(b.status == 1 && b.stderr.contains("track.joinM"), "\(b.stderr)")
        // Bridged on purpose, it builds.
        try text.replacingOccurrences(of: "select: 0 }", with: "select: 0, joinM: 2000 }").write(toFile: recipe, atomically: true, encoding: .utf8)
        let bridged = try TestData.run(["build", recipe, "--out", dir.appendingPathComponent("b").path, "--quiet"])
        #expect(bridged.status == 0, "\(bridged.stderr)")
        // A recording with timestamps gets no word on them.
        let timed = dir.appendingPathComponent("timed.gpx").path
        try ridge.replacingOccurrences(of: "\"/>", with: "\"><time>2024-05-01T10:00:00Z</time></trkpt>").write(toFile: timed, atomically: true, encoding: .utf8)
        let t = try TestData.run(["init", "timed", "--dem", Self.dem, "--trails", timed, "--out", dir.appendingPathComponent("timed.json5").path])
        #expect(t.status == 0, "\(t.stderr)")
        let timedText = try String(contentsOfFile: dir.appendingPathComponent("timed.json5").path, encoding: .utf8)
        #expect(timedText.contains("track-1") && !timedText.contains("timestamps"), "\(timedText)")
        // An unpaused recording gets no such comment.
        let whole = try TestData.run(["init", "ridge", "--dem", Self.dem, "--trails", Self.gpx, "--out", dir.appendingPathComponent("whole.json5").path])
        #expect(whole.status == 0)
        #expect(!(try String(contentsOfFile: dir.appendingPathComponent("whole.json5").path, encoding: .utf8)).contains("unrecorded"))
    }
}
