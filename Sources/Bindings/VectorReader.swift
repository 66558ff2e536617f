import CGDAL
import Foundation
import TrailpackCore

/// One feature read from a vector file, in WGS84 lon/lat.
public struct VectorFeature: Equatable, Sendable {
    /// The OGR layer name (for GPX: "waypoints", "routes" or "tracks").
    public var layer: String
    /// 0-based index of the feature within its layer.
    public var index: Int
    /// Attribute values as strings (unset and null fields are absent).
    public var fields: [String: String]
    public var geometry: VectorGeometry

    /// The `name` attribute (KML's `Name`, any case), if any and non-empty.
    public var name: String? {
        guard let n = field("name")?.trimmingCharacters(in: .whitespacesAndNewlines), !n.isEmpty else { return nil }
        return n
    }

    /// The attribute `key`, matched exactly or else in any case (OGR's KML drivers call the
    /// placemark name `Name`); when several spellings differ only in case, the first in code
    /// point order.
    public func field(_ key: String) -> String? {
        if let v = fields[key] { return v }
        let lower = key.lowercased()
        return fields.keys.filter { $0.lowercased() == lower }.min().flatMap { fields[$0] }
    }
}

/// Reads GPX, GeoJSON, KML and any other vector format OGR opens.
public enum VectorReader {
    /// GPX layers that repeat the points of routes and tracks one feature per point.
    static let skippedLayers: Set<String> = ["route_points", "track_points"]

    /// Those of the GPX file's tracks `among` (indices as the `tracks` layer counts its
    /// features) with at least one timestamped point; empty for a file without a GPX
    /// `track_points` layer. A recording carries the time of its fixes; a line drawn in a route
    /// planner and saved as a track usually carries none. Reads the points in file order and
    /// stops once every track asked about is found or passed.
    /// - Throws: `GDALError` naming the file when it cannot be opened.
    public static func gpxTracksWithTimes(path: String, among: Set<Int>) throws(GDALError) -> Set<Int> {
        guard let lastAsked = among.max() else { return [] }
        let dataset = try VectorDataset.open(path: path)
        guard let layer = GDALDatasetGetLayerByName(dataset.handle, "track_points") else { return [] }
        let defn = OGR_L_GetLayerDefn(layer)
        let fid = OGR_FD_GetFieldIndex(defn, "track_fid"), time = OGR_FD_GetFieldIndex(defn, "time")
        guard fid >= 0, time >= 0 else { return [] }
        var tracks: Set<Int> = []
        OGR_L_ResetReading(layer)
        while tracks.count < among.count, let next = OGR_L_GetNextFeature(layer) {
            let feature = VectorFeatureHandle(next)
            let track = Int(OGR_F_GetFieldAsInteger(feature.handle, fid))
            if track > lastAsked { break }
            if among.contains(track), OGR_F_IsFieldSetAndNotNull(feature.handle, time) != 0 { tracks.insert(track) }
        }
        return tracks
    }

    /// Every feature of every layer of `path`, reprojected to WGS84 lon/lat. Features without
    /// geometry are skipped.
    /// - Throws: `GDALError` naming the file and OGR's reason.
    public static func read(path: String) throws(GDALError) -> [VectorFeature] {
        let dataset = try VectorDataset.open(path: path)
        let ds = dataset.handle
        let wgs84 = try SpatialReference("EPSG:4326")
        var features: [VectorFeature] = []
        for l in 0..<GDALDatasetGetLayerCount(ds) {
            guard let layer = GDALDatasetGetLayer(ds, l) else { continue }
            let layerName = String(cString: OGR_L_GetName(layer))
            if skippedLayers.contains(layerName) { continue }
            var transform: CoordinateTransformation?
            if let srs = OGR_L_GetSpatialRef(layer), OSRIsSame(srs, wgs84.handle) == 0 {
                let source = try SpatialReference(wkt: srs)
                transform = try CoordinateTransformation(from: source, to: wgs84, subject: path)
            }
            let defn = OGR_L_GetLayerDefn(layer)
            let fieldNames = (0..<OGR_FD_GetFieldCount(defn)).map { String(cString: OGR_Fld_GetNameRef(OGR_FD_GetFieldDefn(defn, $0))) }
            OGR_L_ResetReading(layer)
            var index = 0
            while let next = OGR_L_GetNextFeature(layer) {
                let feature = VectorFeatureHandle(next)
                let f = feature.handle
                defer { index += 1 }
                guard let g = OGR_F_GetGeometryRef(f) else { continue }
                if let transform, OGR_G_Transform(g, transform.handle) != OGRERR_NONE {
                    throw GDALError(subject: "\(path) layer \(layerName) feature \(index)", operation: "reprojecting to WGS84", reason: RasterDataset.lastMessage(fallback: ""))
                }
                var fields: [String: String] = [:]
                for (k, name) in fieldNames.enumerated() where OGR_F_IsFieldSetAndNotNull(f, Int32(k)) != 0 {
                    fields[name] = String(cString: OGR_F_GetFieldAsString(f, Int32(k)))
                }
                features.append(VectorFeature(layer: layerName, index: index, fields: fields, geometry: .read(g)))
            }
        }
        return features
    }
}

extension SpatialReference {
    /// Clones an OGR-owned spatial reference handle.
    convenience init(wkt handle: OGRSpatialReferenceH) throws(GDALError) {
        var out: UnsafeMutablePointer<CChar>?
        OSRExportToWkt(handle, &out)
        defer { VSIFree(out) }
        try self.init(out.map { String(cString: $0) } ?? "")
    }
}
