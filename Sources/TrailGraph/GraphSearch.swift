import TrailpackCore

/// What a search minimises over a step: metres of trail (snapping a track, bridging its gaps)
/// or seconds of walking by the route stats' model (routes through vias, `trailpack route`).
public enum PathCost: Sendable, Equatable {
    case length
    case time
}

/// The one least-cost search of the trail network: Dijkstra over steps, the cost of each step
/// given by the caller (nil: the step may not be walked). Among equal costs the step with the
/// lower edge id wins at every node, so the result never depends on heap order.
public enum GraphSearch {
    /// Least cost from `source` to every node settled (all of them, or up to `target`), and
    /// the step that reached each.
    /// - Parameters:
    ///   - outgoing: for each node, the steps leaving it.
    ///   - arrival: the node a step arrives at.
    ///   - cost: a step's cost, nil when it may not be walked.
    public static func leastCost(nodeCount: Int, outgoing: [[PathStep]], from source: Int, until target: Int? = nil,
                                 arrival: (PathStep) -> Int, cost: (PathStep) -> Double?) -> (cost: [Double], via: [PathStep?]) {
        var best = Array(repeating: Double.infinity, count: nodeCount)
        var via: [PathStep?] = Array(repeating: nil, count: nodeCount)
        var done = Array(repeating: false, count: nodeCount)
        var heap = BinaryHeap()
        best[source] = 0
        heap.push(distanceM: 0, node: source)
        while let (d, u) = heap.pop() {
            if done[u] || d > best[u] { continue }
            done[u] = true
            if u == target { break }
            for step in outgoing[u] {
                guard let stepCost = cost(step) else { continue }
                let v = arrival(step)
                if done[v] { continue }
                let nd = d + stepCost
                if nd < best[v] {
                    best[v] = nd
                    via[v] = step
                    heap.push(distanceM: nd, node: v)
                } else if nd == best[v], let old = via[v], step.edge < old.edge {
                    via[v] = step
                }
            }
        }
        return (best, via)
    }

    /// The steps of a least-cost path from `source` to `target`: empty when they are one node,
    /// nil when `target` cannot be reached.
    public static func path(nodeCount: Int, outgoing: [[PathStep]], from source: Int, to target: Int,
                            departure: (PathStep) -> Int, arrival: (PathStep) -> Int, cost: (PathStep) -> Double?) -> [PathStep]? {
        if source == target { return [] }
        let (best, via) = leastCost(nodeCount: nodeCount, outgoing: outgoing, from: source, until: target, arrival: arrival, cost: cost)
        guard best[target].isFinite else { return nil }
        return steps(to: target, from: source, via: via, departure: departure)
    }

    /// Follows `via` back from `target` to `source`.
    public static func steps(to target: Int, from source: Int, via: [PathStep?], departure: (PathStep) -> Int) -> [PathStep] {
        var steps: [PathStep] = []
        var node = target
        while node != source, let step = via[node] {
            steps.append(step)
            node = departure(step)
        }
        return steps.reversed()
    }
}
