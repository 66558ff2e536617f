import Foundation
import PackReader
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
    /// turns no branch; nil when the track is not on the network (`snap` says which rule refused).
    public func snapTrack(_ coords: [LonLat]) -> RoutedPath? { try? snap(coords) }

    /// `snapTrack`, or the rule that refused the track and by how much.
    ///
    /// The track is sampled every `snapSampleM` metres along the ground. It is on the network
    /// when at least `snapMinShare` of the samples, and both ends, lie within `snapMaxOffM` of it.
    /// The samples become via points (`viaPoints`), which are routed with the detours the track
    /// does not make dropped (`routeWithoutDetours`). Refused too when routing fails or the snapped
    /// path's length differs from the track's by more than `snapLengthShare`.
    /// - Throws: `SnapRefusal`.
    public func snap(_ coords: [LonLat]) throws(SnapRefusal) -> RoutedPath {
        guard coords.count >= 2, !network.edges.isEmpty, coords.allSatisfy(\.isFinite) else { throw .noLine }
        let (samples, totalM) = Self.groundSamples(coords)
        guard totalM >= 2 * Self.snapSampleM else { throw .tooShort(lengthM: totalM) }
        let vias = try viaPoints(samples)
        guard let routed = routeWithoutDetours(vias) else { throw .unroutable }
        guard abs(routed.lengthM - totalM) <= Self.snapLengthShare * totalM else {
            throw .lengthDiffers(routedM: routed.lengthM, trackM: totalM)
        }
        return routed
    }

    /// Length in metres of the ground a recorded track covers: the track thinned to vertices
    /// `snapGroundStepM` apart (GPS jitter at one fix a second adds a third or more to the length
    /// of the fixes; the thinned line is within a few per cent of the ground).
    public static func groundLengthM(_ coords: [LonLat]) -> Double {
        coords.count < 2 ? 0 : groundSamples(coords).lengthM
    }

    /// A point of a track and its distance along the ground from the track's start, metres.
    typealias TrackSample = (alongM: Double, point: LonLat)

    /// Points every `snapSampleM` metres along the ground of `coords` (thinned to vertices
    /// `snapGroundStepM` apart: at one fix a second, GPS jitter makes a track up to 1.6 times as
    /// long as the way walked), its last point, and that ground length in metres.
    static func groundSamples(_ coords: [LonLat]) -> (samples: [TrackSample], lengthM: Double) {
        let ground = GroundLine.thinned(coords, minStepM: snapGroundStepM)
        let cumM = Geodesic.cumulativeDistancesM(ground)
        let totalM = cumM[cumM.count - 1]
        var samples: [TrackSample] = []
        var seg = 1
        var alongM = 0.0
        while alongM < totalM {
            while seg < ground.count - 1, cumM[seg] < alongM { seg += 1 }
            let stepM = cumM[seg] - cumM[seg - 1]
            let t = stepM > 0 ? (alongM - cumM[seg - 1]) / stepM : 0
            samples.append((alongM, Geodesic.interpolate(ground[seg - 1], ground[seg], fraction: min(1, max(0, t)))))
            alongM += snapSampleM
        }
        samples.append((totalM, ground[ground.count - 1]))
        return (samples, totalM)
    }

    /// Via points for `samples`, nil when fewer than `snapMinShare` of them (or an end) lie within
    /// `snapMaxOffM` of the network. Each sample snaps to the nearest trail, except within
    /// `snapNodeClearM` of a junction node, where GPS drift could put it on the wrong branch: there
    /// the node is the via point, once (a turnaround at the junction keeps its tip; a track that
    /// only passes near makes a detour and loses it in `routeWithoutDetours`). Along one edge only
    /// the via points where the track turns back, one every `snapKeepEveryM` and those next to
    /// another edge are kept (routing between the rest is the same). An end within `snapEndNodeM`
    /// of a node of its trail moves onto the node, so drift leaves no junction a few metres from
    /// the start to announce.
    /// - Throws: `SnapRefusal.endOff` or `.share`.
    func viaPoints(_ samples: [TrackSample]) throws(SnapRefusal) -> [TrackSample] {
        var onNetwork = 0
        var vias: [TrackSample] = []
        // Where each via point lies on the network: its edge and metres along it (edge -1: a node).
        var placed: [(edge: Int, atM: Double)] = []
        var edgeCumM: [Int: [Double]] = [:]
        let network = network, outgoing = router.outgoing
        for (i, s) in samples.enumerated() {
            guard let hit = router.locate(s.point, withinM: Self.snapMaxOffM + 1), hit.distanceM <= Self.snapMaxOffM else {
                if i == 0 || i == samples.count - 1 {
                    throw .endOff(atStart: i == 0, distanceM: locate(s.point)?.distanceM ?? .infinity)
                }
                continue
            }
            onNetwork += 1
            let (edge, seg) = (hit.edge, hit.seg)
            if i > 0, i < samples.count - 1, let junction = [network.edges[edge].a, network.edges[edge].b].filter({ n in
                outgoing[n].count >= 3 && Geodesic.distanceM(network.nodes[n].location, s.point) <= Self.snapNodeClearM
            }).min(by: { Geodesic.distanceM(network.nodes[$0].location, s.point) < Geodesic.distanceM(network.nodes[$1].location, s.point) }) {
                if vias.last?.point != network.nodes[junction].location {
                    vias.append((s.alongM, network.nodes[junction].location))
                    placed.append((-1, 0))
                }
                continue
            }
            vias.append(s)
            let cumM = edgeCumM[edge] ?? Geodesic.cumulativeDistancesM(network.edges[edge].coords)
            edgeCumM[edge] = cumM
            placed.append((edge, hit.t == 0 ? cumM[seg] : cumM[seg] + hit.t * (cumM[seg + 1] - cumM[seg])))
        }
        guard Double(onNetwork) >= Self.snapMinShare * Double(samples.count) else {
            throw .share(onShare: Double(onNetwork) / Double(samples.count))
        }
        var kept: [Int] = []
        for i in vias.indices {
            guard i > 0, i < vias.count - 1, placed[i].edge >= 0,
                  placed[i - 1].edge == placed[i].edge, placed[i + 1].edge == placed[i].edge else {
                kept.append(i)
                continue
            }
            let turnsBack = (placed[i].atM - placed[i - 1].atM) * (placed[i + 1].atM - placed[i].atM) < 0
            if turnsBack || vias[i].alongM - vias[kept[kept.count - 1]].alongM >= Self.snapKeepEveryM { kept.append(i) }
        }
        var out = kept.map { vias[$0] }
        for i in [0, out.count - 1] {
            guard let hit = locate(out[i].point) else { continue }
            let edge = network.edges[hit.edge]
            let near = [edge.a, edge.b].map { ($0, Geodesic.distanceM(network.nodes[$0].location, out[i].point)) }
                .filter { $0.1 <= Self.snapEndNodeM }.min { $0.1 < $1.1 }
            if let near { out[i].point = network.nodes[near.0].location }
        }
        return out
    }

    /// `vias` routed over the network, dropping the via points whose legs make a detour the track
    /// does not: between the via points 1 to `snapDetourSpan` places either side (a run of
    /// drifted samples on the wrong branch makes its detour only as a whole), more than
    /// `snapDetourSlackM` plus `snapDetourShare` of the track between them; every via point whose
    /// detour is the worst within `snapDetourSpan` places goes in one round (so a long track needs a
    /// few rounds, not one per detour). A via point on a piece of trail joined to no other (a way
    /// crossing without a shared node) goes too. Nil when routing fails otherwise.
    func routeWithoutDetours(_ start: [TrackSample]) -> RoutedPath? {
        var vias = start
        while true {
            let routed: RoutedPath
            do {
                routed = try route(via: vias.indices.map { ViaPoint(label: String($0), location: vias[$0].point) })
            } catch .unreachable(let fromLabel, let toLabel) {
                guard let a = Int(fromLabel), let b = Int(toLabel) else { return nil }
                if b < vias.count - 1 { vias.remove(at: b) } else if a > 0 { vias.remove(at: a) } else { return nil }
                continue
            } catch { return nil }
            let pathCumM = Geodesic.cumulativeDistancesM(routed.path.coords)
            var excess = [Double](repeating: 0, count: vias.count)
            for i in vias.indices.dropFirst().dropLast() {
                for span in 1...Self.snapDetourSpan {
                    let a = max(0, i - span), b = min(vias.count - 1, i + span)
                    let routeM = pathCumM[routed.viaIndices[b]] - pathCumM[routed.viaIndices[a]]
                    let trackM = vias[b].alongM - vias[a].alongM
                    excess[i] = max(excess[i], routeM - trackM - (Self.snapDetourSlackM + Self.snapDetourShare * trackM))
                }
            }
            let drop = Set(excess.indices.filter { i in
                excess[i] > 0 && (max(0, i - Self.snapDetourSpan)...min(vias.count - 1, i + Self.snapDetourSpan)).allSatisfy { j in
                    excess[j] < excess[i] || (excess[j] == excess[i] && j >= i)
                }
            })
            guard !drop.isEmpty else { return routed }
            vias = vias.indices.filter { !drop.contains($0) }.map { vias[$0] }
        }
    }
}

