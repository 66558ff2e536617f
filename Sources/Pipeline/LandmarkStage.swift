import Foundation
import Landmarks
import RouteFinish
import TrailpackCore

/// What the landmark stage found: the field every route is finished with, and the warnings.
public struct LandmarkProducts: Sendable {
    /// The region's candidates over its grid (nil for a region without routes: nobody looks).
    public var field: LandmarkField?
    public var diagnostics: [Diagnostic]
}

/// Stage (after terrain: it needs the region grid): the region's landmark candidates. Each route
/// casts its sightlines to them when it is finished (`RouteFinisher`), over its AR patch and the
/// region grid, from every vertex to every candidate within `landmarks.maxDistanceM`.
public enum LandmarkStage {
    /// The candidates of `pois` (placed on `grid`, the region terrain) and of `grid`'s summits,
    /// with warnings for recipe names that match nothing. Throws nothing: every input here was
    /// checked by the stages before.
    public static func run(_ options: LandmarkOptions, pois: [PointOfInterest], grid: TerrainGrid, hasRoutes: Bool) -> LandmarkProducts {
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
        // Without routes nobody looks: skip the summit sweep (large grids).
        guard hasRoutes else { return LandmarkProducts(field: nil, diagnostics: diagnostics) }
        let field = LandmarkField(candidates: LandmarkCatalog.landmarks(pois: pois, grid: grid, options: options),
                                  region: TerrainSurface(grid), maxDistanceM: options.maxDistanceM)
        return LandmarkProducts(field: field, diagnostics: diagnostics)
    }
}
