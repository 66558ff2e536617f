import Foundation
import Landmarks
import TrailpackCore

/// What the landmark stage found: per route id, the landmarks it sees (SPEC order).
public struct LandmarkProducts: Sendable {
    /// Every candidate the region offers.
    public var candidates: [Landmark]
    public var byRoute: [String: [LandmarkSighting]]
    public var diagnostics: [Diagnostic]
}

/// Stage (after terrain): the region's landmark candidates, then one sightline from every route
/// vertex to every candidate within `landmarks.maxDistanceM`, over the route's AR patch and the
/// region grid.
public enum LandmarkStage {
    /// The landmarks each of `routes` sees over `grid` (the region terrain) and its own AR
    /// patch, with warnings for recipe names that match nothing. Throws nothing: every input
    /// here was checked by the stages before.
    public static func run(_ options: LandmarkOptions, pois: [PointOfInterest], grid: TerrainGrid,
                           routes: [BuiltRoute]) -> LandmarkProducts {
        var byRoute: [String: [LandmarkSighting]] = [:]
        var diagnostics: [Diagnostic] = []
        var unfiltered = options
        unfiltered.exclude = []
        let known = options.exclude.isEmpty ? [] : Set(LandmarkCatalog.landmarks(pois: pois, grid: grid, options: unfiltered).map(\.name))
        for name in options.exclude where !known.contains(name) && !pois.contains(where: { $0.name == name }) {
            diagnostics.append(Diagnostic(.warning, "landmarks", "exclude names \"\(name)\", which is no landmark of the region"))
        }
        for case .poi(let name) in options.include where !pois.contains(where: { $0.name == name }) {
            diagnostics.append(Diagnostic(.warning, "landmarks", "include names \"\(name)\", which is no POI of the region"))
        }
        // Without routes nobody looks: skip the summit sweep (large grids) and the sightlines.
        guard !routes.isEmpty else { return LandmarkProducts(candidates: [], byRoute: [:], diagnostics: diagnostics) }
        let candidates = LandmarkCatalog.landmarks(pois: pois, grid: grid, options: options)
        let region = TerrainSurface(grid)
        for route in routes {
            let sight = LineOfSight(region: region, patch: TerrainSurface(route.arPatch))
            byRoute[route.id] = RouteVisibility.sightings(coords: route.coords, elevationsM: route.elevationsM,
                                                          landmarks: candidates, sight: sight, maxDistanceM: options.maxDistanceM)
        }
        return LandmarkProducts(candidates: candidates, byRoute: byRoute, diagnostics: diagnostics)
    }
}
