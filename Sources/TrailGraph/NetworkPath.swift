import PackReader
import RouteCore
import TrailpackCore

/// A walk over the network: its steps laid end to end as one line.
public struct NetworkPath: Equatable, Sendable {
    public var steps: [PathStep]
    /// The steps' vertices, each joint once, lon/lat.
    public var coords: [LonLat]
    /// The edges' terrain elevations at `coords`, metres.
    public var elevationsM: [Double]
    /// The vertices at graph nodes: the start (unless the path starts inside its first step),
    /// every joint, the end.
    public var visits: [NodeVisit]
    /// The path starts at this vertex of its first step (0: at the step's first node).
    public var firstVertex: Int
    /// For a walk through several nodes, the number of steps up to each of them (the first 0,
    /// the last `steps.count`).
    public var legEnds: [Int]

    /// Lays `steps` end to end; a path of no step is the single node `start`. With
    /// `firstVertex` > 0 the path starts at that vertex of the first step, not at `start`.
    public init(steps: [PathStep], start: Int, in network: RoutingNetwork, firstVertex: Int = 0) {
        self.steps = steps
        self.firstVertex = firstVertex
        legEnds = [0, steps.count]
        let first = network.nodes[start]
        coords = [first.location]
        elevationsM = [first.eleM]
        visits = [NodeVisit(i: 0, node: start)]
        for (k, step) in steps.enumerated() {
            let e = network.edges[step.edge]
            let skip = k == 0 ? firstVertex : 0
            let c = step.forward ? e.coords : e.coords.reversed()
            let z = step.forward ? e.elevationsM : e.elevationsM.reversed()
            if skip > 0 {
                coords = [c[skip]]
                elevationsM = [z[skip]]
                visits = []
            }
            coords += c.dropFirst(skip + 1)
            elevationsM += z.dropFirst(skip + 1)
            visits.append(NodeVisit(i: coords.count - 1, node: network.to(step)))
        }
    }

    /// The geometry guidance reads, as for a line routed over the network: the corners of each
    /// step (1 m Douglas–Peucker) and every node, the trail name of each of its segments, and
    /// the junctions where other edges leave a node; with, for each of its vertices, the index
    /// of that vertex in `coords`.
    public func guidancePath(in network: RoutingNetwork) -> (path: RoutePath, indexInCoords: [Int]) {
        var pathCoords = [coords[0]], index = [0], names: [String?] = []
        let joints = firstVertex == 0 ? Array(visits.map(\.i).dropLast()) : [0] + visits.map(\.i).dropLast()
        for (k, step) in steps.enumerated() {
            let c = Array(network.coords(step).dropFirst(k == 0 ? firstVertex : 0))
            let corners = (try? Resampler.resample(c).cornerInputIndices) ?? Array(c.indices)
            for corner in corners.dropFirst() {
                pathCoords.append(c[corner])
                index.append(joints[k] + corner)
                names.append(network.edges[step.edge].name)
            }
        }
        // Every node visit is a corner: its junction moves to that corner's place in the path
        // (both in walk order, so one pass finds every place).
        var place = 0
        let junctions = junctions(in: network, outgoing: network.outgoingSteps()) { _ in true }.map { j in
            while index[place] < j.index { place += 1 }
            return RouteJunction(index: place, branches: j.branches)
        }
        return (RoutePath(coords: pathCoords, segmentTrailNames: names, junctions: junctions, onNetwork: true), index)
    }

    /// The walk's junctions on its own vertices: every visit of a node `counts` takes where a way
    /// other than the walk's in and out leaves, in walk order.
    public func junctions(in network: RoutingNetwork, outgoing: [[PathStep]], counts: (Int) -> Bool) -> [RouteJunction] {
        // Visit j arrives by step j - 1 (from the first node; else by step j, the start being no visit).
        let arrival = firstVertex == 0 ? -1 : 0
        return visits.enumerated().compactMap { j, visit in
            let k = j + arrival
            guard counts(visit.node),
                  let branches = junction(at: visit.node, incoming: k >= 0 ? steps[k] : nil, outgoing: k + 1 < steps.count ? steps[k + 1] : nil,
                                          network: network, outgoing: outgoing) else { return nil }
            return RouteJunction(index: visit.i, branches: branches)
        }
    }

    /// The branches at `node` other than the way in and the way out, sorted by bearing then
    /// name; nil when there are none.
    func junction(at node: Int, incoming: PathStep?, outgoing next: PathStep?, network: RoutingNetwork,
                  outgoing: [[PathStep]]) -> [JunctionBranch]? {
        let used = Set([incoming.map { PathStep(edge: $0.edge, forward: !$0.forward) }, next].compactMap { $0 })
        let branches = LineWalk.branches(leaving: outgoing[node], excluding: used, coords: network.coords) { network.edges[$0.edge].name }
        return branches.isEmpty ? nil : branches
    }
}
