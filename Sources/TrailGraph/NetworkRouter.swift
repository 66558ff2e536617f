import PackReader
import TrailpackCore

/// Least-cost paths over a `RoutingNetwork` (`GraphSearch` with the edges' times or lengths),
/// and where points meet it (`EdgeIndex`).
public struct NetworkRouter: Sendable {
    public let network: RoutingNetwork
    let outgoing: [[PathStep]]
    /// Nil for a router made to search only (`init(searching:)`).
    let index: EdgeIndex?
    /// For each edge, the part of the network it lies in (`RoutingNetwork.parts`); empty for a
    /// router made to search only.
    public let partOfEdge: [Int]

    /// Indexes `network`'s edges in buckets `cellM` metres wide (a size for speed only: the
    /// answers do not depend on it).
    public init(network: RoutingNetwork, cellM: Double = 200) {
        self.network = network
        outgoing = network.outgoingSteps()
        let bounds = BBox(covering: network.edges.lazy.flatMap(\.coords)) ?? BBox(west: 0, south: 0, east: 1, north: 1)
        index = EdgeIndex(lines: network.edges.map(\.coords), bounds: bounds, cellM: cellM)
        let parts = network.parts()
        partOfEdge = network.edges.map { parts[$0.a] }
    }

    /// A router that searches `network` but locates no point on it (`locate` is nil): for a
    /// network split for one query.
    public init(searching network: RoutingNetwork) {
        self.network = network
        outgoing = network.outgoingSteps()
        index = nil
        partOfEdge = []
    }

    /// The nearest point of the network to `p`, searched within about `withinM` metres (planar),
    /// on the edges `accept` takes (all by default); nil when there is none or the router only searches.
    public func locate(_ p: LonLat, withinM: Double = .infinity, accept: ((Int) -> Bool)? = nil) -> EdgeLocation? {
        guard let accept else { return index?.nearest(to: p, maxM: withinM) }
        return index?.nearest(to: p, maxM: withinM) { edge, _ in accept(edge) }
    }

    /// Where each of `points` joins the network: its nearest edge point; but when those lie in
    /// different parts of the network (`RoutingNetwork.parts`) and some part has an edge within
    /// `withinM` metres of every point, each point's nearest point of that part (of such parts,
    /// the one nearest in sum; ties: the lower). So a point beside a way joined to nothing (an
    /// unconnected stub of the map) joins the trails the other points are on. Nil when the
    /// router has no edge to locate.
    public func joins(_ points: [LonLat], withinM: Double) -> [EdgeLocation]? {
        let nearest = points.compactMap { locate($0) }
        guard nearest.count == points.count else { return nil }
        guard Set(nearest.map { partOfEdge[$0.edge] }).count > 1 else { return nearest }
        let near = points.map { p in Set(segments(near: p, maxM: withinM).map { partOfEdge[$0.edge] }) }
        var best: (sumM: Double, hits: [EdgeLocation])?
        for part in near.dropFirst().reduce(near[0], { $0.intersection($1) }).sorted() {
            let hits = points.compactMap { locate($0, withinM: withinM + 1) { partOfEdge[$0] == part } }
            guard hits.count == points.count, hits.allSatisfy({ $0.distanceM <= withinM }) else { continue }
            let sumM = hits.reduce(0) { $0 + $1.distanceM }
            if best == nil || sumM < best!.sumM { best = (sumM, hits) }
        }
        return best?.hits ?? nearest
    }

    /// The (edge, segment) pairs with a segment within about `maxM` metres of `q`, in index order.
    func segments(near q: LonLat, maxM: Double) -> [(edge: Int, seg: Int)] { index?.segments(near: q, maxM: maxM) ?? [] }

    /// Least time (seconds) from `source` to every node, with the step that reached it.
    public func shortestTimes(from source: Int) -> (timeS: [Double], via: [PathStep?]) {
        let (cost, via) = GraphSearch.leastCost(nodeCount: network.nodes.count, outgoing: outgoing, from: source,
                                                arrival: network.to, cost: network.cost(.time))
        return (cost, via)
    }

    /// The steps of a least-cost path from `source` to `target`: empty when they are one node,
    /// nil when `target` cannot be reached.
    public func shortestPath(from source: Int, to target: Int, cost: PathCost = .time) -> [PathStep]? {
        GraphSearch.path(nodeCount: network.nodes.count, outgoing: outgoing, from: source, to: target,
                         departure: network.from, arrival: network.to, cost: network.cost(cost))
    }

    /// The first leg of a walk no path joins: from `nodes[leg - 1]` to `nodes[leg]`.
    public struct UnjoinedLeg: Error, Sendable {
        public var leg: Int
    }

    /// The least-cost walk through `nodes` in order, leg by leg, laid end to end (`legEnds[k]`:
    /// the number of its steps up to node `k`): the build's via routes, snapping and gap
    /// bridging, and `trailpack route` alike.
    /// - Throws: `UnjoinedLeg` naming the first leg no walkable path joins.
    public func walk(through nodes: [Int], cost: PathCost = .time) throws(UnjoinedLeg) -> NetworkPath {
        var steps: [PathStep] = [], legEnds = [0]
        for k in 1..<nodes.count {
            guard let leg = shortestPath(from: nodes[k - 1], to: nodes[k], cost: cost) else { throw UnjoinedLeg(leg: k) }
            steps += leg
            legEnds.append(steps.count)
        }
        var path = NetworkPath(steps: steps, start: nodes[0], in: network)
        path.legEnds = legEnds
        return path
    }
}

extension RoutingNetwork {
    /// A step's cost: its seconds by the edge's profile, or its metres (nil either way where the
    /// step may not be walked: a one-way trail against its way).
    public func cost(_ kind: PathCost) -> (PathStep) -> Double? {
        { step in
            let edge = self.edges[step.edge]
            guard let timeS = edge.timeS(forward: step.forward) else { return nil }
            switch kind {
            case .time: return Double(timeS)
            case .length: return edge.profile.lengthM
            }
        }
    }

    /// Seconds to walk `steps`; nil when one of them may not be walked that way.
    public func timeS(of steps: [PathStep]) -> Int? {
        var total = 0
        for s in steps {
            guard let t = edges[s.edge].timeS(forward: s.forward) else { return nil }
            total += t
        }
        return total
    }

    /// For each node, the part of the network it lies in: nodes joined by edges, whichever way
    /// they may be walked, share a part (numbered by their lowest node, so the answer does not
    /// depend on edge order).
    public func parts() -> [Int] {
        var parent = Array(nodes.indices)
        func root(_ n: Int) -> Int {
            var n = n
            while parent[n] != n { parent[n] = parent[parent[n]]; n = parent[n] }
            return n
        }
        for e in edges {
            let (ra, rb) = (root(e.a), root(e.b))
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        return nodes.indices.map(root)
    }
}
