import CGDAL
import Foundation
import TrailpackCore

/// A property column of a GeoJSON file written through OGR.
public struct GeoJSONField: Sendable {
    public enum Kind: Sendable { case string, integer, real, boolean }
    public var name: String
    public var kind: Kind
    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// A property value. `.null` writes JSON `null`; a `nil` in a feature's values leaves the
/// property out of that feature.
public enum GeoJSONValue: Sendable, Equatable {
    case string(String), integer(Int), real(Double), boolean(Bool), null
}

/// A feature to write: geometry in lon/lat and one value per field (in field order).
public struct GeoJSONFeature: Sendable {
    public var geometry: VectorGeometry
    public var values: [GeoJSONValue?]
    public init(geometry: VectorGeometry, values: [GeoJSONValue?]) {
        self.geometry = geometry
        self.values = values
    }
}

/// Writes RFC 7946 GeoJSON through OGR's GeoJSON driver (lon/lat, at most 7 decimals, fixed key
/// order, so equal features in equal order give equal bytes).
public enum GeoJSONWriter {
    /// The step (degrees) every written coordinate is rounded to: 7 decimals. A written point
    /// lies up to half of it from the computed one on each axis (`validate --dem` allows for
    /// that on steep ground: `DEMRules.contourRuns`).
    public static var coordinateStepDeg: Double { 1 / stepsPerDeg }
    /// Coordinate steps per degree (rounding multiplies by it, rounds and divides).
    public static let stepsPerDeg = 1e7

    /// Writes `features` to `path` (replacing it).
    /// - Throws: `GDALError` naming the path and OGR's reason.
    public static func write(path: String, layerName: String, fields: [GeoJSONField], features: [GeoJSONFeature]) throws(GDALError) {
        try? FileManager.default.removeItem(atPath: path)
        try write(path: path, layerName: layerName, fields: fields, count: features.count) { features[$0] }
    }

    /// Encodes `count` features, made one at a time by `feature` (never all at once), in memory
    /// (`/vsimem/`) and calls `body` with the bytes (valid only inside `body`).
    /// - Throws: `GDALError` naming `layerName` and OGR's reason, or what `body` throws.
    public static func withEncoded<R>(layerName: String, fields: [GeoJSONField], count: Int, feature: (Int) -> GeoJSONFeature,
                                      _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let path = "/vsimem/trailpack-\(UUID().uuidString)/\(layerName).geojson"
        defer { VSIUnlink(path) }
        try write(path: path, layerName: layerName, fields: fields, count: count, feature: feature)
        var length: vsi_l_offset = 0
        guard let buffer = VSIGetMemFileBuffer(path, &length, 1) else {
            throw GDALError(subject: layerName, operation: "encoding GeoJSON", reason: "the in-memory file is missing")
        }
        defer { VSIFree(buffer) }
        return try body(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    }

    /// Coordinates are written to 7 decimals (about 1 cm), exactly as the route files state them:
    /// rounded before OGR sees them (`VectorGeometry.rounded7`) and printed with 10 significant
    /// figures (at most 3 digits before the point), not through `COORDINATE_PRECISION`, whose
    /// formatter takes a ...0000x or ...9999x ending for float noise and moves the coordinate by
    /// up to 5e-7 degrees. Lon/lat order (RFC 7946's CRS84).
    static let layerOptions = ["SIGNIFICANT_FIGURES=10", "WRITE_NAME=NO"]

    /// Writes `count` features, each made when it is written, to `path` (any GDAL path).
    static func write(path: String, layerName: String, fields: [GeoJSONField], count: Int,
                      feature makeFeature: (Int) -> GeoJSONFeature) throws(GDALError) {
        let dataset = try VectorDataset.create(driver: "GeoJSON", path: path)
        // No SRS: RFC 7946's CRS84 lon/lat is implied, and a layer with one gets a `crs` member.
        let layer = try OGRLayerWriter.create(in: dataset, name: layerName, srs: nil, fields: fields, options: layerOptions, subject: path)
        try OGRLayerWriter.add(count: count, to: layer, subject: path, feature: makeFeature)
        try dataset.close()
    }
}

/// Creating an OGR layer with property fields, and adding features to it.
enum OGRLayerWriter {
    /// A new layer of `dataset` with `fields` in order.
    /// - Throws: `GDALError` naming `subject` when OGR cannot create it.
    static func create(in dataset: VectorDataset, name: String, srs: SpatialReference?, fields: [GeoJSONField],
                       options: [String], subject: String) throws(GDALError) -> OGRLayerH {
        let list = CStringArray(options)
        let layer: OGRLayerH? = list.withPointer { GDALDatasetCreateLayer(dataset.handle, name, srs?.handle, wkbUnknown, $0) }
        guard let layer else {
            throw GDALError(subject: subject, operation: "creating layer \(name)", reason: RasterDataset.lastMessage(fallback: ""))
        }
        for field in fields {
            let type: OGRFieldType = switch field.kind {
            case .string: OFTString
            case .integer, .boolean: OFTInteger
            case .real: OFTReal
            }
            let defn = OGR_Fld_Create(field.name, type)
            if field.kind == .boolean { OGR_Fld_SetSubType(defn, OFSTBoolean) }
            OGR_L_CreateField(layer, defn, 1)
            OGR_Fld_Destroy(defn)
        }
        return layer
    }

    /// Adds `count` features to `layer`, each made when it is added.
    /// - Throws: `GDALError` naming `subject` and the feature OGR refused.
    static func add(count: Int, to layer: OGRLayerH, subject: String, feature makeFeature: (Int) -> GeoJSONFeature) throws(GDALError) {
        let layerDefn = OGR_L_GetLayerDefn(layer)
        for n in 0..<count {
            let feature = makeFeature(n)
            guard let created = OGR_F_Create(layerDefn) else { continue }
            let owned = VectorFeatureHandle(created)
            let f = owned.handle
            for (k, value) in feature.values.enumerated() {
                let i = Int32(k)
                switch value {
                case nil: break
                case .null: OGR_F_SetFieldNull(f, i)
                case .string(let s): OGR_F_SetFieldString(f, i, s)
                case .integer(let v): OGR_F_SetFieldInteger64(f, i, GIntBig(v))
                case .real(let v): OGR_F_SetFieldDouble(f, i, v)
                case .boolean(let b): OGR_F_SetFieldInteger(f, i, b ? 1 : 0)
                }
            }
            if let g = feature.geometry.rounded7.makeOGR() { OGR_F_SetGeometryDirectly(f, g) }
            if OGR_L_CreateFeature(layer, f) != OGRERR_NONE {
                throw GDALError(subject: "\(subject) feature \(n)", operation: "writing features", reason: RasterDataset.lastMessage(fallback: ""))
            }
        }
    }
}
