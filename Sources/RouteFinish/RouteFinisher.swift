import Guidance
import Landmarks
import PackReader
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

/// The landmarks a route may see: the region's candidates, the region terrain their sightlines
/// cross beyond the route's own, and how far a hiker looks.
public struct LandmarkField: Sendable {
    public var candidates: [Landmark]
    /// The region grid, prepared for sightlines once for every route.
    public var region: TerrainSurface
    /// Vertices farther than this from a candidate do not look for it, metres.
    public var maxDistanceM: Double

    public init(candidates: [Landmark], region: TerrainSurface, maxDistanceM: Double) {
        self.candidates = candidates
        self.region = region
        self.maxDistanceM = maxDistanceM
    }
}

/// A finished route: everything the route file states but its ids and texts.
public struct FinishedRoute: Sendable {
    public var coords: [LonLat]
    /// Terrain under each vertex, metres.
    public var elevationsM: [Double]
    /// Distance along the route at each vertex, metres, one decimal.
    public var cumM: [Double]
    public var stats: RouteStats
    public var waypoints: [Waypoint]
    /// The SPEC's `landmarks`: the candidates seen from the route, by first visible vertex.
    public var landmarks: [LandmarkSighting]
}

/// Why a route could not be finished; the description is the reason a build or `route` gives.
public struct RouteFinishError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// The one route finisher of the build, `trailpack route` and `--rejoin`.
public enum RouteFinisher {
    /// Drapes `route` on `terrain` (the finest terrain under it: its AR patch), measures it
    /// (cum, DIN 33466 stats by `model`), guides it (waypoints, POIs and summits on `terrain`)
    /// and finds the `landmarks` it sees over `terrain` and the region (none without a field).
    /// - Throws: `RouteFinishError` for a route of fewer than two vertices, one that leaves
    ///   the terrain, or one guidance or the stats cannot take.
    public static func finish(_ route: GroundRoute, terrain: TerrainGrid, pois: [PointOfInterest],
                              model: HikingModel, landmarks: LandmarkField? = nil) throws(RouteFinishError) -> FinishedRoute {
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
        return FinishedRoute(coords: route.coords, elevationsM: elevationsM, cumM: cumM, stats: stats, waypoints: waypoints,
                             landmarks: sightings(route.coords, elevationsM: elevationsM, terrain: terrain, field: landmarks))
    }

    /// The candidates of `field` seen from the route's vertices (eye 1.7 m above `ele`), over
    /// `terrain` where it lies and the region grid beyond (`LineOfSight`).
    static func sightings(_ coords: [LonLat], elevationsM: [Double], terrain: TerrainGrid,
                          field: LandmarkField?) -> [LandmarkSighting] {
        guard let field, !field.candidates.isEmpty else { return [] }
        let sight = LineOfSight(region: field.region, patch: TerrainSurface(terrain))
        return RouteVisibility.sightings(coords: coords, elevationsM: elevationsM, landmarks: field.candidates,
                                         sight: sight, maxDistanceM: field.maxDistanceM)
    }
}

extension LandmarkSighting {
    /// The route file's entry for this sighting (`RouteFileJSON.landmarks` writes it).
    public var packEntry: PackLandmark {
        PackLandmark(name: landmark.name, kind: landmark.kind, lon: landmark.location.lon, lat: landmark.location.lat,
                     ele: landmark.eleM, nearestM: nearestM, visible: visible.map { [$0.lowerBound, $0.upperBound] })
    }
}
