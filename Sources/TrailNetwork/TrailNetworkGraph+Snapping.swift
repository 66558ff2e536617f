import Foundation
import TrailpackCore

extension TrailNetworkGraph {
    /// A recorded track is sampled every this many metres along it to find the trails it walks.
    public static let snapSampleM = 20.0
    /// The track's length is measured on it thinned to vertices at least this far apart, metres.
    public static let snapGroundStepM = 10.0
    /// A sample farther than this from the network is off it, metres.
    public static let snapMaxOffM = 30.0
    /// Samples within this distance of a junction node (three edge ends or more) are not snapped
    /// to the nearest edge (GPS drift could put them on the wrong branch): the node is the via
    /// point instead, metres.
    public static let snapNodeClearM = 30.0
    /// A track's first (last) point within this distance of a node of the edge nearest to it
    /// starts (ends) the snapped path at that node, metres.
    public static let snapEndNodeM = 15.0
    /// Share of the samples (0...1) that must lie on the network for a track to be snapped.
    public static let snapMinShare = 0.9
    /// A via point whose legs run longer over the network than the track between its neighbours
    /// by more than this many metres plus `snapDetourShare` of that track's length is dropped (it
    /// snapped to a branch the track did not walk). A via point on a wrong branch lies at least
    /// `snapNodeClearM` out, a detour of twice that; the allowance stays well under it over the
    /// 40-120 m between neighbours (19-27 m), and over the track's own error against the mapped line.
    public static let snapDetourSlackM = 15.0
    public static let snapDetourShare = 0.1
    /// Along one edge a via point is kept at least this often (track metres), and where it turns back.
    public static let snapKeepEveryM = 200.0
    /// Detours are measured between the via points up to this many places either side.
    public static let snapDetourSpan = 3
    /// The snapped path's length must be within this share (0...1) of the track's length.
    public static let snapLengthShare = 0.15

