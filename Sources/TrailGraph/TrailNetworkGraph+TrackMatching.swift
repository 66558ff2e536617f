import Foundation
import PackReader
import TrailpackCore

extension TrailNetworkGraph {
    /// Share of a track's length (0...1) that must lie within tolerance of the network for
    /// `matchTrack` to call it on the network.
    public static let onNetworkMinShare = 0.8
    /// A track point within this distance (metres) of an edge lies on the network (`matchTrack`).
    public static let matchToleranceM = 15.0

    /// Relates a recorded track to the network without changing its vertices.
    ///
    /// The track is on the network when at least `onNetworkMinShare` (80 %) of its length,
    /// sampled about every 5 m, lies within `toleranceM` metres of network edges. Then
    /// `segmentTrailNames[k]` is the name of the edge nearest the midpoint of segment k (nil
    /// when that edge is unnamed or none lies within `toleranceM`), and `junctions` lists the
    /// network nodes within `toleranceM` of the track where an edge the track does not follow
    /// leaves (an edge counts as followed when its point 20 m out, or halfway for a shorter
    /// edge, lies within `toleranceM` of the track); each junction's `index` is the nearest
    /// vertex of the nearest track segment. Off the network: `onNetwork == false`, no names,
    /// no junctions. Tracks with fewer than two vertices are off the network.
    public func matchTrack(_ coords: [LonLat], toleranceM: Double = matchToleranceM) -> RoutePath {
        let offNetwork = RoutePath(coords: coords, segmentTrailNames: [], junctions: [], onNetwork: false)
        guard coords.count >= 2, !network.edges.isEmpty, coords.allSatisfy(\.isFinite) else { return offNetwork }

        guard networkShare(coords, toleranceM: toleranceM) >= Self.onNetworkMinShare else { return offNetwork }
        let network = network
        let names = coords.indices.dropFirst().map { k in
            bestEdge(forSegment: coords[k - 1], coords[k], toleranceM: toleranceM).flatMap { network.edges[$0].name }
        }

        guard let trackBounds = BBox(covering: coords) else { return offNetwork }
        var trackGrid = SegmentGrid(bounds: trackBounds, cellM: 50)
        for k in 1..<coords.count { trackGrid.insert(coords[k - 1], coords[k]) }
        func nearTrack(_ p: LonLat) -> SegmentGrid.Hit? {
            guard let hit = trackGrid.nearest(to: p, maxM: toleranceM + 1),
                  Geodesic.distanceM(p, hit.point) <= toleranceM else { return nil }
            return hit
        }
        let box = trackBounds.expanded(byMetres: toleranceM + 1)
        var found: [(index: Int, node: Int, branches: [JunctionBranch])] = []
        for (n, node) in network.nodes.enumerated() where box.contains(node.location) {
            let nodePoint = node.location
            guard let hit = nearTrack(nodePoint) else { continue }
            let used = Set(router.outgoing[n].filter { nearTrack(probePoint($0, distanceM: 20)) != nil })
            let branches = LineWalk.branches(leaving: router.outgoing[n], excluding: used, coords: network.coords) { network.edges[$0.edge].name }
            guard !branches.isEmpty else { continue }
            let a = coords[hit.item], b = coords[hit.item + 1]
            let index = Geodesic.distanceM(nodePoint, a) <= Geodesic.distanceM(nodePoint, b) ? hit.item : hit.item + 1
            found.append((index, n, branches))
        }
        found.sort { $0.index != $1.index ? $0.index < $1.index : $0.node < $1.node }
        return RoutePath(coords: coords, segmentTrailNames: names,
                         junctions: found.map { RouteJunction(index: $0.index, branches: $0.branches) }, onNetwork: true)
    }

    /// The share (0...1) of the length of `coords`, sampled about every 5 m, that lies within
    /// `toleranceM` metres of network edges; 0 for a line of no length.
    public func networkShare(_ coords: [LonLat], toleranceM: Double = matchToleranceM) -> Double {
        var totalM = 0.0, coveredM = 0.0
        for k in coords.indices.dropFirst() {
            let a = coords[k - 1], b = coords[k]
            let stepM = Geodesic.distanceM(a, b)
            let samples = max(1, Int((stepM / 5).rounded(.up)))
            var inside = 0
            for s in 0..<samples {
                let p = Geodesic.interpolate(a, b, fraction: (Double(s) + 0.5) / Double(samples))
                if let hit = router.locate(p, withinM: toleranceM + 1), hit.distanceM <= toleranceM { inside += 1 }
            }
            totalM += stepM
            coveredM += stepM * Double(inside) / Double(samples)
        }
        return totalM > 0 ? coveredM / totalM : 0
    }

    /// The edge that best follows track segment `a`-`b`: among edges within `toleranceM` of its
    /// midpoint, the one whose largest distance to `a`, the midpoint and `b` is smallest (so a
    /// side trail touching the track at one point loses to the trail the track runs along); ties
    /// go to the lower edge id. Nil when no edge lies within `toleranceM` of the midpoint.
    func bestEdge(forSegment a: LonLat, _ b: LonLat, toleranceM: Double) -> Int? {
        let mid = Geodesic.interpolate(a, b, fraction: 0.5)
        let reachM = 3 * toleranceM, network = network
        func distances(_ q: LonLat) -> [Int: Double] {
            var out: [Int: Double] = [:]
            for (edge, seg) in router.segments(near: q, maxM: reachM) {
                let c = network.edges[edge].coords
                let d = projectOntoSegment(q, c[seg], c[seg + 1]).planarM
                out[edge] = min(out[edge] ?? .infinity, d)
            }
            return out
        }
        let atMid = distances(mid).filter { $0.value <= toleranceM }
        guard !atMid.isEmpty else { return nil }
        let atA = distances(a), atB = distances(b)
        var best: (edge: Int, scoreM: Double)?
        for edge in atMid.keys.sorted() {
            let scoreM = max(atMid[edge]!, atA[edge] ?? 2 * reachM, atB[edge] ?? 2 * reachM)
            if best == nil || scoreM < best!.scoreM { best = (edge, scoreM) }
        }
        return best?.edge
    }

    /// The point `distanceM` along `step` from its node, or halfway along a shorter edge.
    func probePoint(_ step: PathStep, distanceM: Double) -> LonLat {
        LineWalk.point(network.coords(step), atM: min(distanceM, network.edges[step.edge].profile.lengthM / 2))
    }
}
