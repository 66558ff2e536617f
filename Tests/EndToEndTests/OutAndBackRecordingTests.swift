import Foundation
import Testing
import TestSupport

/// A hike recorded out and back along a real trail, built from its GPX as an author would
/// (`trailpack init --trails`, `trailpack build`): the pack tells the hiker walking back of the
/// same bends as on the way out (docs/GUIDANCE.md, *Both passes of a stretch walked twice*).
@Suite struct OutAndBackRecordingTests {
    static let dem = TestData.path("white-mountains/N44W072.hgt")

    /// The first `lengthM` metres (at most its 3.9 km) of the Starr King Trail (OSM, data/white-mountains) as
    /// [lon, lat] pairs.
    static func trail(lengthM: Double) throws -> [[Double]] {
        let data = try Data(contentsOf: TestData.url("white-mountains/wmnf-pliney.geojson"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(doc["features"] as? [[String: Any]])
        let starrKing = try #require(features.first { ($0["properties"] as? [String: Any])?["name"] as? String == "Starr King Trail" })
        let coords = try #require((starrKing["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        var out = [coords[0]], walkedM = 0.0
        for p in coords.dropFirst() where walkedM < lengthM {
            walkedM += metres(out[out.count - 1], p)
            out.append(p)
        }
        return out
    }

    /// Metres between two [lon, lat] points (an equirectangular approximation, ample at 100 m).
    static func metres(_ a: [Double], _ b: [Double]) -> Double {
        let k = cos((a[1] + b[1]) / 2 * Double.pi / 180)
        return (pow((b[0] - a[0]) * k * 111_320, 2) + pow((b[1] - a[1]) * 110_540, 2)).squareRoot()
    }

    /// `line` walked out and back at 1.2 m/s with a fix every 3 s, each pass with its own slow GPS
    /// drift (first-order Gauss-Markov, σ 5 m, 5 minutes) and 1 m of jitter: a GPX `<trk>`.
    static func recording(_ line: [[Double]], seed: UInt64) -> String {
        var rng = SeededRandom(seed: seed)
        func gaussian() -> Double {
            let u1 = max(Double.random(in: 0..<1, using: &rng), 1e-12), u2 = Double.random(in: 0..<1, using: &rng)
            return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        }
        let path = line + line.reversed().dropFirst()
        var fixes: [String] = []
        var seconds = 0.0, drift = (x: 0.0, y: 0.0)
        let stepM = 1.2 * 3, rho = exp(-3.0 / 300), q = (1 - rho * rho).squareRoot() * 5
        for (k, (a, b)) in zip(path, path.dropFirst()).enumerated() {
            if k == line.count - 1 { drift = (5 * gaussian(), 5 * gaussian()) }  // the way back: drift of its own
            let legM = metres(a, b)
            var atM = 0.0
            while atM < legM {
                drift = (rho * drift.x + q * gaussian(), rho * drift.y + q * gaussian())
                let t = atM / legM, lat = a[1] + t * (b[1] - a[1])
                let east = drift.x + gaussian(), north = drift.y + gaussian()
                let lon = a[0] + t * (b[0] - a[0]) + east / (111_320 * cos(lat * Double.pi / 180))
                let time = Date(timeIntervalSince1970: 1_780_000_000 + seconds)
                fixes.append(String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>%@</time></trkpt>", lat + north / 110_540, lon,
                                    ISO8601DateFormatter().string(from: time)))
                atM += stepM
                seconds += 3
            }
        }
        return "<trk><name>Starr King out and back</name><trkseg>\n" + fixes.joined(separator: "\n") + "\n</trkseg></trk>"
    }

    /// Six recordings (seeds): read one pass at a time, two of them (seeds 3 and 6) miss a
    /// mirror; read as one, none does.
    @Test(arguments: UInt64(1)...UInt64(6)) func theWayBackIsToldOfTheBendsOfTheWayOut(seed: UInt64) throws {
        let dir = TestData.scratchFolder("out-and-back-\(seed)")
        let gpx = dir.appendingPathComponent("starr-king.gpx").path
        try ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
             + Self.recording(try Self.trail(lengthM: 4000), seed: seed) + "\n</gpx>\n").write(toFile: gpx, atomically: true, encoding: .utf8)
        let recipe = dir.appendingPathComponent("starr.json5").path
        let i = try TestData.run(["init", "starr", "--dem", Self.dem, "--trails", gpx, "--out", recipe])
        #expect(i.status == 0, "\(i.stderr)")
        try StarterRecipe.credit(recipe)
        let out = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
        try #require(b.status == 0, "\(b.stderr)")
        #expect(try TestData.run(["validate", "--strict", out.path]).status == 0)

        let data = try Data(contentsOf: out.appendingPathComponent("regions/starr/routes/track-1.json"))
        let route = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let coords = try #require(route["coords"] as? [[Double]])
        let waypoints = try #require(route["waypoints"] as? [[String: Any]])
        let uTurns = waypoints.filter { $0["dir"] as? String == "u-turn" }
        try #require(uTurns.count == 1, "one turnaround: \(waypoints)")
        let tip = try #require(uTurns[0]["i"] as? Int)
        func side(_ w: [String: Any]) -> String? {
            guard let dir = w["dir"] as? String, w["kind"] as? String == "turn", dir != "u-turn" else { return nil }
            return dir.hasSuffix("left") ? "L" : dir.hasSuffix("right") ? "R" : nil
        }
        let turns = waypoints.compactMap { w -> (i: Int, side: String)? in side(w).flatMap { s in (w["i"] as? Int).map { ($0, s) } } }
        let wayOut = turns.filter { $0.i < tip }, wayBack = turns.filter { $0.i > tip }
        #expect(wayOut.count >= 2, "the trail bends: \(waypoints)")
        // Every turn on one pass has its mirror on the other: a turn the other way within 30 m.
        for (a, others) in [(wayOut, wayBack), (wayBack, wayOut)] {
            for t in a {
                #expect(others.contains { $0.side != t.side && Self.metres(coords[$0.i], coords[t.i]) <= 30 },
                        "turn \(t.side) at vertex \(t.i) has no mirror on the other pass: \(waypoints)")
            }
        }
    }
}