    /// The path over the network that a recorded track walks, as if routed (`route(via:)`):
    /// junctions, trail names and geometry from the network, so GPS drift moves no junction and
    /// turns no branch; nil when the track is not on the network.
    ///
    /// The track is sampled every `snapSampleM` metres along it. It is on the network when at
    /// least `snapMinShare` of the samples, and both ends, lie within `snapMaxOffM` of it. The
    /// samples that are not within `snapNodeClearM` of a junction node (and both ends) become via
    /// points (near one, the node itself); along one edge only those where the track turns back,
    /// one every `snapKeepEveryM` and those next to another edge are kept; a via point whose legs make a detour the track does not (between the via points 1
    /// to `snapDetourSpan` places either side, more than `snapDetourSlackM` plus
    /// `snapDetourShare` of the track between them) is dropped, the worst within that many places
    /// first, and the rest routed again. A turnaround between two branches stays: the
    /// track walked it. Nil too when routing fails or the snapped path's length differs from the
    /// track's by more than `snapLengthShare`.
    public func snapTrack(_ coords: [LonLat]) -> RoutedPath? {
        guard coords.count >= 2, !edges.isEmpty, coords.allSatisfy(\.isFinite) else { return nil }
        // Distances along the ground: at one fix a second, GPS jitter makes a track up to 1.6
        // times as long as the way walked; thinned to vertices `snapGroundStepM` apart it is not.
        var ground = [coords[0]]
        for p in coords.dropFirst().dropLast() where Geodesic.distanceM(ground[ground.count - 1], p) >= Self.snapGroundStepM {
            ground.append(p)
        }
        ground.append(coords[coords.count - 1])
        let coords = ground
        var cumM = [0.0]
        for k in 1..<coords.count { cumM.append(cumM[k - 1] + Geodesic.distanceM(coords[k - 1], coords[k])) }
        let totalM = cumM[cumM.count - 1]
        guard totalM >= 2 * Self.snapSampleM else { return nil }

        // Samples every `snapSampleM` along the track, and its last point.
        var samples: [(alongM: Double, point: LonLat)] = []
        var seg = 1
        var alongM = 0.0
        while alongM < totalM {
            while seg < coords.count - 1, cumM[seg] < alongM { seg += 1 }
            let stepM = cumM[seg] - cumM[seg - 1]
            let t = stepM > 0 ? (alongM - cumM[seg - 1]) / stepM : 0
            samples.append((alongM, Geodesic.interpolate(coords[seg - 1], coords[seg], fraction: min(1, max(0, t)))))
            alongM += Self.snapSampleM
        }
        samples.append((totalM, coords[coords.count - 1]))

        var onNetwork = 0
        var vias: [(alongM: Double, point: LonLat)] = []
        // Where each via point lies on the network: its edge and metres along it (edge -1: a node).
        var placed: [(edge: Int, atM: Double)] = []
        for (i, s) in samples.enumerated() {
            guard let hit = grid.nearest(to: s.point, maxM: Self.snapMaxOffM + 1),
                  Geodesic.distanceM(s.point, hit.point) <= Self.snapMaxOffM else {
                if i == 0 || i == samples.count - 1 { return nil }
                continue
            }
            onNetwork += 1
            if i > 0, i < samples.count - 1 {
                let edge = edges[gridItems[hit.item].edge]
                let junction = [edge.fromNode, edge.toNode].filter { n in
                    incident[n].count >= 3 && Geodesic.distanceM(nodes[n], s.point) <= Self.snapNodeClearM
                }.min { Geodesic.distanceM(nodes[$0], s.point) < Geodesic.distanceM(nodes[$1], s.point) }
                if let junction {
                    // Near a junction the via is the junction itself, once (a turnaround there
                    // keeps its tip; a track passing by makes a detour and loses it below).
                    if vias.last?.point != nodes[junction] {
                        vias.append((s.alongM, nodes[junction]))
                        placed.append((-1, 0))
                    }
                    continue
                }
            }
            vias.append(s)
            let (edge, seg) = gridItems[hit.item]
            placed.append((edge, edgeCumM(edge)[seg] + hit.t * (edgeCumM(edge)[seg + 1] - edgeCumM(edge)[seg])))
        }
        // Along one edge the track needs a via point only where it turns back, every
        // `snapKeepEveryM`, and where the edge changes: routing between the rest is the same.
        var kept: [Int] = []
        for i in vias.indices {
            let isEnd = i == 0 || i == vias.count - 1
            guard !isEnd, placed[i].edge >= 0, placed[i - 1].edge == placed[i].edge, placed[i + 1].edge == placed[i].edge else {
                kept.append(i)
                continue
            }
            let turnsBack = (placed[i].atM - placed[i - 1].atM) * (placed[i + 1].atM - placed[i].atM) < 0
            if turnsBack || vias[i].alongM - vias[kept[kept.count - 1]].alongM >= Self.snapKeepEveryM { kept.append(i) }
        }
        vias = kept.map { vias[$0] }
        guard Double(onNetwork) >= Self.snapMinShare * Double(samples.count) else { return nil }
        // An end within `snapEndNodeM` of a node of its nearest edge starts (ends) at the node:
        // drift would otherwise leave a junction a few metres from the start to announce.
        for i in [0, vias.count - 1] {
            guard let hit = grid.nearest(to: vias[i].point) else { continue }
            let edge = edges[gridItems[hit.item].edge]
            let near = [edge.fromNode, edge.toNode].map { ($0, Geodesic.distanceM(nodes[$0], vias[i].point)) }
                .filter { $0.1 <= Self.snapEndNodeM }.min { $0.1 < $1.1 }
            if let near { vias[i].point = nodes[near.0] }
        }

        while true {
            let routed: RoutedPath
            do {
                routed = try route(via: vias.indices.map { ViaPoint(label: String($0), location: vias[$0].point) })
            } catch .unreachable(let fromLabel, let toLabel) {
                // A via point on a piece of trail not joined to the rest (a way crossing without a
                // shared node): drop it, the later one first.
                guard let a = Int(fromLabel), let b = Int(toLabel) else { return nil }
                if b < vias.count - 1 { vias.remove(at: b) } else if a > 0 { vias.remove(at: a) } else { return nil }
                continue
            } catch { return nil }
            let pathCumM = Self.cumulativeM(routed.path.coords)
            // Each interior via point's worst detour over 1 to `snapDetourSpan` neighbours.
            var excess = [Double](repeating: 0, count: vias.count)
            if vias.count > 2 {
                for i in 1..<(vias.count - 1) {
                    // A run of drifted samples on the wrong branch makes its detour only as a whole.
                    for span in 1...Self.snapDetourSpan {
                        let a = max(0, i - span), b = min(vias.count - 1, i + span)
                        let routeM = pathCumM[routed.viaIndices[b]] - pathCumM[routed.viaIndices[a]]
                        let trackM = vias[b].alongM - vias[a].alongM
                        excess[i] = max(excess[i], routeM - trackM - (Self.snapDetourSlackM + Self.snapDetourShare * trackM))
                    }
                }
            }
            // Drop every via point whose detour is the worst within `snapDetourSpan` places (so a
            // long track needs a few rounds, not one per detour), and route again.
            let drop = Set(excess.indices.filter { i in
                excess[i] > 0 && (max(0, i - Self.snapDetourSpan)...min(vias.count - 1, i + Self.snapDetourSpan)).allSatisfy { j in
                    excess[j] < excess[i] || (excess[j] == excess[i] && j >= i)
                }
            })
            if !drop.isEmpty {
                vias = vias.indices.filter { !drop.contains($0) }.map { vias[$0] }
                continue
            }
            guard abs(routed.lengthM - totalM) <= Self.snapLengthShare * totalM else { return nil }
            return routed
        }
    }

    /// Metres from the start of edge `e` to each of its vertices.
    func edgeCumM(_ e: Int) -> [Double] { Self.cumulativeM(edges[e].coords) }

    static func cumulativeM(_ coords: [LonLat]) -> [Double] {
        var out = [Double](repeating: 0, count: coords.count)
        for k in coords.indices.dropFirst() { out[k] = out[k - 1] + Geodesic.distanceM(coords[k - 1], coords[k]) }
        return out
    }
}
