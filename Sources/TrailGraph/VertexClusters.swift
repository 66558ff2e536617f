import Foundation
import TrailpackCore

/// Groups points that lie within `radiusM` of a cluster's first point (greedy, in input order, so
/// chains of close points do not merge transitively). Cluster ids follow first appearance.
struct VertexClusters {
    /// Representative (first) point of each cluster.
    private(set) var representatives: [LonLat] = []
    private var cells: [Int64: [Int]] = [:]
    private let originLon: Double
    private let originLat: Double
    private let xMPerDeg: Double
    private let yMPerDeg = 110_574.0
    private let radiusM: Double
    private let cellM: Double

    init(bounds: BBox, radiusM: Double) {
        originLon = bounds.west
        originLat = bounds.south
        xMPerDeg = LocalMetric(latDeg: min(max(abs(bounds.south), abs(bounds.north)), 89.9)).mPerDegLon
        self.radiusM = radiusM
        cellM = 2 * radiusM
    }

    private func cell(_ p: LonLat) -> (Int, Int) {
        (Int(((p.lon - originLon) * xMPerDeg / cellM).rounded(.down)),
         Int(((p.lat - originLat) * yMPerDeg / cellM).rounded(.down)))
    }

    private static func key(_ cx: Int, _ cy: Int) -> Int64 { (Int64(cx) << 32) ^ Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: cy))) }

    /// The cluster `p` belongs to: the nearest existing representative within `radiusM`
    /// (geodesic; ties to the lower id), or a new cluster founded by `p`.
    mutating func assign(_ p: LonLat) -> Int {
        let (cx, cy) = cell(p)
        var best: (id: Int, distanceM: Double)?
        for dx in -1...1 {
            for dy in -1...1 {
                guard let ids = cells[Self.key(cx + dx, cy + dy)] else { continue }
                for id in ids {
                    let d = Geodesic.distanceM(p, representatives[id])
                    guard d <= radiusM else { continue }
                    if best == nil || d < best!.distanceM || (d == best!.distanceM && id < best!.id) { best = (id, d) }
                }
            }
        }
        if let best { return best.id }
        let id = representatives.count
        representatives.append(p)
        cells[Self.key(cx, cy), default: []].append(id)
        return id
    }
}
