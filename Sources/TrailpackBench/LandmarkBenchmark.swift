import Foundation
import Landmarks
import Pipeline
import TrailpackCore

/// `trailpack-bench landmarks`: the landmark stage's wall time (the candidates; each route's
/// sightlines are cast as the route is finished, on both cores, and timed apart by `breakdown`) in two builds: the demo region (3 routes, its POIs and DEM summits), and a
/// 20 km synthetic track on the same SRTM tile with 100 landmarks (inline POIs, DEM summits
/// off). Prints a JSON object with the median seconds of each.
enum LandmarkBenchmark {
    static func run(runs: Int) {
        let repo = FileManager.default.currentDirectoryPath
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trailpack-bench-landmarks-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let synthetic = scratch.appendingPathComponent("bench-landmarks.json5").path
        do {
            try writeSyntheticRecipe(to: synthetic, scratch: scratch, dem: repo + "/data/white-mountains/N44W072.hgt")
            var fields: [String] = []
            for (label, recipe) in [("demo", repo + "/Recipes/pliny-kilkenny.json5"), ("route20km100", synthetic)] {
                var seconds: [Double] = []
                var seen = 0, vertices = 0
                for k in 0..<max(1, runs) {
                    let summary = try PackBuilder.build(recipePath: recipe, outRoot: scratch.appendingPathComponent("out-\(label)").path)
                    seconds.append(summary.stageSeconds.first { $0.stage == "landmarks" }?.seconds ?? .nan)
                    seen = summary.landmarkCounts.values.reduce(0, +)
                    vertices = summary.routes.reduce(0) { $0 + Int(($1.stats.distanceM / 12).rounded(.up)) }
                    RouteBenchmark.log(String(format: "landmarks %@ run %d: %.3f s, %d route-landmark sightings", label, k + 1, seconds.last!, seen))
                }
                let parts = try breakdown(region: scratch.appendingPathComponent("out-\(label)/regions").path, runs: runs)
                fields.append("\"\(label)\": {\"medianSeconds\": \(RouteBenchmark.fmt(RouteBenchmark.median(seconds))), \"runs\": \(seconds.count), "
                              + "\"landmarksSeen\": \(seen), \"approxVertices\": \(vertices), \"candidates\": \(parts.candidates), "
                              + "\"candidatesSeconds\": \(RouteBenchmark.fmt(parts.candidatesS)), \"sightlinesSeconds\": \(RouteBenchmark.fmt(parts.sightlinesS)), "
                              + "\"candidatesCPUSeconds\": \(RouteBenchmark.fmt(parts.candidatesCPUS)), \"sightlinesCPUSeconds\": \(RouteBenchmark.fmt(parts.sightlinesCPUS)), "
                              + "\"loadAverage\": \(loadAverage())}")
            }
            print("{" + fields.joined(separator: ", ") + "}")
        } catch {
            RouteBenchmark.log("landmark benchmark failed: \(error)")
            exit(1)
        }
    }

