import Bindings
import Foundation
import TrailpackCore

/// Whether a region's map draws contours, trails and POIs from vector tiles, and at which zooms
/// (SPEC `style.json and map/`, docs/FORMAT.md). Decided before the contours are written, so a
/// region whose contours go into the tiles never encodes `contours.geojson`.
public struct TilePlan: Sendable, Equatable {
    /// The tiles' zooms, or nil when the map draws the GeoJSON files.
    public var zooms: ClosedRange<Int>?
    /// The contours' GeoJSON size as estimated (bytes).
    public var estimatedContourBytes: Double
    /// The trails' and POIs' GeoJSON files as written (bytes).
    public var otherGeoJSONBytes: Double

    /// The GeoJSON the style would draw (bytes): the contours as estimated, the trails and POIs as written.
    public var drawnGeoJSONBytes: Double { estimatedContourBytes + otherGeoJSONBytes }

    /// Tiles when the GeoJSON the style would draw (the contours' estimate plus `otherGeoJSONBytes`,
    /// the trails' and POIs' files) exceeds `vectorTilesAboveMB` (megabytes); zooms from
    /// `minZoom(bbox)` to `maxZoom`.
    public init(bbox: BBox, contours: [ContourLine], otherGeoJSONBytes: Int, vectorTilesAboveMB: Double) {
        estimatedContourBytes = Self.estimatedGeoJSONBytes(contours)
        self.otherGeoJSONBytes = Double(otherGeoJSONBytes)
        zooms = estimatedContourBytes + Double(otherGeoJSONBytes) > vectorTilesAboveMB * 1_000_000
            ? Self.minZoom(bbox)...Self.maxZoom : nil
    }

    /// The deepest zoom cut; MapLibre over-zooms it beyond.
    public static let maxZoom = 14
    /// The short side of the phone screen a whole region must fit, held either way (SPEC: 360x640 px).
    public static let screenShortPx = 360.0

    /// The zoom at which the whole of `bbox` fits the screen held upright or sideways, at most `maxZoom`.
    public static func minZoom(_ bbox: BBox) -> Int {
        min(maxZoom, WebMercator.fitZoom(bbox, screenPx: screenShortPx))
    }

    /// Bytes OGR's GeoJSON writer gives `contours` at 7 decimals, estimated from their vertex
    /// and line counts (within a few per cent on real contours).
    public static func estimatedGeoJSONBytes(_ contours: [ContourLine]) -> Double {
        let vertices = contours.reduce(0) { $0 + $1.coords.count }
        return Double(vertices) * bytesPerVertex + Double(contours.count) * bytesPerLine
    }

    /// `[ -71.1234567, 44.1234567 ], ` and a feature's members around its coordinates.
    static let bytesPerVertex = 29.0
    static let bytesPerLine = 110.0
}
