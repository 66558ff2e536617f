import Guidance
import RouteCore
import TrailpackCore

/// A route's line on the ground, ready to be finished: the written vertices (rounded, at most
/// 12 m apart) and the path guidance reads (with its trail names and junctions).
public struct GroundRoute: Sendable {
    /// The path before resampling: its corners, trail names and junctions.
    public var path: RoutePath
    /// The route's vertices as written, lon/lat.
    public var coords: [LonLat]
    /// For each vertex of `path`, its index in `coords`.
    public var indexOfPathVertex: [Int]
    /// Drawn (routed over the network, planned, `track.drawn`) rather than recorded.
    public var isDrawn: Bool

    public init(path: RoutePath, coords: [LonLat], indexOfPathVertex: [Int], isDrawn: Bool) {
        self.path = path
        self.coords = coords
        self.indexOfPathVertex = indexOfPathVertex
        self.isDrawn = isDrawn
    }
}

/// A finished route: everything the route file states but its ids, texts and landmarks.
public struct FinishedRoute: Sendable {
    public var coords: [LonLat]
    /// Terrain under each vertex, metres.
    public var elevationsM: [Double]
    /// Distance along the route at each vertex, metres, one decimal.
    public var cumM: [Double]
    public var stats: RouteStats
    public var waypoints: [Waypoint]
}

/// Why a route could not be finished; the description is the reason a build or `route` gives.
public struct RouteFinishError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// The one route finisher of the build, `trailpack route` and `--rejoin`.
public enum RouteFinisher {
    /// Drapes `route` on `terrain` (the finest terrain under it: its AR patch), measures it
    /// (cum, DIN 33466 stats by `model`) and guides it (waypoints, POIs and summits on `terrain`).
    /// - Throws: `RouteFinishError` for a route of fewer than two vertices, one that leaves
    ///   the terrain, or one guidance or the stats cannot take.
    public static func finish(_ route: GroundRoute, terrain: TerrainGrid, pois: [PointOfInterest],
                              model: HikingModel) throws(RouteFinishError) -> FinishedRoute {
        guard route.coords.count >= 2 else {
            throw RouteFinishError(description: "has a single point: its start and end are the same place")
        }
        let cumM = Geodesic.cumulativeDistancesM(route.coords).map { ($0 * 10).rounded() / 10 }
        let elevationsM: [Double], stats: RouteStats, waypoints: [Waypoint]
        do { elevationsM = try ElevationDraper.drape(route.coords, on: terrain) } catch {
            throw RouteFinishError(description: error.description)
        }
        do { stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cumM, model: model) } catch {
            throw RouteFinishError(description: error.description)
        }
        do {
            waypoints = try Guidance.waypoints(for: GuidanceInput(
                path: route.path, resampledCoords: route.coords, cumM: cumM, elevationsM: elevationsM,
                resampledIndexOfPathVertex: route.indexOfPathVertex, pois: pois, terrain: terrain, isDrawn: route.isDrawn))
        } catch { throw RouteFinishError(description: error.description) }
        return FinishedRoute(coords: route.coords, elevationsM: elevationsM, cumM: cumM, stats: stats, waypoints: waypoints)
    }
}
