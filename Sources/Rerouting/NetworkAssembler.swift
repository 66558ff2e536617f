import PackReader
import RouteCore
import TrailGraph
import TrailpackCore

/// What the network needs to know of each input trail line, by `TrailLine.id`.
public struct TrailFacts: Sendable {
    /// Index of the line's feature in `trails.geojson`.
    public var feature: Int
    public var use: TrailUse

    public init(feature: Int, use: TrailUse) {
        self.feature = feature
        self.use = use
    }
}

/// Turns the builder's trail graph into the network a pack carries: edges split at the middle
/// of closed loops, resampled to at most 12 m, with terrain elevations, lengths, climbs and
/// times. Route vias are joined afterwards by `RoutingNetwork.splitting`, as a client's query is.
public enum NetworkAssembler {
    /// The network of `graph`.
    /// - Parameters:
    ///   - facts: per `TrailLine.id` of every edge of `graph`.
    ///   - elevationM: region terrain at a point, metres.
    public static func assemble(graph: TrailNetworkGraph, facts: [String: TrailFacts], rates: HikingModel,
                                elevationM: (LonLat) -> Double) -> RoutingNetwork {
        var nodes = graph.network.nodes.map { RoutingNode(location: $0.location.rounded7, eleM: EdgeProfile.round1(elevationM($0.location.rounded7))) }
        var edges: [RoutingEdge] = []
        var nodeLocations = Set(nodes.map(\.location))
        for edge in graph.network.edges {
            var cuts: [EdgeCut] = []
            if edge.a == edge.b, let middle = LineWalk.position(edge.coords, atM: edge.profile.lengthM / 2) {
                cuts = [EdgeCut(seg: middle.seg, t: middle.t, point: middle.point, node: addNode(middle.point, to: &nodes, elevationM: elevationM))]
                nodeLocations.insert(nodes[nodes.count - 1].location)
            }
            let fact = facts[graph.lineIds[edge.trail]] ?? TrailFacts(feature: 0, use: TrailUse())
            for (k, coords) in EdgeSplit.pieceCoords(edge.coords, cuts: cuts).enumerated() {
                let piece = (a: k == 0 ? edge.a : cuts[k - 1].node, b: k == cuts.count ? edge.b : cuts[k].node, coords: coords)
                edges.append(makeEdge(piece, name: edge.name, fact: fact, nodes: nodes, nodeLocations: nodeLocations,
                                      rates: rates, elevationM: elevationM))
            }
        }
        return RoutingNetwork(rates: rates, nodes: nodes, edges: edges)
    }

    static func addNode(_ p: LonLat, to nodes: inout [RoutingNode], elevationM: (LonLat) -> Double) -> Int {
        let location = p.rounded7
        nodes.append(RoutingNode(location: location, eleM: EdgeProfile.round1(elevationM(location))))
        return nodes.count - 1
    }

    /// One network edge: resampled to at most 12 m, rounded, its ends exactly on its nodes, and
    /// no interior vertex on a node (`offNodes`).
    static func makeEdge(_ piece: (a: Int, b: Int, coords: [LonLat]), name: String?, fact: TrailFacts, nodes: [RoutingNode],
                         nodeLocations: Set<LonLat>, rates: HikingModel, elevationM: (LonLat) -> Double) -> RoutingEdge {
        let dense = (try? Resampler.resample(piece.coords).coords) ?? piece.coords
        var coords = [nodes[piece.a].location]
        for p in dense.dropFirst().dropLast() {
            let q = offNodes(p.rounded7, nodeLocations)
            if q != coords[coords.count - 1] { coords.append(q) }
        }
        let end = nodes[piece.b].location
        if coords.count > 1 && coords[coords.count - 1] == end { coords.removeLast() }
        coords.append(end)
        let elevationsM = coords.map { EdgeProfile.round1(elevationM($0)) }
        let profile = EdgeProfile.measure(coords: coords, elevationsM: elevationsM, rates: rates, oneway: fact.use.onewayFoot)
        return RoutingEdge(a: piece.a, b: piece.b, name: name, trail: fact.feature, coords: coords, elevationsM: elevationsM,
                           profile: profile, oneway: fact.use.onewayFoot, steps: fact.use.steps, sacScale: fact.use.sacScale)
    }

    /// `q`, or where it rounds onto a node (a resampled point of one line landing on another's
    /// junction), the nearest 7-decimal neighbour that is none: an edge passing through a node
    /// would hide a junction from a router (SPEC: an edge never passes through a third node). The move, at
    /// most 1.1 cm, stays within the resampler's rounding margin.
    static func offNodes(_ q: LonLat, _ nodeLocations: Set<LonLat>) -> LonLat {
        guard nodeLocations.contains(q) else { return q }
        let step = 1e-7
        for (dLon, dLat) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
            let moved = LonLat(q.lon + dLon, q.lat + dLat).rounded7
            if !nodeLocations.contains(moved) { return moved }
        }
        return q
    }
}
