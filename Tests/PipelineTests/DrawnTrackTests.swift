import Bindings
import Foundation
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// A line drawn in a route planner and saved as a GPX track has no timestamps. It is cleaned as
/// a recording unless the recipe says `track.drawn: true`, and the build says so; a drawn spur
/// to a viewpoint, one vertex out and back, is then kept and turned around at.
@Suite struct DrawnTrackTests {
    /// 1.5 km east at a vertex every 30 m, with a 200 m spur north from vertex 25 (out to one
    /// vertex and back to the same one), as a planner draws it; `timed` adds a time to each point.
    static func gpx(timed: Bool) -> (text: String, spurTip: LonLat) {
        let start = LonLat(-84.19, 36.35)
        var points = (0...50).map { Geodesic.destination(from: start, bearingDeg: 90, distanceM: Double($0) * 30) }
        let tip = Geodesic.destination(from: points[25], bearingDeg: 0, distanceM: 200)
        points.insert(contentsOf: [tip, points[25]], at: 26)
        let trkpts = points.enumerated().map { k, p in
            String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\">%@</trkpt>", p.lat, p.lon, timed ? String(format: "<time>2024-05-01T10:%02d:%02dZ</time>", k / 60, k % 60) : "")
        }
        let text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"planner\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>plan</name><trkseg>\n"
            + trkpts.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n"
        return (text, tip)
    }

    static func build(timed: Bool, drawn: Bool?) throws -> (notes: [String], coords: [LonLat], waypoints: String) {
        let dir = TestData.scratchFolder("drawn-track")
        let (text, _) = gpx(timed: timed)
        try text.write(to: dir.appendingPathComponent("plan.gpx"), atomically: true, encoding: .utf8)
        let drawnKey = drawn.map { ", drawn: \($0)" } ?? ""
        let recipe = """
            { id: "plan", name: "Plan", attribution: ["SRTM"], bboxMarginM: 500,
              dem: ["\(TestData.path("jacksboro/jacksboro_fault_dem.tif"))"],
              routes: [ { id: "plan", name: "Plan", track: { file: "plan.gpx"\(drawnKey) } } ] }
            """
        try recipe.write(to: dir.appendingPathComponent("plan.json5"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("packs")
        let summary = try TestData.build(recipePath: dir.appendingPathComponent("plan.json5").path, outRoot: out.path)
        #expect(TestData.strictValidationFailure(out) == nil)
        let route = try String(contentsOf: out.appendingPathComponent("regions/plan/routes/plan.json"), encoding: .utf8)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(route.utf8)) as? [String: Any])
        let coords = try #require(doc["coords"] as? [[Double]]).map { LonLat($0[0], $0[1]) }
        let waypoints = String(describing: doc["waypoints"] ?? "")
        return (summary.diagnostics.filter { $0.subject == "route plan" }.map(\.message), coords, waypoints)
    }

    @Test func gpxTracksWithTimesAreFound() throws {
        // korita-zbevnica.gpx: track 0 is empty, track 1's 358 points carry no time, tracks 2 and 3 are timed.
        let korita = TestData.path("gpx/korita-zbevnica.gpx")
        #expect(try VectorReader.gpxTracksWithTimes(path: korita, among: [0, 1, 2, 3]) == [2, 3])
        #expect(try VectorReader.gpxTracksWithTimes(path: korita, among: [1, 3]) == [3])
        #expect(try VectorReader.gpxTracksWithTimes(path: korita, among: [2]) == [2])
        #expect(try VectorReader.gpxTracksWithTimes(path: korita, among: []).isEmpty)
        #expect(try VectorReader.gpxTracksWithTimes(path: TestData.path("jacksboro/pine-mountain-crest.gpx"), among: [0]).isEmpty)
        #expect(try VectorReader.gpxTracksWithTimes(path: TestData.path("white-mountains/wmnf-pliney.geojson"), among: [0]).isEmpty)
    }

    @Test func anUntimedTrackIsCleanedAsARecordingAndTheBuildSaysSo() throws {
        let tip = Self.gpx(timed: false).spurTip
        let (notes, coords, _) = try Self.build(timed: false, drawn: nil)
        #expect(notes.contains { $0.contains("the track has no timestamps") && $0.contains("track.drawn: true") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("spike at point 26") }, "\(notes)")
        #expect(coords.allSatisfy { Geodesic.distanceM($0, tip) > 150 })
        // A recording with times gets no such note.
        let timed = try Self.build(timed: true, drawn: nil)
        #expect(!timed.notes.contains { $0.contains("timestamps") }, "\(timed.notes)")
    }

    @Test func aDrawnTrackKeepsItsSpurAndTurnsAroundAtItsTip() throws {
        let tip = Self.gpx(timed: false).spurTip
        let (notes, coords, waypoints) = try Self.build(timed: false, drawn: true)
        #expect(!notes.contains { $0.contains("timestamps") || $0.hasPrefix("spike") }, "\(notes)")
        #expect(coords.contains { Geodesic.distanceM($0, tip) < 1 }, "the spur's tip was cut")
        #expect(waypoints.contains("u-turn"), "\(waypoints)")
    }
}
