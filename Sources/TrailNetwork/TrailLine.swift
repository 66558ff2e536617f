import TrailpackCore

/// One input trail or road line, as read from the source file (one OSM way, one feature).
public struct TrailLine: Equatable, Sendable {
    /// Stable identifier, e.g. the OSM way id or `"file#feature"`; also the deterministic sort key.
    public var id: String
    /// The trail's name; nil for an unnamed way.
    public var name: String?
    /// Vertices in WGS84 degrees, lon/lat.
    public var coords: [LonLat]

    public init(id: String, name: String?, coords: [LonLat]) {
        self.id = id
        self.name = name
        self.coords = coords
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
