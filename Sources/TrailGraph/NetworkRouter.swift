import PackReader
import TrailpackCore

/// Least-cost paths over a `RoutingNetwork` (`GraphSearch` with the edges' times or lengths),
/// and where points meet it (`EdgeIndex`).
public struct NetworkRouter: Sendable {
    public let network: RoutingNetwork
    let outgoing: [[PathStep]]
    /// Nil for a router made to search only (`init(searching:)`).
    let index: EdgeIndex?

    /// Indexes `network`'s edges in buckets `cellM` metres wide (a size for speed only: the
    /// answers do not depend on it).
    public init(network: RoutingNetwork, cellM: Double = 200) {
        self.network = network
        outgoing = network.outgoingSteps()
        let bounds = BBox(covering: network.edges.lazy.flatMap(\.coords)) ?? BBox(west: 0, south: 0, east: 1, north: 1)
        index = EdgeIndex(lines: network.edges.map(\.coords), bounds: bounds, cellM: cellM)
    }

    /// A router that searches `network` but locates no point on it (`locate` is nil): for a
    /// network split for one query.
    public init(searching network: RoutingNetwork) {
        self.network = network
        outgoing = network.outgoingSteps()
        index = nil
    }

    /// The nearest point of the network to `p`, searched within about `withinM` metres (planar);
    /// nil when there is none or the router only searches.
    public func locate(_ p: LonLat, withinM: Double = .infinity) -> EdgeLocation? { index?.nearest(to: p, maxM: withinM) }

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
}
