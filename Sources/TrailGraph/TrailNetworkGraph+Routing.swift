import Foundation
import PackReader
import TrailpackCore

extension TrailNetworkGraph {
    /// Shortest path over the network through `via` in order.
    ///
    /// Each via joins the network at its nearest point, where the edge is split as a client's
    /// query splits the pack's network (`RoutingNetwork.splitting`: an edge vertex within 0.5 m is
    /// that vertex, a cut point is rounded to 7 decimals); consecutive legs are least-length paths
    /// (`NetworkRouter.walk`: ties to the lower edge id), laid end to end (`NetworkPath`).
    ///
    /// `path.junctions` lists, in path order, every visit of a node of the graph (not a point
    /// where a via split an edge) where a way other than the path's in and out leaves; this
    /// includes the first and last vertex when they are such nodes. Branch bearings are measured
    /// `LineWalk.branchBearingDistanceM` (25 m) out along each branch.
    /// - Throws: `RoutingError.tooFewVias` for fewer than two vias, `.invalidVia` for a bad
    ///   coordinate, `.emptyNetwork`, `.viaOffNetwork` naming a via more than
    ///   `maxViaDistanceM` (200 m) from the network with the nearest point and distance, and
    ///   `.unreachable` naming two consecutive vias no path joins.
    public func route(via: [ViaPoint]) throws(RoutingError) -> RoutedPath {
        guard via.count >= 2 else { throw .tooFewVias(count: via.count) }
        for v in via where !(v.location.isFinite && abs(v.location.lon) <= 180 && abs(v.location.lat) <= 90) {
            throw .invalidVia(label: v.label, location: v.location)
        }
        guard !network.edges.isEmpty else { throw .emptyNetwork }
        let hits = try via.map { v throws(RoutingError) -> EdgeLocation in
            guard let hit = locate(v.location) else { throw .emptyNetwork }
            if hit.distanceM > Self.maxViaDistanceM {
                throw .viaOffNetwork(label: v.label, location: v.location, nearest: hit.point,
                                     distanceM: hit.distanceM, maxDistanceM: Self.maxViaDistanceM)
            }
            return hit
        }
        let (split, viaNodes) = network.splitting(at: hits) { _ in 0 }
        let searcher = NetworkRouter(searching: split)
        let path: NetworkPath
        do { path = try searcher.walk(through: viaNodes, cost: .length) } catch {
            throw .unreachable(fromLabel: via[error.leg - 1].label, toLabel: via[error.leg].label)
        }
        let names = path.steps.flatMap { s in Array(repeating: split.edges[s.edge].name, count: split.edges[s.edge].coords.count - 1) }
        let graphNodes = network.nodes.count
        let junctions = path.junctions(in: split, outgoing: searcher.outgoing) { $0 < graphNodes }
        return RoutedPath(path: RoutePath(coords: path.coords, segmentTrailNames: names, junctions: junctions, onNetwork: true),
                          trailNames: RoutedPath.collapsingRepeats(names), lengthM: Geodesic.lengthM(path.coords),
                          viaIndices: path.legEnds.map { path.visits[$0].i }, viaSnapDistancesM: hits.map(\.distanceM))
    }
}
