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

    public init(regionName: String, bbox: BBox, hillshadeBounds: BBox, attribution: [String], routeIds: [String],
                vectorSource: VectorSource = .geoJSON) {
        self.regionName = regionName
        self.bbox = bbox
        self.hillshadeBounds = hillshadeBounds
        self.attribution = attribution
        self.routeIds = routeIds
        self.vectorSource = vectorSource
    }
}

/// The source of the vector layers: the pack's GeoJSON files, or vector tiles in
/// `map/tiles.mbtiles` (layers `contours`, `trails`, `pois`) for regions too large for GeoJSON.
public enum VectorSource: Equatable, Sendable {
    case geoJSON
    case mbtiles(minZoom: Int, maxZoom: Int)
}
