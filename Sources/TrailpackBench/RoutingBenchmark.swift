import Foundation
import PackJSON
import PackReader
import PackSpec
import Pipeline
import Rerouting
import TestSupport
import TrailGraph
import TrailpackCore

/// `trailpack-bench routing`: a region over a seeded synthetic trail grid of at least 500 km
/// (loops, one-ways, closures, bridges) on the N44W072 DEM; prints routing.json's size per km
/// of trail (raw and gzipped), the time to load it (parse and index) and to answer a route query
/// in the same process, as JSON.
enum RoutingBenchmark {
    static func run(runs: Int, seed: UInt64) {
        let repo = FileManager.default.currentDirectoryPath
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trailpack-bench-routing-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            let synthetic = SyntheticTrailNetwork.make(seed: seed)
            let recipe = try writeRecipe(synthetic, scratch: scratch, dem: repo + "/data/white-mountains/N44W072.hgt")
            let summary = try PackBuilder.build(recipePath: recipe, outRoot: scratch.appendingPathComponent("pack").path)
            let folder = scratch.appendingPathComponent("pack/regions/bench-routing")
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(PackTree.routing)))
            let gzipped = try gzipSize(folder.appendingPathComponent(PackTree.routing))
            let (loadS, network) = try timeLoads(bytes, runs: max(5, runs * 5))
            let (queryS, pathS) = try timeQueries(folder: folder.path, network: network, seed: seed)
            let km = network.lengthM / 1000
            print("{\"trailKm\": \(RouteBenchmark.fmt(km)), \"nodes\": \(network.nodes.count), \"edges\": \(network.edges.count), "
                  + "\"bytes\": \(bytes.count), \"bytesPerKm\": \(RouteBenchmark.fmt(Double(bytes.count) / km)), "
                  + "\"gzipBytesPerKm\": \(RouteBenchmark.fmt(Double(gzipped) / km)), \"loadMedianMs\": \(RouteBenchmark.fmt(loadS * 1000)), "
                  + "\"queryMedianMs\": \(RouteBenchmark.fmt(queryS * 1000)), \"pathOnlyMedianMs\": \(RouteBenchmark.fmt(pathS * 1000)), "
                  + "\"buildSeconds\": \(RouteBenchmark.fmt(summary.stageSeconds.reduce(0) { $0 + $1.seconds }))}")
        } catch {
            RouteBenchmark.log("routing benchmark failed: \(error)")
            exit(1)
        }
    }

    /// The recipe of the synthetic region (its trails written beside it), and its path.
    static func writeRecipe(_ network: SyntheticTrailNetwork, scratch: URL, dem: String) throws -> String {
        let trails = scratch.appendingPathComponent("grid.geojson")
        try network.geoJSON().write(to: trails, atomically: true, encoding: .utf8)
        let b = network.bbox.expanded(byMetres: 300)
        let text = """
        { id: "bench-routing", name: "Synthetic trail grid", attribution: ["SRTM (public domain); synthetic trails"],
          bbox: [\(b.west), \(b.south), \(b.east), \(b.north)], dem: ["\(dem)"], trails: ["\(trails.path)"],
          terrain: { resolutionM: 30 }, routes: [] }
        """
        let path = scratch.appendingPathComponent("bench-routing.json5").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Median seconds to parse routing.json and index it for queries (what a client does on opening a region).
    static func timeLoads(_ bytes: [UInt8], runs: Int) throws -> (Double, RoutingNetwork) {
        var seconds: [Double] = []
        var network: RoutingNetwork?
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let root = try JSONParser.parse(bytes)
            let parsed = DispatchTime.now().uptimeNanoseconds
            let n = try RoutingNetwork(json: root)
            let decoded = DispatchTime.now().uptimeNanoseconds
            let router = NetworkRouter(network: n)
            if ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
                RouteBenchmark.log("parse \(Double(parsed - start) / 1e6) ms, decode \(Double(decoded - parsed) / 1e6) ms, index \(Double(DispatchTime.now().uptimeNanoseconds - decoded) / 1e6) ms")
            }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            network = router.network
        }
        return (RouteBenchmark.median(seconds), network!)
    }

    /// Median seconds of 40 seeded queries between trail points at least 3 km apart: the whole
    /// answer (join, split, least-time path, elevations, stats, cues), and the least-time path alone.
    static func timeQueries(folder: String, network: RoutingNetwork, seed: UInt64) throws -> (Double, Double) {
        let region = try RegionNetwork(folder: folder)
        var random = SplitMix64(seed: seed)
        var whole: [Double] = [], pathOnly: [Double] = []
        while whole.count < 40 {
            let a = Int.random(in: 0..<network.nodes.count, using: &random), b = Int.random(in: 0..<network.nodes.count, using: &random)
            let p = network.nodes[a].location, q = network.nodes[b].location
            guard Geodesic.distanceM(p, q) > 3000 else { continue }
            var start = DispatchTime.now().uptimeNanoseconds
            guard region.router.shortestPath(from: a, to: b) != nil else { continue }
            pathOnly.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            start = DispatchTime.now().uptimeNanoseconds
            _ = try region.route(through: [QueryPoint(argument: "--from", location: p), QueryPoint(argument: "--to", location: q)])
            whole.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (RouteBenchmark.median(whole), RouteBenchmark.median(pathOnly))
    }

    /// Bytes of the file gzipped at level 9 (`gzip -9`).
    static func gzipSize(_ file: URL) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9", "-c", file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.count
    }
}
