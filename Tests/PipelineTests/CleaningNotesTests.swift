import Foundation
import Pipeline
import Testing
import TestSupport
import TrailpackCore

/// A recorded track with a spike and a stop: the build's notes say what cleaning removed, where
/// (input point indices) and how much length it took off.
@Suite struct CleaningNotesTests {
    @Test func buildNotesListSpikesAndStopsWithIndicesAndMetres() throws {
        let dir = TestData.scratchFolder("cleaning-notes")
        // 1.5 km north-east along the Jacksboro DEM at a fix every 5 m; fix 100 is 400 m off; a
        // stop of 150 fixes (4 m jitter, seeded) after fix 200.
        var rng = SeededRandom(seed: 3)
        let start = LonLat(-84.19, 36.35)
        var points = (0...300).map { Geodesic.destination(from: start, bearingDeg: 60, distanceM: Double($0) * 5) }
        points[100] = Geodesic.destination(from: points[100], bearingDeg: 150, distanceM: 400)
        let stop = points[200]
        let k = WGS84.metresPerDegree(atLatDeg: stop.lat)
        let cloud = (0..<150).map { _ in
            LonLat(stop.lon + 4 * (Double.random(in: -1...1, using: &rng)) / k.x, stop.lat + 4 * (Double.random(in: -1...1, using: &rng)) / k.y)
        }
        points.insert(contentsOf: cloud, at: 201)
        let gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>walk</name><trkseg>\n"
            + points.map { String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"/>", $0.lat, $0.lon) }.joined(separator: "\n")
            + "\n</trkseg></trk></gpx>\n"
        try gpx.write(to: dir.appendingPathComponent("walk.gpx"), atomically: true, encoding: .utf8)
        let recipe = """
        { id: "walk", name: "Walk", attribution: ["SRTM"], bboxMarginM: 500,
          dem: ["\(TestData.path("jacksboro/jacksboro_fault_dem.tif"))"],
          routes: [ { id: "walk", name: "Walk", track: { file: "walk.gpx" } } ] }
        """
        try recipe.write(to: dir.appendingPathComponent("walk.json5"), atomically: true, encoding: .utf8)
        let summary = try PackBuilder.build(recipePath: dir.appendingPathComponent("walk.json5").path, outRoot: dir.appendingPathComponent("packs").path)
        let notes = summary.diagnostics.filter { $0.subject == "route walk" }.map(\.message)
        #expect(notes.first?.hasPrefix("cleaning kept") == true, "\(notes)")
        #expect(notes.first?.contains("of \(points.count) points") == true, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("spike at point 100 (") && $0.contains("400 m off the line") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("stop at points ") && $0.contains("m of track removed") }, "\(notes)")
        // The route is as long as the walk: 1.5 km, not 1.5 km plus 800 m of spike and the stop's wander.
        #expect(abs(summary.routes[0].stats.distanceM - 1500) < 15, "\(summary.routes[0].stats.distanceM)")
    }
}
