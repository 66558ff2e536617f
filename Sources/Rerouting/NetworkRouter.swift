import TrailNetwork
import TrailpackCore

/// A point on an edge of a `RoutingNetwork`.
public struct EdgePoint: Equatable, Sendable {
    public var edge: Int
    /// On segment `seg` (between `coords[seg]` and `coords[seg + 1]`) at fraction `t` in 0..<1.
    public var seg: Int
    public var t: Double
    public var point: LonLat
    /// Geodesic distance in metres from the located point.
    public var distanceM: Double
}

/// Shortest paths by hiking time over a `RoutingNetwork`, and where points meet it.
public struct NetworkRouter: Sendable {
    public let network: RoutingNetwork
    let outgoing: [[PathStep]]
    let grid: SegmentGrid
    let gridItems: [(edge: Int, seg: Int)]

    public init(network: RoutingNetwork) {
        self.network = network
        outgoing = network.outgoingSteps()
        let bounds = BBox(covering: network.nodes.map(\.location)) ?? BBox(west: 0, south: 0, east: 1, north: 1)
        var grid = SegmentGrid(bounds: bounds, cellM: 200)
        var items: [(edge: Int, seg: Int)] = []
        items.reserveCapacity(network.edges.reduce(0) { $0 + $1.coords.count })
        for (k, e) in network.edges.enumerated() {
            for s in 0..<(e.coords.count - 1) {
                grid.insert(e.coords[s], e.coords[s + 1])
                items.append((k, s))
            }
        }
        self.grid = grid
        gridItems = items
    }

    /// The nearest point of the network to `p`; nil when the network has no edge.
    public func locate(_ p: LonLat) -> EdgePoint? {
        guard let hit = grid.nearest(to: p) else { return nil }
        let (edge, seg) = gridItems[hit.item]
        let position = hit.t >= 1 ? (seg + 1, 0.0) : (seg, hit.t)
        return EdgePoint(edge: edge, seg: position.0, t: position.1, point: hit.point, distanceM: Geodesic.distanceM(p, hit.point))
    }

    /// Least time (seconds) from `source` to every node, with the step that reached it. Among equal
    /// times the step with the lower edge id wins, so the result never depends on heap order.
    public func shortestTimes(from source: Int) -> (timeS: [Double], via: [PathStep?]) {
        Self.shortestTimes(in: network, outgoing: outgoing, from: source)
    }

    /// `shortestTimes(from:)` over any network, given its `outgoingSteps()`.
    public static func shortestTimes(in network: RoutingNetwork, outgoing: [[PathStep]], from source: Int) -> (timeS: [Double], via: [PathStep?]) {
        var timeS = Array(repeating: Double.infinity, count: network.nodes.count)
        var via: [PathStep?] = Array(repeating: nil, count: network.nodes.count)
        var done = Array(repeating: false, count: network.nodes.count)
        var heap = BinaryHeap()
        timeS[source] = 0
        heap.push(distanceM: 0, node: source)
        while let (t, u) = heap.pop() {
            if done[u] || t > timeS[u] { continue }
            done[u] = true
            for step in outgoing[u] {
                guard let stepS = network.edges[step.edge].timeS(forward: step.forward) else { continue }
                let v = network.to(step)
                if done[v] { continue }
                let nt = t + Double(stepS)
                if nt < timeS[v] {
                    timeS[v] = nt
                    via[v] = step
                    heap.push(distanceM: nt, node: v)
                } else if nt == timeS[v], let old = via[v], step.edge < old.edge {
                    via[v] = step
                }
            }
        }
        return (timeS, via)
    }

    /// The steps of a least-time path from `source` to `target`: empty when they are one node,
    /// nil when `target` cannot be reached.
    public func shortestPath(from source: Int, to target: Int) -> [PathStep]? {
        Self.shortestPath(in: network, outgoing: outgoing, from: source, to: target)
    }

    /// `shortestPath(from:to:)` over any network, given its `outgoingSteps()`.
    public static func shortestPath(in network: RoutingNetwork, outgoing: [[PathStep]], from source: Int, to target: Int) -> [PathStep]? {
        if source == target { return [] }
        let (timeS, via) = shortestTimes(in: network, outgoing: outgoing, from: source)
        guard timeS[target].isFinite else { return nil }
        return Self.steps(to: target, from: source, via: via, network: network)
    }

    /// Follows `via` back from `target` to `source`.
    static func steps(to target: Int, from source: Int, via: [PathStep?], network: RoutingNetwork) -> [PathStep] {
        var steps: [PathStep] = []
        var node = target
        while node != source, let step = via[node] {
            steps.append(step)
            node = network.from(step)
        }
        return steps.reversed()
    }

    /// Seconds to walk `steps`; nil when one of them may not be walked that way.
    public func timeS(of steps: [PathStep]) -> Int? { Self.timeS(of: steps, in: network) }

    /// Seconds to walk `steps` over `network`; nil when one of them may not be walked that way.
    public static func timeS(of steps: [PathStep], in network: RoutingNetwork) -> Int? {
        var total = 0
        for s in steps {
            guard let t = network.edges[s.edge].timeS(forward: s.forward) else { return nil }
            total += t
        }
        return total
    }
}
