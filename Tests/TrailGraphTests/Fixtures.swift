import Foundation
import TestSupport
import TrailpackCore
@testable import TrailGraph

/// Constructed geometry: points given in metres east/north of a fixed origin in New Hampshire.
enum Local {
    static let origin = LonLat(-71.40, 44.50)

    /// The point `eastM` east and `northM` north of `origin` (geodesic polar offset).
    static func p(_ eastM: Double, _ northM: Double) -> LonLat {
        let distanceM = (eastM * eastM + northM * northM).squareRoot()
        guard distanceM > 0 else { return origin }
        let bearingDeg = atan2(eastM, northM) * 180 / Double.pi
        return Geodesic.destination(from: origin, bearingDeg: bearingDeg, distanceM: distanceM)
    }

    static func line(_ id: String, _ name: String?, _ points: [(Double, Double)]) -> TrailLine {
        TrailLine(id: id, name: name, coords: points.map { p($0.0, $0.1) })
    }

    static func via(_ label: String, _ eastM: Double, _ northM: Double) -> ViaPoint {
        ViaPoint(label: label, location: p(eastM, northM))
    }
}

/// Smallest absolute difference between two bearings in degrees.
func angleDiffDeg(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return min(d, 360 - d)
}

/// The real Pliny/Kilkenny OSM extract, read with Foundation (not through the code under test).
enum Pliney {
    struct Way {
        var id: String
        var name: String?
        var coords: [LonLat]
    }

    /// The ways, read once; a file that cannot be read fails the tests that read it.
    static var ways: [Way] { get throws { try readWays.get() } }
    private static let readWays = Result { () throws -> [Way] in
        let data = try Data(contentsOf: URL(fileURLWithPath: TestData.path("white-mountains/wmnf-pliney.geojson")))
        let root: [String: Any] = try FixtureError.unwrap(try JSONSerialization.jsonObject(with: data), "the GeoJSON object")
        let features: [[String: Any]] = try FixtureError.unwrap(root["features"], "features")
        return try features.map { f in
            let props: [String: Any] = try FixtureError.unwrap(f["properties"], "properties")
            let geometry: [String: Any] = try FixtureError.unwrap(f["geometry"], "geometry")
            let raw: [[Double]] = try FixtureError.unwrap(geometry["coordinates"], "coordinates")
            let id = props["osm_way_id"].map { "\($0)" } ?? "?"
            return Way(id: id, name: props["name"] as? String, coords: raw.map { LonLat($0[0], $0[1]) })
        }
    }

    static var lines: [TrailLine] { get throws { try ways.map { TrailLine(id: $0.id, name: $0.name, coords: $0.coords) } } }

    static func way(_ id: String) throws -> Way {
        guard let way = try ways.first(where: { $0.id == id }) else { throw FixtureError("no way \(id) in wmnf-pliney.geojson") }
        return way
    }

    /// The graph of the ways, built once.
    static var graph: TrailNetworkGraph { get throws { try builtGraph.get() } }
    private static let builtGraph = Result { try TrailNetworkGraph(lines: try lines) }

    /// Geodesic distance in metres from `p` to the nearest point of any way, found by brute force:
    /// golden-section search along every segment whose ends are not obviously too far.
    static func bruteForceDistanceM(to p: LonLat) throws -> Double {
        let ways = try Self.ways
        var bestVertexM = Double.infinity
        for w in ways { for c in w.coords { bestVertexM = min(bestVertexM, Geodesic.distanceM(p, c)) } }
        var best = bestVertexM
        for w in ways {
            for k in 1..<w.coords.count {
                let a = w.coords[k - 1], b = w.coords[k]
                let segM = Geodesic.distanceM(a, b)
                guard min(Geodesic.distanceM(p, a), Geodesic.distanceM(p, b)) - segM <= best else { continue }
                var lo = 0.0, hi = 1.0
                for _ in 0..<60 {
                    let m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618
                    let d1 = Geodesic.distanceM(p, Geodesic.interpolate(a, b, fraction: m1))
                    let d2 = Geodesic.distanceM(p, Geodesic.interpolate(a, b, fraction: m2))
                    if d1 < d2 { hi = m2 } else { lo = m1 }
                }
                best = min(best, Geodesic.distanceM(p, Geodesic.interpolate(a, b, fraction: (lo + hi) / 2)))
            }
        }
        return best
    }
}

/// A deterministic permutation (LCG-driven Fisher-Yates) for order-independence tests.
func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
    var out = items
    var state = seed
    for k in stride(from: out.count - 1, to: 0, by: -1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let j = Int((state >> 33) % UInt64(k + 1))
        out.swapAt(k, j)
    }
    return out
}
