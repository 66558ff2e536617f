import TrailpackCore

extension RoutingNetwork {
    /// The network with a node at each of `points` (an existing node where a point is an edge's
    /// end), edges split there into pieces whose lengths, climbs and times are measured anew.
    /// The first piece of a split edge keeps its index; the others are appended.
    /// - Parameter elevationM: terrain at a split point, metres.
    /// - Returns: the network and the node of each point.
    public func splitting(at points: [EdgePoint], elevationM: (LonLat) -> Double) -> (RoutingNetwork, [Int]) {
        var out = self
        var nodeOf: [Int] = []
        var cuts: [Int: [(seg: Int, t: Double, node: Int)]] = [:]
        for raw in points {
            let p = snapped(raw)
            let e = edges[p.edge]
            if p.seg == 0 && p.t == 0 { nodeOf.append(e.a); continue }
            if p.seg >= e.coords.count - 1 { nodeOf.append(e.b); continue }
            if let same = cuts[p.edge]?.first(where: { $0.seg == p.seg && $0.t == p.t }) { nodeOf.append(same.node); continue }
            let location = p.t == 0 ? e.coords[p.seg] : NetworkAssembler.round7(p.point)
            let eleM = p.t == 0 ? e.elevationsM[p.seg] : NetworkAssembler.round1(elevationM(location))
            out.nodes.append(RoutingNode(location: location, eleM: eleM))
            cuts[p.edge, default: []].append((p.seg, p.t, out.nodes.count - 1))
            nodeOf.append(out.nodes.count - 1)
        }
        for edgeIndex in cuts.keys.sorted() {
            let sorted = cuts[edgeIndex]!.sorted { $0.seg != $1.seg ? $0.seg < $1.seg : $0.t < $1.t }
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
    func snapped(_ p: EdgePoint) -> EdgePoint {
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

    /// `edge` cut at the given positions (ascending) into consecutive pieces.
    func split(_ edge: RoutingEdge, at cuts: [(seg: Int, t: Double, node: Int)], nodes: [RoutingNode]) -> [RoutingEdge] {
        var pieces: [RoutingEdge] = []
        var startNode = edge.a, startIndex = 0
        var headCoords: [LonLat] = [], headEle: [Double] = []
        for cut in cuts + [(seg: edge.coords.count - 1, t: 0.0, node: edge.b)] {
            let upper = cut.seg  // vertices startIndex...upper belong to this piece
            var coords = headCoords + (upper >= startIndex ? Array(edge.coords[startIndex...upper]) : [])
            var ele = headEle + (upper >= startIndex ? Array(edge.elevationsM[startIndex...upper]) : [])
            let node = nodes[cut.node]
            if cut.t > 0 {
                coords.append(node.location)
                ele.append(node.eleM)
                headCoords = [node.location]
                headEle = [node.eleM]
                startIndex = cut.seg + 1
            } else {
                headCoords = []
                headEle = []
                startIndex = cut.seg
            }
            if coords.count >= 2 {
                let profile = EdgeProfile.measure(coords: coords, elevationsM: ele, rates: rates, oneway: edge.oneway)
                pieces.append(RoutingEdge(a: startNode, b: cut.node, name: edge.name, trail: edge.trail, coords: coords,
                                          elevationsM: ele, profile: profile, oneway: edge.oneway, steps: edge.steps, sacScale: edge.sacScale))
            }
            startNode = cut.node
        }
        return pieces
    }
}
