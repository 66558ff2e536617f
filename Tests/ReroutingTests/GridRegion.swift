import Foundation
import Pipeline
import Rerouting
import TestSupport
import Testing
import TrailpackCore

/// A region built once per test process over a seeded synthetic trail grid (loops, one-ways,
/// closures, bridges, steps) on the real N44W072 DEM, with one route through vias across it.
enum GridRegion {
    static let seed: UInt64 = 7
    static let network = SyntheticTrailNetwork.make(seed: seed, options: SyntheticTrailNetwork.Options(linesPerAxis: 12))
    /// The region's bbox: the grid and 1.2 km around it (room for points far from every trail).
    static var bbox: BBox { network.bbox.expanded(byMetres: 1200) }

    /// The two corners of the via route: the junctions nearest the grid's south-west and north-east corners.
    static var viaEnds: (LonLat, LonLat) {
        let j = network.junctions(), b = network.bbox
        let sw = j.min { Geodesic.distanceM($0, LonLat(b.west, b.south)) < Geodesic.distanceM($1, LonLat(b.west, b.south)) }!
        let ne = j.min { Geodesic.distanceM($0, LonLat(b.east, b.north)) < Geodesic.distanceM($1, LonLat(b.east, b.north)) }!
        return (sw, ne)
    }

    static let built: Result<(folder: URL, summary: BuildSummary), any Error> = Result {
        let root = TestData.scratchFolder("grid-region")
        let trails = root.appendingPathComponent("grid.geojson")
        try network.geoJSON().write(to: trails, atomically: true, encoding: .utf8)
        let (a, b) = viaEnds, box = bbox
        let recipe = """
        {
          id: "grid", name: "Synthetic grid", attribution: ["SRTM (public domain); synthetic trails"],
          bbox: [\(box.west), \(box.south), \(box.east), \(box.north)],
          dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["\(trails.path)"],
          terrain: { resolutionM: 30 },
          routes: [{ id: "across", name: "Across the grid", via: [[\(a.lon), \(a.lat)], [\(b.lon), \(b.lat)]] }],
        }
        """
        let recipePath = root.appendingPathComponent("grid.json5")
        try recipe.write(to: recipePath, atomically: true, encoding: .utf8)
        let summary = try TestData.build(recipePath: recipePath.path, outRoot: root.appendingPathComponent("pack").path)
        #expect(TestData.strictValidationFailure(root.appendingPathComponent("pack")) == nil)
        return (root.appendingPathComponent("pack/regions/grid"), summary)
    }

    static func region() throws -> RegionNetwork { try RegionNetwork(folder: try built.get().folder.path) }
}

/// An independent reading of `routing.json` (Foundation's JSON parser, no trailpack code) and a
/// plain Dijkstra over it, for comparing the router's answers with.
struct ReferenceGraph {
    struct Edge { var a: Int, b: Int, lengthM: Double, timeS: [Double?], trail: Int, oneway: Bool }
    var nodes: [LonLat] = []
    var edges: [Edge] = []

    init(file: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        nodes = (root["nodes"] as! [[Double]]).map { LonLat($0[0], $0[1]) }
        edges = (root["edges"] as! [[String: Any]]).map { e in
            let t = e["timeS"] as! [Any]
            return Edge(a: e["a"] as! Int, b: e["b"] as! Int, lengthM: e["lengthM"] as! Double,
                        timeS: t.map { $0 as? Double }, trail: e["trail"] as! Int, oneway: e["oneway"] as? Bool ?? false)
        }
    }

    /// Least cost from `source` to every node; `cost(edge, forward)` nil forbids a direction.
    func dijkstra(from source: Int, cost: (Edge, Bool) -> Double?) -> [Double] {
        var adjacency = Array(repeating: [(Int, Bool)](), count: nodes.count)
        for (k, e) in edges.enumerated() { adjacency[e.a].append((k, true)); adjacency[e.b].append((k, false)) }
        var best = Array(repeating: Double.infinity, count: nodes.count)
        var done = Array(repeating: false, count: nodes.count)
        best[source] = 0
        for _ in nodes.indices {
            var u = -1
            for v in nodes.indices where !done[v] && best[v].isFinite && (u < 0 || best[v] < best[u]) { u = v }
            if u < 0 { break }
            done[u] = true
            for (k, forward) in adjacency[u] {
                let e = edges[k]
                guard let c = cost(e, forward) else { continue }
                let v = forward ? e.b : e.a
                best[v] = min(best[v], best[u] + c)
            }
        }
        return best
    }

    func times(from source: Int) -> [Double] { dijkstra(from: source) { e, forward in e.timeS[forward ? 0 : 1] } }
    func lengths(from source: Int) -> [Double] {
        dijkstra(from: source) { e, forward in e.timeS[forward ? 0 : 1] == nil ? nil : e.lengthM }
    }
}
