import Foundation
import Rerouting
import RouteCore
import TrailNetwork
import TrailpackCore

/// Stage: the trail network a pack carries (`routing.json`), and the routes through vias, routed
/// over it by hiking time, so a client rerouting from the pack gets the builder's answers.
public enum NetworkStage {
    /// The network of the region's open trails (nil without any) and every route in recipe
    /// order: `trackRoutes` as they are, routes through vias routed over the network.
    /// - Throws: `BuildError.route` for a route no path joins or whose vertices leave `bbox`.
    static func run(_ recipe: Recipe, inputs: LoadedInputs, graph: TrailNetworkGraph?, openTrails: [TrailLine], snaps: ViaSnaps,
                    trackRoutes: [BuiltRoute], terrain: TerrainGrid, bbox: BBox)
        throws -> (routes: [BuiltRoute], network: RoutingNetwork?, diagnostics: [Diagnostic]) {
        guard let graph else { return (trackRoutes, nil, []) }
        let featureOfTrail = AssembleStage.trailFeatureIndex(inputs.trails, bbox: bbox)
        var (network, viaNodes) = Self.network(graph: graph, trails: openTrails, featureOfTrail: featureOfTrail, snaps: snaps,
                                               recipe: recipe, terrain: terrain)
        let via = try viaRoutes(recipe, inputs: inputs, network: network, snaps: snaps, viaNodes: viaNodes)
        try PackBuilder.checkInside(bbox, routes: via.routes.map { ($0.id, $0.coords) }, recipe: recipe)
        network.routes = via.entries
        let all = trackRoutes + via.routes
        return (recipe.routes.compactMap { r in all.first { $0.id == r.id } }, network, via.diagnostics)
    }

    /// Where each via route's vias meet the trail graph, by route id, in via order.
    public typealias ViaSnaps = [String: [(label: String, point: LonLat)]]

    /// Snaps every via of every route through vias onto the trail graph (before any terrain is
    /// made, so a bad via fails the build at once).
    /// - Throws: `BuildError.route` for a route with vias but no trails, a via naming an unknown
    ///   POI, or a via farther than `TrailNetworkGraph.maxViaDistanceM` from every trail.
    static func snapVias(_ recipe: Recipe, pois: [PointOfInterest], graph: TrailNetworkGraph?) throws -> ViaSnaps {
        var snaps: ViaSnaps = [:]
        for (index, route) in recipe.routes.enumerated() {
            guard case .via(let specs) = route.source else { continue }
            func fail(_ message: String) -> BuildError { .route(id: route.id, location: route.location, message: message) }
            guard let graph, !graph.edges.isEmpty else { throw fail("is routed over the trail network, but the recipe has no trails open to hikers") }
            guard specs.count >= 2 else { throw fail(RoutingError.tooFewVias(count: specs.count).description) }
            var onTrails: [LonLat] = []
            snaps[route.id] = try specs.enumerated().map { k, spec throws -> (label: String, point: LonLat) in
                let via = try viaPoint(spec, number: k + 1, pois: pois, fail: fail)
                guard let hit = graph.locate(via.location) else { throw fail(RoutingError.emptyNetwork.description) }
                onTrails.append(hit.point)
                if hit.distanceM > TrailNetworkGraph.maxViaDistanceM {
                    throw fail(RoutingError.viaOffNetwork(label: via.label, location: via.location, nearest: hit.point,
                                                          distanceM: hit.distanceM, maxDistanceM: TrailNetworkGraph.maxViaDistanceM).description)
                }
                return (via.label, via.location)
            }
            try requireDistinct(onTrails, route: route, index: index, recipe: recipe, labels: snaps[route.id]!.map(\.label))
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
        // Vias meet the network where a client's query would: on its resampled edges.
        let router = NetworkRouter(network: base)
        let hits = ids.flatMap { id in snaps[id]!.map { router.locate($0.point)! } }
        let (network, cutNodes) = base.splitting(at: hits, elevationM: elevationM)
        var viaNodes: [String: [Int]] = [:]
        var next = 0
        for id in ids {
            viaNodes[id] = Array(cutNodes[next..<(next + snaps[id]!.count)])
            next += snaps[id]!.count
        }
        return (network, viaNodes)
    }

    /// The routes through vias, each leg a least-time path over `network`, in recipe order, with
    /// their `routing.json` entries.
    /// - Throws: `BuildError.route` naming two consecutive vias no path joins, or a later step's failure.
    static func viaRoutes(_ recipe: Recipe, inputs: LoadedInputs, network: RoutingNetwork, snaps: ViaSnaps,
                          viaNodes: [String: [Int]]) throws -> (routes: [BuiltRoute], entries: [NetworkRouteEntry], diagnostics: [Diagnostic]) {
        let router = NetworkRouter(network: network)
        var routes: [BuiltRoute] = [], entries: [NetworkRouteEntry] = [], diagnostics: [Diagnostic] = []
        for route in recipe.routes {
            guard let nodes = viaNodes[route.id], let labels = snaps[route.id]?.map(\.label) else { continue }
            func fail(_ message: String) -> BuildError { .route(id: route.id, location: route.location, message: message) }
            var steps: [PathStep] = []
            for k in 1..<nodes.count {
                guard let leg = router.shortestPath(from: nodes[k - 1], to: nodes[k]) else {
                    throw fail(RoutingError.unreachable(fromLabel: labels[k - 1], toLabel: labels[k]).description
                               + " (one-way trails, oneway:foot, are walked only their way; trails closed to hikers are left out)")
                }
                steps += leg
            }
            let path = NetworkPath(steps: steps, start: nodes[0], in: network)
            let guidance = path.guidancePath(in: network)
            let (built, notes) = try RouteStage.finish(route, path: guidance.path, coords: path.coords, indexOfPathVertex: guidance.indexInCoords,
                                                       trailNames: RoutedPath.collapsingRepeats(guidance.path.segmentTrailNames),
                                                       isDrawn: true, recipe: recipe, inputs: inputs, fail: fail)
            routes.append(built)
            diagnostics += notes
            var visits: [NodeVisit] = []
            for v in path.visits where visits.last?.i != v.i { visits.append(v) }
            entries.append(NetworkRouteEntry(id: route.id, path: steps, nodes: visits))
        }
        return (routes, entries, diagnostics)
    }
}
