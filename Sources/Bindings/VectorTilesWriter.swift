import CGDAL
import Foundation

/// One layer of a vector tileset: its features (lon/lat) and the zooms it is cut at.
public struct VectorTileLayer: Sendable {
    public var name: String
    public var fields: [GeoJSONField]
    public var features: [GeoJSONFeature]
    public var minZoom: Int
    public var maxZoom: Int

    public init(name: String, fields: [GeoJSONField], features: [GeoJSONFeature], minZoom: Int, maxZoom: Int) {
        self.name = name
        self.fields = fields
        self.features = features
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }
}

/// Writes Mapbox Vector Tiles into an MBTiles 1.3 file with GDAL's MBTiles/MVT writer.
public enum VectorTilesWriter {
    /// Cuts `layers` into tiles from `minZoom` to `maxZoom` (EPSG:3857 XYZ tiles, extent 4096)
    /// and writes `path` (replacing it). Geometries are simplified by the writer at each zoom
    /// (`simplificationPx` tile pixels of the 4096 grid, below `maxZoom`); a tile keeps at most
    /// `maxFeatures` features and `maxBytes` bytes (the writer drops the smallest beyond).
    /// - Throws: `GDALError` naming the path and GDAL's reason.
    public static func write(path: String, layers: [VectorTileLayer], minZoom: Int, maxZoom: Int, name: String,
                             simplificationPx: Double = 1, maxFeatures: Int = 200_000, maxBytes: Int = 500_000) throws(GDALError) {
        try? FileManager.default.removeItem(atPath: path)
        let options = ["MINZOOM=\(minZoom)", "MAXZOOM=\(maxZoom)", "NAME=\(name)", "TYPE=overlay",
                       "SIMPLIFICATION=\(simplificationPx)", "SIMPLIFICATION_MAX_ZOOM=0", "MAX_FEATURES=\(maxFeatures)",
                       "MAX_SIZE=\(maxBytes)", "TEMPORARY_DB=\(path).build.db"]
        let dataset = try VectorDataset.create(driver: "MBTiles", path: path, options: options)
        let wgs84 = try SpatialReference("EPSG:4326")
        for layer in layers {
            let handle = try OGRLayerWriter.create(in: dataset, name: layer.name, srs: wgs84, fields: layer.fields,
                                                   options: ["MINZOOM=\(layer.minZoom)", "MAXZOOM=\(layer.maxZoom)"], subject: path)
            try OGRLayerWriter.add(count: layer.features.count, to: handle, subject: "\(path) layer \(layer.name)") { layer.features[$0] }
        }
        try dataset.close()
        try? FileManager.default.removeItem(atPath: path + ".build.db")
    }
}
