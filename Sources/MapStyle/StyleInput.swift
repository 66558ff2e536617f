import TrailpackCore

/// What a region's MapLibre style is made from: the manifest's facts and the choice of sources.
public struct StyleInput: Sendable {
    public var regionName: String
    /// The region's bbox (its centre is the style's centre).
    public var bbox: BBox
    /// `files.hillshade.bounds`: the outer pixel edges of hillshade.png.
    public var hillshadeBounds: BBox
    /// The manifest's attribution strings.
    public var attribution: [String]
    /// The manifest's route ids, in order (they pick the route colours).
    public var routeIds: [String]
    /// Where contours, trails and POIs are drawn from.
    public var vectorSource: VectorSource
    /// Whether the region has trails besides its routes, and POIs: layers with nothing to draw
    /// are left out (and sources no layer uses).
    public var hasTrails: Bool
    public var hasPOIs: Bool
    /// Each route's first and last vertex: the start and end markers (an inline GeoJSON source).
    public var routeEnds: [RouteEnds]
    /// The zoom from which trail names show (`TrailNameZoom.layerMinZoom`); nil when no trail
    /// carries a name on this map (no trail-name layer, and no source for one).
    public var trailNameMinZoom: Double?

    public init(regionName: String, bbox: BBox, hillshadeBounds: BBox, attribution: [String], routeIds: [String],
                vectorSource: VectorSource = .geoJSON, hasTrails: Bool = true, hasPOIs: Bool = true,
                routeEnds: [RouteEnds] = [], trailNameMinZoom: Double? = TrailNameZoom.zoomRange.upperBound) {
        self.regionName = regionName
        self.bbox = bbox
        self.hillshadeBounds = hillshadeBounds
        self.attribution = attribution
        self.routeIds = routeIds
        self.vectorSource = vectorSource
        self.hasTrails = hasTrails
        self.hasPOIs = hasPOIs
        self.routeEnds = routeEnds
        self.trailNameMinZoom = trailNameMinZoom
    }
}

/// Where a route starts and ends.
public struct RouteEnds: Sendable, Equatable {
    public var routeId: String
    public var start: LonLat
    public var end: LonLat

    public init(routeId: String, start: LonLat, end: LonLat) {
        self.routeId = routeId
        self.start = start
        self.end = end
    }
}

/// The source of the vector layers: the pack's GeoJSON files, or vector tiles in
/// `map/tiles.pmtiles` (layers `contours`, `trails`, `pois`, `trail-names`) for regions too
/// large for GeoJSON, cut from `minZoom` to `maxZoom`.
public enum VectorSource: Equatable, Sendable {
    case geoJSON
    case pmtiles(minZoom: Int, maxZoom: Int)
}
