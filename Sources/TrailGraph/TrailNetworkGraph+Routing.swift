import Foundation
import TrailpackCore

/// A piece of the per-route graph: a whole network edge, or a piece of one split at vias.
struct EdgePiece {
    var from: Int
    var to: Int
    var coords: [LonLat]
    var lengthM: Double
    var trailName: String?
    /// The network edge's step leaving `from` / `to`, or nil where the piece ends at a via split.
    var fromEnd: PathStep?
    var toEnd: PathStep?
}

/// The network with via points spliced in as extra nodes (ids from `nodes.count` up).
struct ViaGraph {
    var nodeCount: Int
    var nodeCoords: [LonLat]
    var pieces: [EdgePiece]
    var outgoing: [[PathStep]]

    func departure(_ s: PathStep) -> Int { s.forward ? pieces[s.edge].from : pieces[s.edge].to }
    func arrival(_ s: PathStep) -> Int { s.forward ? pieces[s.edge].to : pieces[s.edge].from }

    /// A shortest path by length (`GraphSearch`).
    func shortestPath(from source: Int, to target: Int) -> [PathStep]? {
        GraphSearch.path(nodeCount: nodeCount, outgoing: outgoing, from: source, to: target,
                         departure: departure, arrival: arrival) { pieces[$0.edge].lengthM }
    }
}

extension TrailNetworkGraph {
    /// Shortest path over the network through `via` in order.
    ///
    /// Each via snaps to the nearest point of the network (splitting the edge there);
    /// consecutive legs are shortest paths by geodesic length (Dijkstra, ties broken by node and
    /// edge ids), joined without repeating the via vertex.
    ///
    /// `path.junctions` lists, in path order, every visit of a network node (not a via split
    /// point) where an edge end other than the path's incoming and outgoing ones meets; this
    /// includes the first and last vertex when they are such nodes. Branch bearings are
    /// measured `branchBearingDistanceM` (25 m) out along each branch.
    /// - Throws: `RoutingError.tooFewVias` for fewer than two vias, `.invalidVia` for a bad
    ///   coordinate, `.emptyNetwork`, `.viaOffNetwork` naming a via more than
    ///   `maxViaDistanceM` (200 m) from the network with the nearest point and distance, and
    ///   `.unreachable` naming two consecutive vias no path joins.
    public func route(via: [ViaPoint]) throws(RoutingError) -> RoutedPath {
        guard via.count >= 2 else { throw .tooFewVias(count: via.count) }
        for v in via where !(v.location.isFinite && abs(v.location.lon) <= 180 && abs(v.location.lat) <= 90) {
            throw .invalidVia(label: v.label, location: v.location)
        }
        guard !edges.isEmpty else { throw .emptyNetwork }

        // Snap every via.
        var snaps: [(edge: Int, cut: EdgeCut, distanceM: Double)] = []
        for v in via {
            guard let hit = locate(v.location) else { throw .emptyNetwork }
            if hit.distanceM > Self.maxViaDistanceM {
                throw .viaOffNetwork(label: v.label, location: v.location, nearest: hit.point,
                                     distanceM: hit.distanceM, maxDistanceM: Self.maxViaDistanceM)
            }
            snaps.append((hit.edge, EdgeCut(seg: hit.seg, t: hit.t, point: hit.point, node: -1), hit.distanceM))
        }
        let (graph, viaNodes) = viaGraph(splittingAt: snaps.map { ($0.edge, $0.cut) })

        // Route leg by leg.
        var coords = [graph.nodeCoords[viaNodes[0]]]
        var names: [String?] = []
        var viaIndices = [0]
        var visits: [(index: Int, node: Int, incoming: PathStep?, outgoing: PathStep?)] = []
        var pending: (index: Int, node: Int, incoming: PathStep?) = (0, viaNodes[0], nil)
        for leg in 1..<via.count {
            guard let steps = graph.shortestPath(from: viaNodes[leg - 1], to: viaNodes[leg]) else {
                throw .unreachable(fromLabel: via[leg - 1].label, toLabel: via[leg].label)
            }
            for step in steps {
                visits.append((pending.index, pending.node, pending.incoming, step))
                let e = graph.pieces[step.edge]
                let piece = step.forward ? e.coords : e.coords.reversed()
                for c in piece.dropFirst() where coords.last != c {
                    coords.append(c)
                    names.append(e.trailName)
                }
                pending = (coords.count - 1, step.forward ? e.to : e.from, step)
            }
            viaIndices.append(coords.count - 1)
        }
        visits.append((pending.index, pending.node, pending.incoming, nil))

        var junctions: [RouteJunction] = []
        for visit in visits where visit.node < nodes.count {
            var used = Set<PathStep>()
            if let s = visit.incoming, let end = s.forward ? graph.pieces[s.edge].toEnd : graph.pieces[s.edge].fromEnd {
                used.insert(end)
            }
            if let s = visit.outgoing, let end = s.forward ? graph.pieces[s.edge].fromEnd : graph.pieces[s.edge].toEnd {
                used.insert(end)
            }
            let branches = branches(atNode: visit.node, excluding: used)
            if !branches.isEmpty { junctions.append(RouteJunction(index: visit.index, branches: branches)) }
        }
        let path = RoutePath(coords: coords, segmentTrailNames: names, junctions: junctions, onNetwork: true)
        return RoutedPath(path: path, trailNames: RoutedPath.collapsingRepeats(names),
                          lengthM: Geodesic.lengthM(coords), viaIndices: viaIndices,
                          viaSnapDistancesM: snaps.map(\.distanceM))
    }

