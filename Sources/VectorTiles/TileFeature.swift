import TrailpackCore

/// The geometry of a feature, in world coordinates (see `WorldPoint`).
public enum TileGeometry: Sendable {
    /// One point or several (an MVT Point or MultiPoint feature in each tile).
    case points([WorldPoint])
    /// One line or several (an MVT LineString or MultiLineString feature in each tile); a line
    /// needs two points or more, shorter ones are left out. A closed ring is a line whose last
    /// point repeats its first.
    case lines([[WorldPoint]])

    /// Number of points, all parts together.
    public var pointCount: Int {
        switch self {
        case .points(let points): points.count
        case .lines(let lines): lines.reduce(0) { $0 + $1.count }
        }
    }
}

extension TileGeometry {
    /// Lines given in WGS84 degrees, longitude first; each vertex is projected once.
    public init(lonLatLines lines: [[LonLat]]) { self = .lines(lines.map { $0.map(WorldPoint.init) }) }

    /// Points given in WGS84 degrees, longitude first.
    public init(lonLatPoints points: [LonLat]) { self = .points(points.map(WorldPoint.init)) }
}

/// One feature of a layer: its geometry, its properties (written in this order), the zooms it
/// is in, and whether a tile over its limits may drop it.
public struct TileFeature: Sendable {
    public var geometry: TileGeometry
    /// Key-value pairs, in the order the tile lists them; a key given twice is written once,
    /// with its first value (MVT allows a key once per feature).
    public var properties: [(String, TileValue)]
    /// The feature is cut into the tiles of zooms `minZoom...maxZoom` (and of none when empty).
    public var minZoom: Int
    public var maxZoom: Int
    /// Nil: kept in every tile whatever its size. Otherwise, a tile still over its limits after
    /// re-simplification drops features of the highest rank first, and among equal ranks the
    /// shortest in the tile (ties: the later in layer order), until it fits (`TileLimitEvent`).
    public var dropRank: Int?

    public init(geometry: TileGeometry, properties: [(String, TileValue)], minZoom: Int = 0, maxZoom: Int = 30,
                dropRank: Int? = nil) {
        self.geometry = geometry
        self.properties = properties
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.dropRank = dropRank
    }

    /// Whether the feature is cut into tiles at zoom `z`.
    public func isPresent(atZoom z: Int) -> Bool { minZoom <= z && z <= maxZoom }
}

/// A named layer of every tile: its features in the order tiles list them, and how much its
/// lines are simplified at each zoom.
public struct TileLayer: Sendable {
    /// The MVT layer name (unique in a tileset: `contours`, `trails`, `pois`).
    public var name: String
    public var features: [TileFeature]
    /// Douglas–Peucker tolerance at zoom z, in tile units (1/extent of a tile's side; 0 keeps
    /// every vertex that moves the line at all). Called once per zoom.
    public var toleranceUnits: @Sendable (Int) -> Double

    public init(name: String, features: [TileFeature], toleranceUnits: @escaping @Sendable (Int) -> Double) {
        self.name = name
        self.features = features
        self.toleranceUnits = toleranceUnits
    }
}
