import Foundation
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// A track that lies on the mapped trails is related to them, whatever file it came from, and a
/// track that is not says which rule refused it and by how much.
@Suite struct TrackOnTrailsTests {
    /// The longest line of the demo's trails named `name`, lon/lat, as stored.
    static func trailLine(named name: String) throws -> [LonLat] {
        let data = try Data(contentsOf: TestData.url("white-mountains/wmnf-pliney.geojson"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let lines = (doc["features"] as! [[String: Any]]).compactMap { f -> [LonLat]? in
            guard (f["properties"] as? [String: Any])?["name"] as? String == name,
                  let g = f["geometry"] as? [String: Any], g["type"] as? String == "LineString" else { return nil }
            return (g["coordinates"] as! [[Double]]).map { LonLat($0[0], $0[1]) }
        }
        return try #require(lines.max { $0.count < $1.count })
    }

    /// A GPX track of `points` with no timestamps (a line drawn or exported from a map).
    static func writeGPX(_ points: [LonLat], to url: URL) throws {
        let gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>t</name><trkseg>\n"
            + points.map { String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"/>", $0.lat, $0.lon) }.joined(separator: "\n")
            + "\n</trkseg></trk></gpx>\n"
        try gpx.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aTrackDrawnVertexForVertexFromATrailIsOnTheTrailsAndCanBeRejoined() throws {
        let dir = TestData.scratchFolder("track-from-trail")
        let line = try Self.trailLine(named: "Killkenny Ridge Trail")
        #expect(line.count == 351)
        let gpx = dir.appendingPathComponent("ridge.gpx")
        try Self.writeGPX(line, to: gpx)
        let built = try TrackSnappingTests.build(TrackSnappingTests.recipe(routes: """
            { id: "ridge", name: "Ridge", track: { file: "\(gpx.path)" } }
            """), in: dir.appendingPathComponent("built"))
        let notes = built.summary.diagnostics.filter { $0.subject == "route ridge" }.map(\.message)
        #expect(notes.contains { $0.contains("walks the trail network") }, "\(notes)")
        let route = try TrackSnappingTests.routeFile(built.region, "ridge")
        let instructions = route.waypoints.compactMap { $0["instruction"] as? String }
        #expect(instructions.first == "Head northeast on Killkenny Ridge Trail", "\(instructions)")
        let junctions = route.waypoints.filter { $0["kind"] as? String == "junction" }.compactMap { $0["instruction"] as? String }
        // The ridge trail meets York Pond Trail and a spur on its way north; each is told by name.
        #expect(junctions.contains { $0.contains("York Pond Trail") } && junctions.allSatisfy { $0.contains("junction with ") || $0.contains(" past ") },
                "\(junctions)")
        #expect(!instructions.contains { $0.hasPrefix("Turn left") && !$0.contains("junction") && !$0.contains("onto") }, "\(instructions)")
        // Its routing.json entry: a client can bring a lost hiker back to it.
        let routing = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: built.region.appendingPathComponent("routing.json"))) as? [String: Any])
        #expect((routing["routes"] as! [[String: Any]]).map { $0["id"] as! String } == ["ridge"])
        let off = Geodesic.destination(from: route.coords[300], bearingDeg: 300, distanceM: 120)
        let out = dir.appendingPathComponent("back.json")
        let run = try TestData.run(["route", built.region.path, "--rejoin", "ridge", "--at", "250",
                                    "--from", String(format: "%.7f,%.7f", off.lon, off.lat), "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let back = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let end = try #require((back["coords"] as? [[Double]])?.last)
        #expect(Geodesic.distanceM(LonLat(end[0], end[1]), route.coords[route.coords.count - 1]) < 1)
    }

    @Test func aTrackOffTheTrailsSaysWhichRuleRefusedItAndByHowMuch() throws {
        let dir = TestData.scratchFolder("track-off-trails")
        // The trail moved 45 m west: a line drawn beside it, never on it.
        let line = try Self.trailLine(named: "Killkenny Ridge Trail").map { Geodesic.destination(from: $0, bearingDeg: 270, distanceM: 45) }
        let gpx = dir.appendingPathComponent("beside.gpx")
        try Self.writeGPX(line, to: gpx)
        let built = try TrackSnappingTests.build(TrackSnappingTests.recipe(routes: """
            { id: "beside", name: "Beside", track: { file: "\(gpx.path)" } }
            """), in: dir.appendingPathComponent("built"))
        let notes = built.summary.diagnostics.filter { $0.subject == "route beside" }.map(\.message)
        let snap = try #require(notes.first { $0.contains("is not snapped to the trails as mapped") }, "\(notes)")
        // Half of it passes within 30 m of some trail (it crosses others), under the 90% needed.
        let snapShare = try #require(Self.figure(in: snap, before: "% of it lies within 30 m of a trail (90% needed)"), "\(snap)")
        #expect(snapShare > 0 && snapShare < 90, "\(snap)")
        let match = try #require(notes.first { $0.contains("is not matched to the trail network") }, "\(notes)")
        let share = try #require(Self.figure(in: match, before: "% of it lies within 15 m of a trail (80% needed)"))
        #expect(share < 80, "\(match)")
        let routing = try JSONSerialization.jsonObject(with: Data(contentsOf: built.region.appendingPathComponent("routing.json"))) as? [String: Any]
        #expect((routing?["routes"] as? [[String: Any]])?.isEmpty == true)
    }

    /// The number written just before `suffix` in `text`.
    static func figure(in text: String, before suffix: String) -> Double? {
        guard let end = text.range(of: suffix)?.lowerBound else { return nil }
        let digits = text[..<end].reversed().prefix { $0.isNumber || $0 == "." }
        return Double(String(digits.reversed()))
    }
}
