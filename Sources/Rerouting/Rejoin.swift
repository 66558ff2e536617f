import PackReader
import TrailGraph
import TrailpackCore

/// The way back to a route: which of its vertices to rejoin, and how long it takes to get there.
public struct RejoinChoice: Equatable, Sendable {
    /// Index into the route's coords.
    public var index: Int
    /// Network seconds from the hiker to that vertex.
    public var timeS: Double
}

extension RegionNetwork {
    /// The walk from `from` back to route `routeId` and along the rest of it to its end. The
    /// hiker joins the nearest trail of the network's part the route lies on (`partOfEdge`); the
    /// rejoin vertex is the one at or after `index` that is quickest to walk to (ties: the
    /// smallest index), never one behind the hiker's progress.
    /// - Throws: `RerouteError` naming `--rejoin` (unknown route, route off the network),
    ///   `--at` (past the route's end) or `--from` (outside the region, too far from every trail,
    ///   or no walkable path to the rest of the route).
    public func rejoin(routeId: String, at index: Int, from: LonLat) throws(RerouteError) -> (route: ComputedRoute, choice: RejoinChoice) {
        guard let entry = network.routes.first(where: { $0.id == routeId }) else {
            let known = routes.map(\.id).joined(separator: ", ")
            let why = routes.contains { $0.id == routeId } ? "does not follow the trail network (no routing.json entry)"
                : "is no route of the region (routes: \(known.isEmpty ? "none" : known))"
            throw .argument(name: "--rejoin", message: "\(routeId) \(why)")
        }
        let last = entry.nodes.last?.i ?? 0
        guard index >= 0, index <= last else {
            throw .argument(name: "--at", message: "\(index) is past the end of route \(routeId) (its last vertex is \(last))")
        }
        // The hiker joins the part of the network the route lies on: a way nearer but joined to
        // none of it (an unconnected stub) leads nowhere near the route.
        guard let first = entry.path.first else { throw .argument(name: "--rejoin", message: "\(routeId) has no path in routing.json") }
        let routePart = router.partOfEdge[first.edge]
        let hiker = network.snapped(try join(QueryPoint(argument: "--from", location: from)) { router.partOfEdge[$0] == routePart })
        let (split, nodes) = network.splitting(at: [hiker], elevationM: terrainElevationM)
        let times = NetworkRouter(searching: split).shortestTimes(from: nodes[0]).timeS
        guard let choice = quickestVertex(entry, from: index, times: times, hiker: hiker, hikerNode: nodes[0]) else {
            throw .unreachable(from: "--from \(RerouteError.format(from))", to: "route \(routeId) at or after vertex \(index)")
        }
        if choice.index == last && choice.timeS == 0 {
            throw .argument(name: "--from", message: "\(RerouteError.format(from)) is the end of route \(routeId): nothing is left to walk")
        }
        let target = vertexPoint(entry, choice.index)
        let (both, ends) = network.splitting(at: [hiker, target], elevationM: terrainElevationM)
        guard let steps = NetworkRouter(searching: both).shortestPath(from: ends[0], to: ends[1]) else {
            throw .unreachable(from: "--from \(RerouteError.format(from))", to: "route \(routeId) at vertex \(choice.index)")
        }
        let back = NetworkPath(steps: steps, start: ends[0], in: both)
        let route = try walk(back, in: both, from: from, to: from, tail: tail(entry, from: choice.index))
        return (route, choice)
    }

    /// The step of a route entry holding vertex `i`, and `i`'s position within that step.
    func locateVertex(_ entry: NetworkRouteEntry, _ i: Int) -> (step: Int, offset: Int) {
        var k = 0
        while k + 1 < entry.path.count, entry.nodes[k + 1].i <= i { k += 1 }
        return (k, i - entry.nodes[k].i)
    }

    /// Vertex `i` of the route as a point on its network edge.
    func vertexPoint(_ entry: NetworkRouteEntry, _ i: Int) -> EdgeLocation {
        let (k, offset) = locateVertex(entry, i)
        let step = entry.path[k], e = network.edges[step.edge]
        let seg = step.forward ? offset : e.coords.count - 1 - offset
        return EdgeLocation(edge: step.edge, seg: seg, t: 0, point: e.coords[seg], distanceM: 0)
    }

    /// The route from vertex `i` to its end, with the guidance geometry of its network edges.
    func tail(_ entry: NetworkRouteEntry, from i: Int) -> RouteTail {
        let (k, offset) = locateVertex(entry, i)
        let steps = Array(entry.path[k...])
        let start = network.from(steps[0])
        let path = NetworkPath(steps: steps, start: start, in: network, firstVertex: offset)
        return RouteTail(coords: path.coords, guidance: path.guidancePath(in: network), timeS: 0)
    }
}
