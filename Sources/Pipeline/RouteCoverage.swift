import Bindings
import Foundation
import TrailpackCore

/// Checks that a route lies where the DEM sources are, before its AR patch is warped, so a
/// track recorded elsewhere is reported as the route's problem, naming its file.
enum RouteCoverage {
    /// - Throws: what `fail` makes of a route with vertices outside every DEM source's extent,
    ///   naming the track file (for a track route), the route's extent or first vertex outside,
    ///   and each DEM's extent.
    static func check(_ route: RouteRecipe, coords: [LonLat], dem: [RasterDataset], fail: (String) -> BuildError) throws {
        guard let box = BBox(covering: coords), !dem.isEmpty else { return }
        var extents: [(String, BBox)] = []
        for source in dem {
            guard let extent = try? source.lonLatExtent() else { return }   // georeferencing problems are the DEM's to report
            extents.append((URL(fileURLWithPath: source.path).lastPathComponent, extent))
        }
        let outside = coords.indices.filter { k in !extents.contains { $0.1.contains(coords[k]) } }
        guard let first = outside.first else { return }
        let what: String
        if case .track(let file, _, _) = route.source { what = "its track \(file)" } else { what = "its path" }
        let covered = extents.map { "\($0.0) covers \($0.1)" }.joined(separator: "; ")
        if outside.count == coords.count {
            throw fail("\(what) lies at \(box), outside every DEM (\(covered)); is it the right track file or DEM?")
        }
        throw fail("\(what) leaves every DEM at vertex \(first) \(coords[first]): \(outside.count) of \(coords.count) vertices lie outside (\(covered)); add a DEM source covering them")
    }
}

extension RouteCoverage {
    /// " (track <file>)" for a track route, "" otherwise: appended to messages about a route.
    static func trackFile(_ route: RouteRecipe?) -> String {
        if case .track(let file, _, _)? = route?.source { return " (track \(file))" }
        return ""
    }

    /// Every vertex of every route lies inside the region.
    /// - Throws: `BuildError.route` naming the first vertex outside.
    static func checkInside(_ bbox: BBox, routes: [(id: String, coords: [LonLat])], recipe: Recipe) throws {
        for route in routes {
            if let k = route.coords.firstIndex(where: { !bbox.contains($0) }) {
                let r = recipe.routes.first { $0.id == route.id }
                throw BuildError.route(id: route.id, location: r?.location ?? recipe.path,
                                       message: "vertex \(k) \(route.coords[k]) lies outside the region bbox \(bbox)" + trackFile(r))
            }
        }
    }
}
