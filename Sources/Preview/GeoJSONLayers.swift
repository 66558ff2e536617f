import PackJSON
import PackReader
import TrailpackCore

/// One contour feature: its elevation, whether it is an index contour, and its line parts.
public struct ContourFeature: Sendable, Equatable {
    public var eleM: Double
    public var isIndex: Bool
    public var parts: [[LonLat]]
}

/// One trail feature: its name (nil for an unnamed way), the route it carries if any, its parts.
public struct TrailFeature: Sendable, Equatable {
    public var name: String?
    public var routeId: String?
    public var parts: [[LonLat]]
}

/// One POI point feature.
public struct POIFeature: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var location: LonLat
    public var eleM: Double?
}

/// Readers for the pack's three GeoJSON files (RFC 7946 FeatureCollections), through
/// PackReader's `FeatureCollectionView`.
public enum GeoJSONLayers {
    /// Decodes `contours.geojson`.
    /// - Throws: `PreviewError.malformed` when the file is not a FeatureCollection.
    public static func contours(_ doc: PackDocument) throws(PreviewError) -> [ContourFeature] {
        try features(doc).compactMap { f in
            guard let parts = f.lineParts else { return nil }
            return ContourFeature(eleM: f.properties?["ele"]?.doubleValue ?? 0, isIndex: f.properties?["index"]?.value == .bool(true), parts: parts)
        }
    }

    /// Decodes `trails.geojson`.
    /// - Throws: `PreviewError.malformed` when the file is not a FeatureCollection.
    public static func trails(_ doc: PackDocument) throws(PreviewError) -> [TrailFeature] {
        try features(doc).compactMap { f in
            guard let parts = f.lineParts else { return nil }
            return TrailFeature(name: f.properties?["name"]?.stringValue, routeId: f.properties?["routeId"]?.stringValue, parts: parts)
        }
    }

    /// Decodes `pois.geojson`.
    /// - Throws: `PreviewError.malformed` when the file is not a FeatureCollection.
    public static func pois(_ doc: PackDocument) throws(PreviewError) -> [POIFeature] {
        try features(doc).compactMap { f in
            guard let p = f.point else { return nil }
            return POIFeature(name: f.properties?["name"]?.stringValue ?? "", kind: f.properties?["kind"]?.stringValue ?? "",
                              location: p, eleM: f.properties?["ele"]?.doubleValue)
        }
    }

    private static func features(_ doc: PackDocument) throws(PreviewError) -> [FeatureView] {
        let view = FeatureCollectionView(doc.root)
        guard view.isFeatureCollection else { throw .malformed(path: doc.path, reason: "not a GeoJSON FeatureCollection") }
        return view.features
    }
}
