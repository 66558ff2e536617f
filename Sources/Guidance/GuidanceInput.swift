import TrailpackCore

/// Everything guidance needs about one route: the cleaned geometry (where turns and junctions
/// are detected), the resampled line the route file stores (whose indices waypoints use), its
/// elevation profile, and the region's points of interest.
public struct GuidanceInput: Equatable, Sendable {
    /// Cleaned route geometry before resampling, with trail names and junctions when on the network.
    public var path: RoutePath
    /// The route file's `coords` (lon/lat), at most 12 m apart; keeps every `path.coords` vertex.
    public var resampledCoords: [LonLat]
    /// Distance in metres from the start to each resampled vertex; `cumM[0] == 0`, non-decreasing.
    public var cumM: [Double]
    /// Elevation in metres of each resampled vertex.
    public var elevationsM: [Double]
    /// For each `path.coords` vertex, its index in `resampledCoords` (non-decreasing).
    public var resampledIndexOfPathVertex: [Int]
    /// Points of interest of the region (any number; only those near the route are used).
    public var pois: [PointOfInterest]
    /// Terrain around the route (the route's AR patch, which reaches at least 100 m beyond every
    /// vertex) on which summits are confirmed; nil: summits from the profile alone (tests).
    public var terrain: TerrainGrid?
    /// True when `path` was drawn, not recorded (routed over the network, or a planned GPX
    /// route): no GPS error, so the way back of an out-and-back lies on the way out and a way
    /// back more than a few metres beside it is a hairpin (`Retrace`).
    public var isDrawn: Bool

    public init(
        path: RoutePath, resampledCoords: [LonLat], cumM: [Double], elevationsM: [Double],
        resampledIndexOfPathVertex: [Int], pois: [PointOfInterest] = [], terrain: TerrainGrid? = nil, isDrawn: Bool = false
    ) {
        self.path = path
        self.resampledCoords = resampledCoords
        self.cumM = cumM
        self.elevationsM = elevationsM
        self.resampledIndexOfPathVertex = resampledIndexOfPathVertex
        self.pois = pois
        self.terrain = terrain
        self.isDrawn = isDrawn
    }
}