    /// Landmarks' two parts timed apart on the pack just written (its only region): the
    /// candidates (POIs, DEM summits) and the sightlines of every route. Medians of `runs`.
    static func breakdown(region regionsPath: String, runs: Int) throws -> (candidates: Int, candidatesS: Double, sightlinesS: Double, candidatesCPUS: Double, sightlinesCPUS: Double) {
        let folder = regionsPath + "/" + (try FileManager.default.contentsOfDirectory(atPath: regionsPath).first { !$0.hasPrefix(".") } ?? "")
        func json(_ path: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))) as! [String: Any]
        }
        let grid = try TER1.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/terrain.bin"))))
        let pois = (try json("pois.geojson")["features"] as! [[String: Any]]).map { f in
            let p = f["properties"] as! [String: Any], xy = (f["geometry"] as! [String: Any])["coordinates"] as! [Double]
            return PointOfInterest(name: p["name"] as! String, kind: p["kind"] as! String, location: LonLat(xy[0], xy[1]))
        }
        var options = LandmarkOptions()
        options.demSummits = !pois.contains { $0.name.hasPrefix("Landmark ") }
        let routes = try (json("manifest.json")["routes"] as! [[String: Any]]).map { r -> (coords: [[Double]], patch: TerrainGrid) in
            let file = try json((r["file"] as! [String: Any])["path"] as! String)
            let patchPath = (r["arPatch"] as! [String: Any])["path"] as! String
            return (file["coords"] as! [[Double]], try TER1.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + patchPath)))))
        }
        var candidatesS: [Double] = [], sightlinesS: [Double] = [], candidatesCPU: [Double] = [], sightlinesCPU: [Double] = []
        var candidates: [Landmark] = []
        for _ in 0..<max(1, runs) {
            var t = RouteBenchmark.nowS(), cpu = cpuS()
            candidates = LandmarkCatalog.landmarks(pois: pois, grid: grid, options: options)
            candidatesS.append(RouteBenchmark.nowS() - t)
            candidatesCPU.append(cpuS() - cpu)
            t = RouteBenchmark.nowS()
            cpu = cpuS()
            let region = TerrainSurface(grid)
            for r in routes {
                _ = RouteVisibility.sightings(coords: r.coords.map { LonLat($0[0], $0[1]) }, elevationsM: r.coords.map { $0[2] },
                                              landmarks: candidates, sight: LineOfSight(region: region, patch: TerrainSurface(r.patch)),
                                              maxDistanceM: options.maxDistanceM)
            }
            sightlinesS.append(RouteBenchmark.nowS() - t)
            sightlinesCPU.append(cpuS() - cpu)
        }
        return (candidates.count, RouteBenchmark.median(candidatesS), RouteBenchmark.median(sightlinesS),
                RouteBenchmark.median(candidatesCPU), RouteBenchmark.median(sightlinesCPU))
    }

    /// CPU seconds of this process (all threads): wall time a quiet machine would need, times
    /// the cores used; stable when the machine is shared.
    static func cpuS() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The 1-minute load average (how busy the machine was).
    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "null"
    }

    /// A region on the demo tile with one 20 km track (a smooth seeded random walk, written as
    /// GeoJSON) and 100 inline summits scattered over it (each moves to the highest sample
    /// within 100 m, so many are in sight: the expensive case).
    static func writeSyntheticRecipe(to path: String, scratch: URL, dem: String) throws {
        var rng = SplitMix64(seed: 14)
        let bbox = BBox(west: -71.62, south: 44.30, east: -71.20, north: 44.66)
        let metric = LocalMetric(latDeg: 44.48)
        var p = LonLat(-71.41, 44.48), heading = rng.unit() * 360, walkedM = 0.0
        var track = [p]
        while walkedM < 20_000 {
            heading += rng.gaussian() * 12
            var next = LonLat(p.lon + sin(heading * .pi / 180) * 10 / metric.mPerDegLon, p.lat + cos(heading * .pi / 180) * 10 / metric.mPerDegLat)
            if !bbox.expanded(byMetres: -3000).contains(next) {
                heading += 180
                next = p
            }
            if next != p { walkedM += 10; track.append(next) }
            p = next
        }
        let line = track.map { String(format: "[%.7f, %.7f]", $0.lon, $0.lat) }.joined(separator: ", ")
        let trackPath = scratch.appendingPathComponent("track.geojson").path
        try "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"bench\"}, \"geometry\": {\"type\": \"LineString\", \"coordinates\": [\(line)]}}]}"
            .write(toFile: trackPath, atomically: true, encoding: .utf8)
        let pois = (0..<100).map { k in
            String(format: "{ name: \"Landmark %03d\", kind: \"summit\", lon: %.5f, lat: %.5f }", k,
                   bbox.west + 0.01 + rng.unit() * (bbox.east - bbox.west - 0.02), bbox.south + 0.01 + rng.unit() * (bbox.north - bbox.south - 0.02))
        }
        try """
        {
          id: "bench-landmarks", name: "bench landmarks", attribution: ["SRTM (public domain)"],
          bbox: [\(bbox.west), \(bbox.south), \(bbox.east), \(bbox.north)], dem: ["\(dem)"],
          pois: [\(pois.joined(separator: ", "))],
          landmarks: { demSummits: false },
          routes: [{ id: "long", name: "Long", track: "\(trackPath)" }],
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
