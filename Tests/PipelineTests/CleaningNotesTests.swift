import Foundation
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// A recorded track with a spike, a stop and a walk to the car at its end: the build's notes say what cleaning removed, where
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
        // At the end, 30 m to the car and back (4 m beside the way there).
        let end = points[points.count - 1]
        let toCar = (1...6).map { Geodesic.destination(from: end, bearingDeg: 150, distanceM: Double($0) * 5) }
        let excursionStart = points.count
        points += toCar + toCar.reversed().dropFirst().map { Geodesic.destination(from: $0, bearingDeg: 60, distanceM: 4) }
        points.append(Geodesic.destination(from: end, bearingDeg: 60, distanceM: 4))
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
        let summary = try TestData.build(recipePath: dir.appendingPathComponent("walk.json5").path, outRoot: dir.appendingPathComponent("packs").path)
        #expect(TestData.strictValidationFailure(dir.appendingPathComponent("packs")) == nil)
        let notes = summary.diagnostics.filter { $0.subject == "route walk" }.map(\.message)
        #expect(notes.first?.hasPrefix("cleaning kept") == true, "\(notes)")
        #expect(notes.first?.contains("of \(points.count) points") == true, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("spike at point 100 (") && $0.contains("400 m off the line") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("stop at points ") && $0.contains("m of track removed") }, "\(notes)")
        // Fixes back to the last one within 10 m of the last fix go: the excursion's 11 and the walk's last 2.
        let trims = notes.filter { $0.hasPrefix("end excursion at points \(excursionStart - 2)-\(points.count - 2) (") && $0.contains("30 m out and back") }
        #expect(trims.count == 1, "\(notes)")
        #expect(notes.first?.contains("trimmed 1 excursions at the ends (13 points)") == true, "\(notes)")
        // The route is as long as the walk: 1.5 km, not 1.5 km plus 800 m of spike, the stop's wander and the car.
        #expect(abs(summary.routes[0].stats.distanceM - 1500) < 15, "\(summary.routes[0].stats.distanceM)")
    }
}
