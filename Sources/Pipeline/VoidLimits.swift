import Foundation
import TrailpackCore

/// Every void limit a build exceeds, in one refusal: the region grid's share of void cells
/// (`terrain.voids.maxFilledPercent`), cells farther from data than `maxFillDistanceM`, and each
/// route's longest stretch over filled terrain (`maxRouteFilledM`). An author who raises one
/// limit then learns of no other on the next build.
enum VoidLimits {
    /// One exceeded limit: of the region grid, or of a route (its id and where it is declared).
    enum Breach {
        case region(String)
        case route(id: String, location: String, message: String)
    }

    /// The refusal listing `breaches` (nil for none). One breach keeps its own form (the DEM
    /// files and region grid, or the route's recipe line); several are one `BuildError.input`
    /// naming the DEM files and the region grid, one numbered line per limit.
    static func error(_ breaches: [Breach], dem: [String], bbox: BBox) -> BuildError? {
        let file = dem.joined(separator: ", "), place = "region grid \(bbox)"
        switch breaches.count {
        case 0:
            return nil
        case 1:
            switch breaches[0] {
            case .region(let message): return .input(file: file, place: place, message: message)
            case .route(let id, let location, let message): return .route(id: id, location: location, message: message)
            }
        default:
            let lines = breaches.enumerated().map { k, breach in
                switch breach {
                case .region(let message): return "  \(k + 1). \(message)"
                case .route(let id, let location, let message): return "  \(k + 1). \(location): route \"\(id)\": \(message)"
                }
            }
            return .input(file: file, place: place, message: "\(breaches.count) void limits (terrain.voids) are exceeded:\n" + lines.joined(separator: "\n"))
        }
    }

    /// The routes' breaches of `maxRouteFilledM`, in route order.
    static func routeBreaches(_ routes: [BuiltRoute], recipe: Recipe) -> [Breach] {
        routes.compactMap { route in
            guard let message = VoidFiller.routeBreach(route.filledStretches, coords: route.coords, options: recipe.terrain.voids) else { return nil }
            let location = recipe.routes.first { $0.id == route.id }?.location ?? recipe.path
            return .route(id: route.id, location: location, message: message)
        }
    }
}
