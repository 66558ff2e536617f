import TrailpackCore

/// One input trail or road line, as read from the source file (one OSM way, one feature).
public struct TrailLine: Equatable, Sendable {
    /// Stable identifier, e.g. the OSM way id or `"file#feature"`; also the deterministic sort key.
    public var id: String
    /// The trail's name; nil for an unnamed way.
    public var name: String?
    /// Vertices in WGS84 degrees, lon/lat.
    public var coords: [LonLat]
    /// What the source says about walking it (OpenStreetMap tags; defaults for other sources).
    public var use: TrailUse
    /// The trails file the line was read from, as the recipe resolved it; nil for a line made in code.
    public var sourceFile: String?

    public init(id: String, name: String?, coords: [LonLat], use: TrailUse = TrailUse(), sourceFile: String? = nil) {
        self.id = id
        self.name = name
        self.coords = coords
        self.use = use
        self.sourceFile = sourceFile
    }
}

/// What a trail source says about walking one line: direction, stairs, difficulty, closure.
public struct TrailUse: Equatable, Sendable {
    /// Hikers may walk the line only in the order of its coordinates (OpenStreetMap `oneway:foot`;
    /// a plain `oneway` binds cyclists, not hikers).
    public var onewayFoot: Bool
    /// A stairway (OpenStreetMap `highway=steps`).
    public var steps: Bool
    /// OpenStreetMap's `sac_scale`, copied as it is.
    public var sacScale: String?
    /// Closed to hikers (`foot` = no/private, or `access` = no/private not lifted by `foot`):
    /// drawn with the trails, left out of the network.
    public var closedToHikers: Bool

    public init(onewayFoot: Bool = false, steps: Bool = false, sacScale: String? = nil, closedToHikers: Bool = false) {
        self.onewayFoot = onewayFoot
        self.steps = steps
        self.sacScale = sacScale
        self.closedToHikers = closedToHikers
    }
}

/// A point a route must pass, in order, with a label used in error messages
/// (a POI name, "start", "via 2"...).
public struct ViaPoint: Equatable, Sendable {
    /// Shown in errors, e.g. `"Mount Cabot"`.
    public var label: String
    /// Position in WGS84 degrees, lon/lat.
    public var location: LonLat

    public init(label: String, location: LonLat) {
        self.label = label
        self.location = location
    }
}
