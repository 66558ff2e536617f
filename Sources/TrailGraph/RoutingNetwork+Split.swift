import PackReader
import TrailpackCore

extension RoutingNetwork {
    /// The network with a node at each of `points` (an existing node where a point is an edge's
    /// end), edges split there into pieces whose lengths, climbs and times are measured anew.
    /// A point within `vertexToleranceM` of an edge vertex is that vertex, and one within it of an
    /// earlier point's cut on the same edge joins that cut's node: no piece is a sliver (two
    /// points a centimetre apart would make two route vertices one `cum` value apart).
    /// The first piece of a split edge keeps its index; the others are appended.
    /// - Parameter elevationM: terrain at a split point, metres.
    /// - Returns: the network and the node of each point.
    public func splitting(at points: [EdgeLocation], elevationM: (LonLat) -> Double) -> (RoutingNetwork, [Int]) {
        var out = self
        var nodeOf: [Int] = []
        var cuts: [Int: [EdgeCut]] = [:]
        for raw in points {
            let p = snapped(raw)
            let e = edges[p.edge]
            if p.seg == 0 && p.t == 0 { nodeOf.append(e.a); continue }
            if p.seg >= e.coords.count - 1 { nodeOf.append(e.b); continue }
            let location = p.t == 0 ? e.coords[p.seg] : p.point.rounded7
            if let same = cuts[p.edge]?.first(where: { ($0.seg == p.seg && $0.t == p.t) || Geodesic.distanceM($0.point, location) <= Self.vertexToleranceM }) {
                nodeOf.append(same.node)
                continue
            }
            let eleM = p.t == 0 ? e.elevationsM[p.seg] : EdgeProfile.round1(elevationM(location))
            out.nodes.append(RoutingNode(location: location, eleM: eleM))
            cuts[p.edge, default: []].append(EdgeCut(seg: p.seg, t: p.t, point: location, node: out.nodes.count - 1))
            nodeOf.append(out.nodes.count - 1)
        }
        for edgeIndex in cuts.keys.sorted() {
            let sorted = cuts[edgeIndex]!.sorted { $0.isBefore($1) }
            let pieces = split(edges[edgeIndex], at: sorted, nodes: out.nodes)
            out.edges[edgeIndex] = pieces[0]
            out.edges += pieces.dropFirst()
        }
        return (out, nodeOf)
    }

    /// Within this distance (metres) of an edge vertex a point is that vertex (rounding never
    /// makes a sliver of an edge).
    public static let vertexToleranceM = 0.5

    /// `p` moved onto a vertex of its edge when it lies within `vertexToleranceM` of one.
    public func snapped(_ p: EdgeLocation) -> EdgeLocation {
        let coords = edges[p.edge].coords
        var q = p
        if p.t > 0, Geodesic.distanceM(p.point, coords[p.seg]) <= Self.vertexToleranceM {
            q.t = 0
        } else if p.t > 0, p.seg + 1 < coords.count, Geodesic.distanceM(p.point, coords[p.seg + 1]) <= Self.vertexToleranceM {
            q.seg += 1
            q.t = 0
        }
        if q.t == 0 { q.point = coords[q.seg] }
        return q
    }

    /// `edge` cut at `cuts` (ascending) into consecutive pieces (`EdgeSplit`), each measured anew.
    func split(_ edge: RoutingEdge, at cuts: [EdgeCut], nodes: [RoutingNode]) -> [RoutingEdge] {
        EdgeSplit.pieces(edge.coords, cuts: cuts).enumerated().map { k, slots in
            var coords: [LonLat] = [], ele: [Double] = []
            for slot in slots {
                switch slot {
                case .vertex(let v): coords.append(edge.coords[v]); ele.append(edge.elevationsM[v])
                case .cut(let c): coords.append(nodes[cuts[c].node].location); ele.append(nodes[cuts[c].node].eleM)
                }
            }
            let profile = EdgeProfile.measure(coords: coords, elevationsM: ele, rates: rates, oneway: edge.oneway)
            return RoutingEdge(a: k == 0 ? edge.a : cuts[k - 1].node, b: k == cuts.count ? edge.b : cuts[k].node, name: edge.name,
                               trail: edge.trail, coords: coords, elevationsM: ele, profile: profile,
                               oneway: edge.oneway, steps: edge.steps, sacScale: edge.sacScale)
        }
    }
}
