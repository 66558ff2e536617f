import Foundation
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

/// Readers for the pack's three GeoJSON files (RFC 7946 FeatureCollections).
public enum GeoJSONLayers {
    /// Decodes `contours.geojson`.
    /// - Throws: `PreviewError.malformed` when the file is not a FeatureCollection.
    public static func contours(_ data: Data, path: String) throws(PreviewError) -> [ContourFeature] {
        try features(data, path: path).compactMap { f in
            guard let parts = lineParts(f["geometry"]) else { return nil }
            let props = f["properties"] as? [String: Any] ?? [:]
            return ContourFeature(eleM: (props["ele"] as? NSNumber)?.doubleValue ?? 0,
                                  isIndex: (props["index"] as? Bool) ?? false, parts: parts)
        }
    }

    /// Decodes `trails.geojson`.
    /// - Throws: `PreviewError.malformed` when the file is not a FeatureCollection.
    public static func trails(_ data: Data, path: String) throws(PreviewError) -> [TrailFeature] {
        try features(data, path: path).compactMap { f in
            guard let parts = lineParts(f["geometry"]) else { return nil }
            let props = f["properties"] as? [String: Any] ?? [:]
            return TrailFeature(name: props["name"] as? String, routeId: props["routeId"] as? String, parts: parts)
        }
    }

    /// Decodes `pois.geojson`.
    /// - Throws: `PreviewError.malformed` when the file is not a FeatureCollection.
    public static func pois(_ data: Data, path: String) throws(PreviewError) -> [POIFeature] {
        try features(data, path: path).compactMap { f in
            guard let geometry = f["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                  let p = position(geometry["coordinates"]) else { return nil }
            let props = f["properties"] as? [String: Any] ?? [:]
            return POIFeature(name: props["name"] as? String ?? "", kind: props["kind"] as? String ?? "",
                              location: p, eleM: (props["ele"] as? NSNumber)?.doubleValue)
        }
    }

    private static func features(_ data: Data, path: String) throws(PreviewError) -> [[String: Any]] {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw .malformed(path: path, reason: "not JSON: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any], root["type"] as? String == "FeatureCollection",
              let features = root["features"] as? [[String: Any]] else {
            throw .malformed(path: path, reason: "not a GeoJSON FeatureCollection")
        }
        return features
    }

    private static func position(_ any: Any?) -> LonLat? {
        guard let a = any as? [Any], a.count >= 2, let lon = (a[0] as? NSNumber)?.doubleValue,
              let lat = (a[1] as? NSNumber)?.doubleValue else { return nil }
        return LonLat(lon, lat)
    }

    private static func line(_ any: Any?) -> [LonLat]? {
        guard let a = any as? [Any] else { return nil }
        let points = a.compactMap(position)
        return points.count == a.count ? points : nil
    }

    private static func lineParts(_ geometry: Any?) -> [[LonLat]]? {
        guard let g = geometry as? [String: Any] else { return nil }
        switch g["type"] as? String {
        case "LineString": return line(g["coordinates"]).map { [$0] }
        case "MultiLineString": return (g["coordinates"] as? [Any])?.compactMap(line)
        default: return nil
        }
    }
}
