import Foundation
import TrailpackCore

/// A position on a network edge: vertex `seg` when `t == 0`, else the fraction `t` (0 < t < 1)
/// along segment `seg`.
struct EdgePosition: Equatable {
    var seg: Int
    var t: Double
    var point: LonLat

    func isBefore(_ other: EdgePosition) -> Bool { seg != other.seg ? seg < other.seg : t < other.t }
}

/// An edge of the per-route graph: a whole network edge, or a piece of one split at vias.
struct RoutingEdge {
    var from: Int
    var to: Int
    var coords: [LonLat]
    var lengthM: Double
    var trailName: String?
    /// The network edge end at `from` / `to`, or nil where the piece ends at a via split.
    var fromEnd: EdgeEnd?
    var toEnd: EdgeEnd?
}

/// The network with via points spliced in as extra nodes (ids from `nodes.count` up).
struct RoutingGraph {
    var nodeCoords: [LonLat]
    var edges: [RoutingEdge]
    var adjacency: [[(edge: Int, forward: Bool)]]
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
        var snaps: [(edge: Int, position: EdgePosition, distanceM: Double)] = []
        for v in via {
            guard let hit = grid.nearest(to: v.location) else { throw .emptyNetwork }
            let distanceM = Geodesic.distanceM(v.location, hit.point)
            if distanceM > Self.maxViaDistanceM {
                throw .viaOffNetwork(label: v.label, location: v.location, nearest: hit.point,
                                     distanceM: distanceM, maxDistanceM: Self.maxViaDistanceM)
            }
            let (edge, seg) = gridItems[hit.item]
            let position = hit.t >= 1 ? EdgePosition(seg: seg + 1, t: 0, point: hit.point)
                : EdgePosition(seg: seg, t: hit.t, point: hit.point)
            snaps.append((edge, position, distanceM))
        }
        let (graph, viaNodes) = routingGraph(splittingAt: snaps.map { ($0.edge, $0.position) })

