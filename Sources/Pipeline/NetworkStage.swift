import Foundation
import PackReader
import Rerouting
import RouteCore
import TrailGraph
import TrailpackCore

/// Stage: the trail network a pack carries (`routing.json`), and the routes through vias, routed
/// over it by hiking time, so a client rerouting from the pack gets the builder's answers.
public enum NetworkStage {
    /// The network of the region's open trails (nil without any) and the routes laid over it,
    /// in recipe order, to be finished by `RouteStage.finishAll`: routes through vias by least
    /// hiking time, recorded tracks that walk the trails (`RouteStage.PreparedRoute.networkVias`)
    /// by least length through the points their snap kept, so each gets a `routing.json` entry.
    /// - Throws: `BuildError.route` for a route no path joins.
    static func run(_ recipe: Recipe, graph: TrailNetworkGraph?, trails: [TrailLine], featureOfTrail: [String: Int], vias: ViaSnaps,
                    terrain: TerrainGrid) throws -> (network: RoutingNetwork?, routes: [RouteStage.PreparedRoute]) {
        guard let graph else { return (nil, []) }
        var (network, viaNodes) = Self.network(graph: graph, trails: trails, featureOfTrail: featureOfTrail, snaps: vias,
                                               recipe: recipe, terrain: terrain)
        let laid = try routes(recipe, network: network, vias: vias, viaNodes: viaNodes)
        network.routes = laid.entries
        return (network, laid.routes)
    }

    /// Points a route passes over the network, in order, and what its legs minimise.
    public struct RouteVias: Sendable {
        public var points: [(label: String, point: LonLat)]
        public var cost: PathCost
    }

    /// The vias of every route laid over the network, by route id.
    public typealias ViaSnaps = [String: RouteVias]

    /// Snaps every via of every route through vias onto the trail graph (before any terrain is
    /// made, so a bad via fails the build at once).
    /// - Throws: `BuildError.route` for a route with vias but no trails, a via naming an unknown
    ///   POI, or a via farther than `TrailNetworkGraph.maxViaDistanceM` from every trail.
    static func snapVias(_ recipe: Recipe, pois: [PointOfInterest], graph: TrailNetworkGraph?) throws -> ViaSnaps {
        var snaps: ViaSnaps = [:]
        for (index, route) in recipe.routes.enumerated() {
            guard case .via(let specs) = route.source else { continue }
            func fail(_ message: String) -> BuildError { .route(id: route.id, location: route.location, message: message) }
            guard let graph, !graph.network.edges.isEmpty else { throw fail("is routed over the trail network, but the recipe has no trails open to hikers") }
            guard specs.count >= 2 else { throw fail(RoutingError.tooFewVias(count: specs.count).description) }
            var onTrails: [LonLat] = []
            let points = try specs.enumerated().map { k, spec throws -> (label: String, point: LonLat) in
                let via = try viaPoint(spec, number: k + 1, pois: pois, fail: fail)
                guard let hit = graph.locate(via.location) else { throw fail(RoutingError.emptyNetwork.description) }
                onTrails.append(hit.point)
                if hit.distanceM > TrailNetworkGraph.maxViaDistanceM {
                    throw fail(RoutingError.viaOffNetwork(label: via.label, location: via.location, nearest: hit.point,
                                                          distanceM: hit.distanceM, maxDistanceM: TrailNetworkGraph.maxViaDistanceM).description)
                }
                return (via.label, via.location)
            }
            snaps[route.id] = RouteVias(points: points, cost: .time)
            try requireDistinct(onTrails, route: route, index: index, recipe: recipe, labels: points.map(\.label))
        }
        return snaps
    }

    /// Vias closer than this on the trails are one place: the path between them has no length.
    static let samePlaceM = 1.0

    /// A via route goes somewhere: its vias, where they meet the trails (`onTrails`), are not
    /// all one place (a path of one point has no line to follow).
    /// - Throws: `BuildError.recipe` at the route's `via` key: the route id, its vias, the rule.
    static func requireDistinct(_ onTrails: [LonLat], route: RouteRecipe, index: Int, recipe: Recipe, labels: [String]) throws {
        guard let first = onTrails.first, onTrails.allSatisfy({ Geodesic.distanceM(first, $0) < samePlaceM }) else { return }
        let listed = labels.map { "\"\($0)\"" }.joined(separator: ", ")
        throw BuildError.recipe(file: recipe.path, line: route.viaLine, keyPath: "routes[\(index)].via",
                                message: "route \"\(route.id)\": its vias (\(listed)) all meet the trails at one point \(first); a via route needs two distinct points (a loop: start, a point on the way, back to the start)")
    }

