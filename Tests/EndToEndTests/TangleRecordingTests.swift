import Foundation
import Testing
import TestSupport
import TrailpackCore

/// A recording that criss-crosses itself for hours (TestSupport's seeded `tangle`: hard, frequent
/// turns inside a 60 m circle, every pass a little apart): whatever turn cues the build gives, it
/// gives none that `trailpack validate --strict` finds contradicting the route's own line
/// (`route.waypoint.bend`: builder and validator read the bend with one definition).
@Suite struct TangleRecordingTests {
    static let dem = TestData.path("white-mountains/N44W072.hgt")

    /// `fixes` as a GPX track, one fix a second.
    static func gpx(_ fixes: [LonLat]) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Tangle</name><trkseg>"]
        let format = ISO8601DateFormatter()
        for (k, p) in fixes.enumerated() {
            let time = format.string(from: Date(timeIntervalSince1970: 1_780_000_000 + Double(k)))
            lines.append(String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>%@</time></trkpt>", p.lat, p.lon, time))
        }
        return (lines + ["</trkseg></trk></gpx>", ""]).joined(separator: "\n")
    }

    @Test(arguments: [UInt64(7), 11]) func everyTurnCueOfATangleAgreesWithItsLine(seed: UInt64) throws {
        let dir = TestData.scratchFolder("tangle-\(seed)")
        let gpx = dir.appendingPathComponent("tangle.gpx").path
        try Self.gpx(SyntheticRecording.make(.tangle, points: 20_000, seed: seed)).write(toFile: gpx, atomically: true, encoding: .utf8)
        let recipe = dir.appendingPathComponent("tangle.json5").path
        let i = try TestData.run(["init", "tangle", "--dem", Self.dem, "--trails", gpx, "--out", recipe])
        #expect(i.status == 0, "\(i.stderr)")
        try StarterRecipe.credit(recipe)
        let out = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
        try #require(b.status == 0, "\(b.stderr)")
        let route = try Data(contentsOf: out.appendingPathComponent("regions/tangle/routes/track-1.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: route) as? [String: Any])
        let turns = try #require(doc["waypoints"] as? [[String: Any]]).filter { $0["kind"] as? String == "turn" }
        #expect(turns.count >= 20)  // a tangle turns often: the check below has cues to judge
        let v = try TestData.run(["validate", "--strict", out.path])
        #expect(v.status == 0, "\(v.stdout)")
    }
}