        // Route leg by leg.
        var coords = [graph.nodeCoords[viaNodes[0]]]
        var names: [String?] = []
        var viaIndices = [0]
        var visits: [(index: Int, node: Int, incoming: (edge: Int, forward: Bool)?, outgoing: (edge: Int, forward: Bool)?)] = []
        var pending: (index: Int, node: Int, incoming: (edge: Int, forward: Bool)?) = (0, viaNodes[0], nil)
        for leg in 1..<via.count {
            guard let steps = shortestPath(in: graph, from: viaNodes[leg - 1], to: viaNodes[leg]) else {
                throw .unreachable(fromLabel: via[leg - 1].label, toLabel: via[leg].label)
            }
            for step in steps {
                visits.append((pending.index, pending.node, pending.incoming, step))
                let e = graph.edges[step.edge]
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
            var used = Set<EdgeEnd>()
            if let s = visit.incoming, let end = s.forward ? graph.edges[s.edge].toEnd : graph.edges[s.edge].fromEnd {
                used.insert(end)
            }
            if let s = visit.outgoing, let end = s.forward ? graph.edges[s.edge].fromEnd : graph.edges[s.edge].toEnd {
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
    /// 0.5 m (along the edge) of an edge end, else a new via node splitting the edge.
    func routingGraph(splittingAt snaps: [(edge: Int, position: EdgePosition)]) -> (RoutingGraph, [Int]) {
        let endToleranceM = 0.5
        var nodeCoords = nodes
        var viaNodes = Array(repeating: -1, count: snaps.count)
        var splits: [Int: [(position: EdgePosition, node: Int)]] = [:]
        for (k, snap) in snaps.enumerated() {
            let edge = edges[snap.edge]
            let alongM = Geodesic.lengthM(Array(edge.coords[0...snap.position.seg]))
                + (snap.position.t > 0 ? Geodesic.distanceM(edge.coords[snap.position.seg], snap.position.point) : 0)
            if alongM <= endToleranceM { viaNodes[k] = edge.fromNode; continue }
            if edge.lengthM - alongM <= endToleranceM { viaNodes[k] = edge.toNode; continue }
            if let same = splits[snap.edge]?.first(where: { $0.position == snap.position }) {
                viaNodes[k] = same.node
                continue
            }
            let node = nodeCoords.count
            nodeCoords.append(snap.position.point)
            splits[snap.edge, default: []].append((snap.position, node))
            viaNodes[k] = node
        }

        var routingEdges: [RoutingEdge] = []
        for edge in edges {
            guard let cuts = splits[edge.id]?.sorted(by: { $0.position.isBefore($1.position) }) else {
                routingEdges.append(RoutingEdge(from: edge.fromNode, to: edge.toNode, coords: edge.coords,
                                                lengthM: edge.lengthM, trailName: edge.trailName,
                                                fromEnd: EdgeEnd(edge: edge.id, atStart: true),
                                                toEnd: EdgeEnd(edge: edge.id, atStart: false)))
                continue
            }
            let last = edge.coords.count - 1
            var stops = [(position: EdgePosition(seg: 0, t: 0, point: edge.coords[0]), node: edge.fromNode)]
            stops += cuts
            stops.append((EdgePosition(seg: last, t: 0, point: edge.coords[last]), edge.toNode))
            for k in 1..<stops.count {
                let a = stops[k - 1].position, b = stops[k].position
                var piece = [a.point]
                let upper = b.t == 0 ? b.seg : b.seg + 1
                if a.seg + 1 < upper { piece += edge.coords[(a.seg + 1)..<upper] }
                if piece.last != b.point { piece.append(b.point) }
                routingEdges.append(RoutingEdge(from: stops[k - 1].node, to: stops[k].node, coords: piece,
                                                lengthM: Geodesic.lengthM(piece), trailName: edge.trailName,
                                                fromEnd: k == 1 ? EdgeEnd(edge: edge.id, atStart: true) : nil,
                                                toEnd: k == stops.count - 1 ? EdgeEnd(edge: edge.id, atStart: false) : nil))
            }
        }
        var adjacency: [[(edge: Int, forward: Bool)]] = Array(repeating: [], count: nodeCoords.count)
        for (k, e) in routingEdges.enumerated() {
            adjacency[e.from].append((k, true))
            adjacency[e.to].append((k, false))
        }
        return (RoutingGraph(nodeCoords: nodeCoords, edges: routingEdges, adjacency: adjacency), viaNodes)
    }

    /// Dijkstra from `source` to `target`: the steps (edge, direction) of a shortest path, empty
    /// when they are the same node, nil when `target` cannot be reached. Among equal-length paths
    /// the one reached through the lower edge id wins at every node.
    func shortestPath(in graph: RoutingGraph, from source: Int, to target: Int) -> [(edge: Int, forward: Bool)]? {
        if source == target { return [] }
        let n = graph.nodeCoords.count
        var distM = Array(repeating: Double.infinity, count: n)
        var via: [(edge: Int, forward: Bool)?] = Array(repeating: nil, count: n)
        var done = Array(repeating: false, count: n)
        var heap = BinaryHeap()
        distM[source] = 0
        heap.push(distanceM: 0, node: source)
        while let (d, u) = heap.pop() {
            if done[u] || d > distM[u] { continue }
            done[u] = true
            if u == target { break }
            for step in graph.adjacency[u] {
                let e = graph.edges[step.edge]
                let v = step.forward ? e.to : e.from
                if done[v] { continue }
                let nd = d + e.lengthM
                if nd < distM[v] {
                    distM[v] = nd
                    via[v] = step
                    heap.push(distanceM: nd, node: v)
                } else if nd == distM[v], let old = via[v], step.edge < old.edge {
                    via[v] = step
                }
            }
        }
        guard distM[target].isFinite else { return nil }
        var steps: [(edge: Int, forward: Bool)] = []
        var node = target
        while node != source, let step = via[node] {
            steps.append(step)
            let e = graph.edges[step.edge]
            node = step.forward ? e.from : e.to
        }
        return steps.reversed()
    }
}

/// Where a point meets the network: the nearest point of the nearest edge.
public struct NetworkLocation: Equatable, Sendable {
    /// Index into `TrailNetworkGraph.edges`.
    public var edge: Int
    /// The point lies on segment `seg` of the edge, at fraction `t` (0 <= t < 1) along it.
    public var seg: Int
    public var t: Double
    /// The nearest point, lon/lat.
    public var point: LonLat
    /// Geodesic distance in metres from the located point to `point`.
    public var distanceM: Double
}

extension TrailNetworkGraph {
    /// The nearest point of the network to `p`; nil when the network is empty.
    public func locate(_ p: LonLat) -> NetworkLocation? {
        guard let hit = grid.nearest(to: p) else { return nil }
        let (edge, seg) = gridItems[hit.item]
        let position = hit.t >= 1 ? (seg: seg + 1, t: 0.0) : (seg: seg, t: hit.t)
        return NetworkLocation(edge: edge, seg: position.seg, t: position.t, point: hit.point,
                               distanceM: Geodesic.distanceM(p, hit.point))
    }
}