    /// A via of the recipe as a labelled point.
    static func viaPoint(_ spec: RouteRecipe.ViaSpec, number: Int, pois: [PointOfInterest], fail: (String) -> BuildError) throws -> ViaPoint {
        switch spec {
        case .point(let p):
            return ViaPoint(label: "via \(number) \(p)", location: p)
        case .poi(let name):
            guard let poi = try ViaResolver.poi(named: name, via: number, among: pois, fail: fail) else {
                let known = pois.map(\.name).sorted().joined(separator: ", ")
                throw fail("via \(number) names the POI \"\(name)\", which no POI source has (known: \(known.isEmpty ? "none" : known))")
            }
            return ViaPoint(label: poi.name, location: poi.location)
        }
    }

    /// The network: the trail graph with a node at every via, elevations from the region grid.
    /// - Returns: the network and the node of every via, by route id.
    static func network(graph: TrailNetworkGraph, trails: [TrailLine], featureOfTrail: [String: Int], snaps: ViaSnaps,
                        recipe: Recipe, terrain: TerrainGrid) -> (RoutingNetwork, [String: [Int]]) {
        var facts: [String: TrailFacts] = [:]
        for line in trails { facts[line.id] = TrailFacts(feature: featureOfTrail[line.id] ?? 0, use: line.use) }
        let ids = recipe.routes.map(\.id).filter { snaps[$0] != nil }
        let s = recipe.stats
        let rates = s.model
        let elevationM = { (p: LonLat) in terrain.elevationM(at: terrain.bounds.clamping(p)) ?? 0 }
        let base = NetworkAssembler.assemble(graph: graph, facts: facts, rates: rates, elevationM: elevationM)
        // Vias meet the network where a client's query would: on its resampled edges, all on
        // one part of it when their nearest trails are not joined (`NetworkRouter.joins`).
        let router = NetworkRouter(network: base)
        let hits = ids.flatMap { id in router.joins(snaps[id]!.points.map(\.point), withinM: TrailNetworkGraph.maxViaDistanceM)! }
        let (network, cutNodes) = base.splitting(at: hits, elevationM: elevationM)
        var viaNodes: [String: [Int]] = [:]
        var next = 0
        for id in ids {
            viaNodes[id] = Array(cutNodes[next..<(next + snaps[id]!.points.count)])
            next += snaps[id]!.points.count
        }
        return (network, viaNodes)
    }

    /// The routes laid over `network`, each leg a least-cost path between its vias, in recipe
    /// order, ready to be finished, with their `routing.json` entries.
    /// - Throws: `BuildError.route` naming two consecutive vias no path joins, or a route of more
    ///   vertices than a route file holds.
    static func routes(_ recipe: Recipe, network: RoutingNetwork, vias: ViaSnaps,
                       viaNodes: [String: [Int]]) throws -> (routes: [RouteStage.PreparedRoute], entries: [NetworkRouteEntry]) {
        let router = NetworkRouter(network: network)
        var routes: [RouteStage.PreparedRoute] = [], entries: [NetworkRouteEntry] = []
        for route in recipe.routes {
            guard let nodes = viaNodes[route.id], let given = vias[route.id] else { continue }
            let path: NetworkPath
            do { path = try router.walk(through: nodes, cost: given.cost) } catch {
                throw BuildError.route(id: route.id, location: route.location, message:
                    RoutingError.unreachable(fromLabel: given.points[error.leg - 1].label, toLabel: given.points[error.leg].label).description
                    + " (one-way trails, oneway:foot, are walked only their way; trails closed to hikers are left out)")
            }
            try RouteStage.checkVertexCount(path.coords.count) { .route(id: route.id, location: route.location, message: $0) }
            let guidance = path.guidancePath(in: network)
            routes.append(RouteStage.PreparedRoute(recipe: route, path: guidance.path, coords: path.coords, indexOfPathVertex: guidance.indexInCoords,
                                                   trailNames: RoutedPath.collapsingRepeats(guidance.path.segmentTrailNames), isDrawn: true))
            var visits: [NodeVisit] = []
            for v in path.visits where visits.last?.i != v.i { visits.append(v) }
            entries.append(NetworkRouteEntry(id: route.id, path: path.steps, nodes: visits))
        }
        return (routes, entries)
    }
}