/// Why a recorded track was not snapped to the trails (`TrailNetworkGraph.snap`); the
/// description is the build note's reason.
public enum SnapRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than two finite vertices, or no trails.
    case noLine
    /// The track covers less than two sampling steps of ground, metres.
    case tooShort(lengthM: Double)
    /// The track's start (or end) lies this far from every trail, metres.
    case endOff(atStart: Bool, distanceM: Double)
    /// This share (0...1) of the samples lies on the trails.
    case share(onShare: Double)
    /// No path over the trails joins the samples.
    case unroutable
    /// The path over the trails and the track's ground differ in length, metres.
    case lengthDiffers(routedM: Double, trackM: Double)

    public var description: String {
        typealias G = TrailNetworkGraph
        switch self {
        case .noLine: return "it has no line to compare with the trails"
        case .tooShort(let lengthM):
            return String(format: "it covers %.0f m of ground, under the %.0f m needed", lengthM, 2 * G.snapSampleM)
        case .endOff(let atStart, let distanceM):
            return String(format: "its %@ lies %.0f m from the nearest trail (at most %.0f m)", atStart ? "start" : "end", distanceM, G.snapMaxOffM)
        case .share(let onShare):
            return String(format: "%.0f%% of it lies within %.0f m of a trail (%.0f%% needed)", onShare * 100, G.snapMaxOffM, G.snapMinShare * 100)
        case .unroutable: return "no path over the trails joins its points"
        case .lengthDiffers(let routedM, let trackM):
            return String(format: "the trails it follows are %.2f km long against its %.2f km (within %.0f%% needed)",
                          routedM / 1000, trackM / 1000, G.snapLengthShare * 100)
        }
    }
}