    /// Node ids for network edge positions: an existing node when the position lies within
    /// 0.5 m (along the edge) of an edge end, else a new via node splitting the edge (`EdgeSplit`).
    func viaGraph(splittingAt snaps: [(edge: Int, cut: EdgeCut)]) -> (ViaGraph, [Int]) {
        let endToleranceM = 0.5
        var nodeCoords = nodes
        var viaNodes = Array(repeating: -1, count: snaps.count)
        var splits: [Int: [EdgeCut]] = [:]
        for (k, snap) in snaps.enumerated() {
            let edge = edges[snap.edge]
            let alongM = Geodesic.lengthM(Array(edge.coords[0...snap.cut.seg]))
                + (snap.cut.t > 0 ? Geodesic.distanceM(edge.coords[snap.cut.seg], snap.cut.point) : 0)
            if alongM <= endToleranceM { viaNodes[k] = edge.fromNode; continue }
            if edge.lengthM - alongM <= endToleranceM { viaNodes[k] = edge.toNode; continue }
            if let same = splits[snap.edge]?.first(where: { $0.seg == snap.cut.seg && $0.t == snap.cut.t && $0.point == snap.cut.point }) {
                viaNodes[k] = same.node
                continue
            }
            var cut = snap.cut
            cut.node = nodeCoords.count
            nodeCoords.append(cut.point)
            splits[snap.edge, default: []].append(cut)
            viaNodes[k] = cut.node
        }
        var pieces: [EdgePiece] = []
        for edge in edges {
            let cuts = (splits[edge.id] ?? []).sorted { $0.isBefore($1) }
            let coords = EdgeSplit.pieceCoords(edge.coords, cuts: cuts)
            for (k, piece) in coords.enumerated() {
                pieces.append(EdgePiece(from: k == 0 ? edge.fromNode : cuts[k - 1].node, to: k == cuts.count ? edge.toNode : cuts[k].node,
                                        coords: piece, lengthM: cuts.isEmpty ? edge.lengthM : Geodesic.lengthM(piece), trailName: edge.trailName,
                                        fromEnd: k == 0 ? PathStep(edge: edge.id, forward: true) : nil,
                                        toEnd: k == cuts.count ? PathStep(edge: edge.id, forward: false) : nil))
            }
        }
        var outgoing: [[PathStep]] = Array(repeating: [], count: nodeCoords.count)
        for (k, e) in pieces.enumerated() {
            outgoing[e.from].append(PathStep(edge: k, forward: true))
            outgoing[e.to].append(PathStep(edge: k, forward: false))
        }
        return (ViaGraph(nodeCount: nodeCoords.count, nodeCoords: nodeCoords, pieces: pieces, outgoing: outgoing), viaNodes)
    }
}

extension TrailNetworkGraph {
    /// The nearest point of the network to `p`; nil when the network is empty.
    public func locate(_ p: LonLat) -> EdgeLocation? { index.nearest(to: p) }
}
