import Foundation
import Testing
import TestSupport

/// A hike whose device lost its fix for half an hour: one jump of 2.2 km inside a GPX segment,
/// built as an author would. It stops the build (naming the file, the fixes, their times and the
/// gap) and leaves the previous pack alone, is bridged when `track.joinM` reaches over it, and
/// follows the trails across it with `track.gaps: "trails"`.
@Suite(.serialized) struct RecordingGapTests {
    static let dem = TestData.path("white-mountains/N44W072.hgt")
    static let trails = TestData.path("white-mountains/wmnf-pliney.geojson")
    /// Seconds of the first fix: 2026-06-01T08:00:00Z.
    static let t0 = 1_780_300_800.0

    /// A recording along the 5.7 km Killkenny Ridge Trail way that starts at (-71.418, 44.496)
    /// (OSM, data/white-mountains): a fix every 3 s at 1.2 m/s with 2 m of seeded jitter, and
    /// without the fixes walked between 1508 m and 4193 m along it (a 2.2 km chord).
    struct Recording {
        var fixes: [(lon: Double, lat: Double, timeS: Double)]
        /// Index of the last fix before the gap.
        var lastBefore: Int
        var gpx: String
    }

    static func recording() throws -> Recording {
        let data = try Data(contentsOf: URL(fileURLWithPath: trails))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(doc["features"] as? [[String: Any]])
        let ways = features.compactMap { f -> [[Double]]? in
            guard (f["properties"] as? [String: Any])?["name"] as? String == "Killkenny Ridge Trail",
                  let coords = (f["geometry"] as? [String: Any])?["coordinates"] as? [[Double]],
                  abs(coords[0][0] + 71.4180925) < 1e-6 else { return nil }
            return coords
        }
        let way = try #require(ways.first)
        var rng = SeededRandom(seed: 28)
        var fixes: [(lon: Double, lat: Double, timeS: Double)] = [], walkedM = 0.0, nextM = 0.0, lastBefore = -1
        for (a, b) in zip(way, way.dropFirst()) {
            let legM = OutAndBackRecordingTests.metres(a, b)
            while nextM < walkedM + legM {
                let t = (nextM - walkedM) / legM
                let lat = a[1] + t * (b[1] - a[1]) + Double.random(in: -2...2, using: &rng) / 110_540
                let lon = a[0] + t * (b[0] - a[0]) + Double.random(in: -2...2, using: &rng) / (111_320 * cos(lat * .pi / 180))
                if nextM < 1508 || nextM > 4193 { fixes.append((lon, lat, t0 + (nextM / 1.2).rounded())) }
                if nextM < 1508 { lastBefore = fixes.count - 1 }
                nextM += 3.6
            }
            walkedM += legM
        }
        let points = fixes.map { f in
            String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>%@</time></trkpt>", f.lat, f.lon,
                   ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: f.timeS)))
        }
        let gpx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
            + "<trk><name>Killkenny Ridge</name><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk>\n</gpx>\n"
        return Recording(fixes: fixes, lastBefore: lastBefore, gpx: gpx)
    }

    /// A recipe (region `gaps`) with the recording as its one route, `track` members `trackExtra`.
    static func recipe(in dir: URL, gpx: String, trackExtra: String, name: String) throws -> String {
        let text = """
        { id: "gaps", name: "Gaps", attribution: ["SRTM: NASA/USGS, public domain", "© OpenStreetMap contributors"],
          bbox: [-71.44, 44.48, -71.37, 44.55], dem: "\(dem)", trails: ["\(trails)"],
          routes: [{ id: "ridge", name: "Killkenny Ridge", track: { file: "\(gpx)"\(trackExtra) } }] }
        """
        return try RasterInputFixtures.recipe(text, in: dir, name: name)
    }

    /// `distanceM` of the built route.
    static func distanceM(_ root: URL) throws -> Double {
        let data = try Data(contentsOf: root.appendingPathComponent("regions/gaps/routes/ridge.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require((doc["stats"] as? [String: Any])?["distanceM"] as? Double)
    }

    @Test func aGapInsideASegmentStopsTheBuildAndKeepsThePreviousPack() throws {
        let dir = TestData.scratchFolder("recording-gap")
        let rec = try Self.recording()
        let gpx = dir.appendingPathComponent("ridge.gpx").path
        try rec.gpx.write(toFile: gpx, atomically: true, encoding: .utf8)
        let a = rec.fixes[rec.lastBefore], b = rec.fixes[rec.lastBefore + 1]
        let gapM = OutAndBackRecordingTests.metres([a.lon, a.lat], [b.lon, b.lat])
        #expect(gapM > 2000 && gapM < 2400, "\(gapM)")

        // The previous pack: the same recording, bridged in a straight line by a wide join distance.
        let root = TestData.scratchFolder("recording-gap-root")
        let bridged = try Self.recipe(in: dir, gpx: gpx, trackExtra: ", joinM: 2500", name: "bridged.json5")
        let first = try TestData.run(["build", bridged, "--out", root.path])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("gap of") && first.stderr.contains("bridged in a straight line"), "\(first.stderr)")
        #expect(TestData.strictValidationFailure(root) == nil)
        let before = TestData.tree(root)

        let failing = try Self.recipe(in: dir, gpx: gpx, trackExtra: "", name: "default.json5")
        let r = try TestData.run(["build", failing, "--out", root.path, "--quiet"])
        #expect(r.status == 1, "\(r.stderr)")
        let iso = ISO8601DateFormatter()
        for part in ["ridge.gpx track 0", "fix \(rec.lastBefore) (\(iso.string(from: Date(timeIntervalSince1970: a.timeS))))",
                     "fix \(rec.lastBefore + 1) (\(iso.string(from: Date(timeIntervalSince1970: b.timeS)))",
                     "exceeds the join distance of 50.0 m", "track.gaps: \"trails\""] {
            #expect(r.stderr.contains(part), "\(part) in \(r.stderr)")
        }
        // The length, as the message writes it, within 1 % of the test's own.
        let written = try #require(r.stderr.firstMatch(of: /gap of ([0-9.]+) m/)).output.1
        #expect(abs(try #require(Double(written)) - gapM) < gapM / 100, "\(written) vs \(gapM)")
        #expect(TestData.tree(root) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path)
        #expect(names == ["gaps"], "\(names)")
    }

    @Test func initNamesTheGapBesideTheRoute() throws {
        let dir = TestData.scratchFolder("recording-gap-init")
        let gpx = dir.appendingPathComponent("ridge.gpx").path
        try Self.recording().gpx.write(toFile: gpx, atomically: true, encoding: .utf8)
        let recipe = dir.appendingPathComponent("ridge.json5").path
        let r = try TestData.run(["init", "ridge", "--dem", Self.dem, "--trails", gpx, "--out", recipe])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: recipe, encoding: .utf8)
        let comment = try #require(text.components(separatedBy: "\n").first { $0.contains("// track-1: the device lost its fix") }, "\(text)")
        #expect(comment.contains("a jump of 2212 m between two fixes") && comment.contains("track.gaps: \"trails\""), "\(comment)")
    }

    @Test func withoutATrailPathAcrossTheGapGapsTrailsStillStops() throws {
        let dir = TestData.scratchFolder("recording-gap-no-trails")
        let gpx = dir.appendingPathComponent("ridge.gpx").path
        try Self.recording().gpx.write(toFile: gpx, atomically: true, encoding: .utf8)
        // No trails in the region: nothing to route over.
        let text = try String(contentsOfFile: try Self.recipe(in: dir, gpx: gpx, trackExtra: ", gaps: \"trails\"", name: "t.json5"), encoding: .utf8)
            .replacingOccurrences(of: "trails: [\"\(Self.trails)\"],", with: "")
        let recipe = try RasterInputFixtures.recipe(text, in: dir, name: "no-trails.json5")
        let r = try TestData.run(["build", recipe, "--out", dir.appendingPathComponent("out").path, "--quiet"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("ridge.gpx track 0: gap of") && r.stderr.contains("no trail path joins its ends"), "\(r.stderr)")
        // An unknown mode is a recipe error at its line and key.
        let bad = try RasterInputFixtures.recipe(text.replacingOccurrences(of: "gaps: \"trails\"", with: "gaps: \"straight\""), in: dir, name: "bad.json5")
        let b = try TestData.run(["build", bad, "--out", dir.appendingPathComponent("out").path, "--quiet"])
        #expect(b.status == 1)
        #expect(b.stderr.contains("bad.json5:3: routes[0].track.gaps: unknown gap mode \"straight\""), "\(b.stderr)")
    }

    @Test func withGapsTrailsTheRouteFollowsTheTrailsAcrossTheGap() throws {
        let dir = TestData.scratchFolder("recording-gap-trails")
        let rec = try Self.recording()
        let gpx = dir.appendingPathComponent("ridge.gpx").path
        try rec.gpx.write(toFile: gpx, atomically: true, encoding: .utf8)
        let root = TestData.scratchFolder("recording-gap-trails-root")
        let r = try TestData.run(["build", try Self.recipe(in: dir, gpx: gpx, trackExtra: ", gaps: \"trails\"", name: "trails.json5"),
                                  "--out", root.path])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("fix \(rec.lastBefore)") && r.stderr.contains("routed over the trails"), "\(r.stderr)")
        #expect(TestData.strictValidationFailure(root) == nil)
        // The whole way (5.7 km), not the 5.2 km a straight line across the gap would make.
        let distanceM = try Self.distanceM(root)
        #expect(distanceM > 5500 && distanceM < 6000, "\(distanceM)")
    }
}
