import Foundation
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// A recorded track that walks the demo's trail network follows the trails as mapped: the same
/// junction cues as the route over the network it walked (`track.snap`, default true), unless
/// the recipe keeps the recorded line (`snap: false`).
@Suite struct TrackSnappingTests {
    static func recipe(routes: String) -> String {
        DemoPack.recipeText(id: "snap", name: "Snap", pois: """
            { name: "Unknown Pond", kind: "pond", lon: -71.3905, lat: 44.5290 },
            { name: "Unknown Pond Trailhead", kind: "trailhead", lon: -71.3585432, lat: 44.4981143 },
            """, routes: routes)
    }

    static func build(_ text: String, in dir: URL) throws -> (region: URL, summary: BuildSummary) {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let recipe = dir.appendingPathComponent("snap.json5")
        try text.write(to: recipe, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("packs")
        let summary = try TestData.build(recipePath: recipe.path, outRoot: out.path)
        #expect(TestData.strictValidationFailure(out) == nil)
        return (out.appendingPathComponent("regions/snap"), summary)
    }

    static func routeFile(_ region: URL, _ id: String) throws -> (coords: [LonLat], waypoints: [[String: Any]]) {
        let data = try Data(contentsOf: region.appendingPathComponent("routes/\(id).json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return ((doc["coords"] as! [[Double]]).map { LonLat($0[0], $0[1]) }, doc["waypoints"] as! [[String: Any]])
    }

    @Test func aRecordedTrackOnTheTrailsGetsTheJunctionsOfItsRoute() throws {
        // The route over the network, then a device's recording of it: a fix every 1.2 m, 0.5 m
        // of jitter and 7 m of drift to the north-east.
        let dir = TestData.scratchFolder("track-snapping")
        let reference = try Self.build(Self.recipe(routes: """
            { id: "ref", name: "Reference", via: ["Unknown Pond Trailhead", "Unknown Pond"] }
            """), in: dir.appendingPathComponent("ref"))
        let ref = try Self.routeFile(reference.region, "ref")
        var rng = SeededRandom(seed: 21)
        var fixes: [LonLat] = []
        for k in 1..<ref.coords.count {
            let a = ref.coords[k - 1], b = ref.coords[k]
            let stepM = Geodesic.distanceM(a, b)
            for s in 0..<max(1, Int(stepM / 1.2)) {
                let p = Geodesic.destination(from: Geodesic.interpolate(a, b, fraction: Double(s) * 1.2 / stepM), bearingDeg: 60, distanceM: 7)
                let m = WGS84.metresPerDegree(atLatDeg: p.lat)
                fixes.append(LonLat(p.lon + 0.5 * rng.gaussian() / m.x, p.lat + 0.5 * rng.gaussian() / m.y))
            }
        }
        let gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>walk</name><trkseg>\n"
            + fixes.map { String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"/>", $0.lat, $0.lon) }.joined(separator: "\n")
            + "\n</trkseg></trk></gpx>\n"
        let recorded = dir.appendingPathComponent("walk.gpx")
        try gpx.write(to: recorded, atomically: true, encoding: .utf8)

        let built = try Self.build(Self.recipe(routes: """
            { id: "recorded", name: "Recorded", track: { file: "\(recorded.path)" } },
            { id: "kept", name: "Kept as recorded", track: { file: "\(recorded.path)", snap: false } }
            """), in: dir.appendingPathComponent("built"))
        let notes = built.summary.diagnostics.filter { $0.subject == "route recorded" }.map(\.message)
        #expect(notes.contains { $0.contains("walks the trail network") && $0.contains("follows the trails as mapped") }, "\(notes)")
        let keptNotes = built.summary.diagnostics.filter { $0.subject == "route kept" }.map(\.message)
        #expect(!keptNotes.contains { $0.contains("walks the trail network") })
        // Fixes 1.2 m apart: three in four are left out on the ground, and the note says so.
        #expect(keptNotes.contains { $0.hasPrefix("on the ground: ") && $0.contains("under 5 m from the previous one") }, "\(keptNotes)")

        let snapped = try Self.routeFile(built.region, "recorded")
        func junctions(_ w: [[String: Any]]) -> [String] { w.filter { $0["kind"] as? String == "junction" }.compactMap { $0["instruction"] as? String } }
        #expect(!junctions(ref.waypoints).isEmpty)
        #expect(junctions(snapped.waypoints) == junctions(ref.waypoints))
        let refLengthM = Geodesic.lengthM(ref.coords), snappedLengthM = Geodesic.lengthM(snapped.coords)
        #expect(abs(snappedLengthM - refLengthM) < 0.03 * refLengthM, "\(snappedLengthM) m snapped, \(refLengthM) m routed")
        // The snapped line lies on the trails; the kept one 7 m off them.
        let kept = try Self.routeFile(built.region, "kept")
        func meanOffsetM(_ line: [LonLat]) -> Double {
            line.map { p in ref.coords.map { Geodesic.distanceM($0, p) }.min()! }.reduce(0, +) / Double(line.count)
        }
        #expect(meanOffsetM(snapped.coords) < 2)
        #expect(meanOffsetM(kept.coords) > 4)
        // The kept line is the recording on the ground: as long as the walk, not its jitter.
        #expect(abs(Geodesic.lengthM(kept.coords) - refLengthM) < 0.03 * refLengthM, "\(Geodesic.lengthM(kept.coords)) m kept, \(refLengthM) m routed")
    }

    /// A device's recording of `coords`: a fix every 1.2 m, 0.5 m of jitter and `driftM` of drift
    /// toward `driftDeg`, written as an untimed GPX track at `url`.
    static func record(_ coords: [LonLat], seed: UInt64, driftDeg: Double, driftM: Double, to url: URL) throws {
        var rng = SeededRandom(seed: seed)
        var fixes: [LonLat] = []
        for k in 1..<coords.count {
            let a = coords[k - 1], b = coords[k]
            let stepM = Geodesic.distanceM(a, b)
            for s in 0..<max(1, Int(stepM / 1.2)) {
                let p = Geodesic.destination(from: Geodesic.interpolate(a, b, fraction: Double(s) * 1.2 / stepM), bearingDeg: driftDeg, distanceM: driftM)
                let m = WGS84.metresPerDegree(atLatDeg: p.lat)
                fixes.append(LonLat(p.lon + 0.5 * rng.gaussian() / m.x, p.lat + 0.5 * rng.gaussian() / m.y))
            }
        }
        try TrackOnTrailsTests.writeGPX(fixes, to: url)
    }

    /// Recordings of one walk snap to the trails a few centimetres apart: where their points join
    /// the pack's network, the network gets one node, not an edge a centimetre long whose ends
    /// would be two route vertices one `cum` value apart (a pack `validate` refuses; `build` here
    /// checks the pack with `validate --strict`).
    @Test func recordingsOfOneWalkJoinTheNetworkWithoutSlivers() throws {
        let dir = TestData.scratchFolder("track-snapping-slivers")
        let reference = try Self.build(Self.recipe(routes: """
            { id: "ref", name: "Reference", via: ["Unknown Pond Trailhead", "Unknown Pond"] }
            """), in: dir.appendingPathComponent("ref"))
        let ref = try Self.routeFile(reference.region, "ref")
        var routes = ["{ id: \"ref\", name: \"Reference\", via: [\"Unknown Pond Trailhead\", \"Unknown Pond\"] }"]
        for (k, drift) in [(0.0, 0.0), (60, 5), (240, 6), (150, 4)].enumerated() {
            let url = dir.appendingPathComponent("walk\(k).gpx")
            try Self.record(ref.coords, seed: UInt64(31 + k), driftDeg: drift.0, driftM: drift.1, to: url)
            routes.append("{ id: \"walk\(k)\", name: \"Walk \(k)\", track: { file: \"\(url.path)\" } }")
        }
        let built = try Self.build(Self.recipe(routes: routes.joined(separator: ",\n")), in: dir.appendingPathComponent("built"))
        let routing = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: built.region.appendingPathComponent("routing.json"))) as? [String: Any])
        #expect((routing["routes"] as! [[String: Any]]).count == 5)
        let shortestM = (routing["edges"] as! [[String: Any]]).map { $0["lengthM"] as! Double }.min() ?? 0
        #expect(shortestM >= 0.5, "an edge of \(shortestM) m")
    }

    /// A via beside a way joined to none of the trails (an unconnected stub of the demo's OSM
    /// ways, 72 m off; the trails 104 m) joins the network the route's other via is on, as
    /// `trailpack route` joins it (docs/ROUTING.md), instead of stopping the build.
    @Test func aViaBesideAnUnconnectedStubJoinsTheOtherViasTrails() throws {
        let dir = TestData.scratchFolder("via-beside-stub")
        let built = try Self.build(Self.recipe(routes: """
            { id: "stub", name: "From beside the stub", via: [[-71.3659491, 44.5003101], "Unknown Pond"] }
            """), in: dir.appendingPathComponent("built"))
        let route = try Self.routeFile(built.region, "stub")
        #expect(Geodesic.lengthM(route.coords) > 3000)
        #expect(Geodesic.distanceM(route.coords[0], LonLat(-71.3659491, 44.5003101)) > 80)
        let routing = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: built.region.appendingPathComponent("routing.json"))) as? [String: Any])
        #expect((routing["routes"] as! [[String: Any]]).map { $0["id"] as! String } == ["stub"])
    }
}
