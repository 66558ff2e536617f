import CGDAL
import Foundation

/// What an MBTiles file holds, as a validator needs it: its `format` metadata, the vector layers
/// GDAL's MBTiles driver lists (from the `json` metadata of an MVT set), and the number of rows
/// of its `tiles` table.
public struct MBTilesContents: Equatable, Sendable {
    /// `metadata.format` (`pbf` for vector tiles), nil when absent.
    public var format: String?
    /// The vector layers, in the driver's order.
    public var layers: [String]
    /// Rows of the `tiles` table (through GDAL's SQLite driver).
    public var tileCount: Int
}

public enum MBTilesReader {
    /// Opens `path` read-only with GDAL's MBTiles driver (vector) and its SQLite driver.
    /// - Throws: `GDALError` naming the file when either driver cannot open it or it has no
    ///   `tiles` table.
    public static func contents(path: String) throws(GDALError) -> MBTilesContents {
        let vector = try open(path, driver: "MBTiles")
        defer { GDALClose(vector) }
        let layers = (0..<GDALDatasetGetLayerCount(vector)).compactMap { k -> String? in
            GDALDatasetGetLayer(vector, k).map { String(cString: OGR_L_GetName($0)) }
        }
        let format = GDALGetMetadataItem(vector, "format", nil).map { String(cString: $0) }
        // The SQLite driver leaves *.mbtiles to the MBTiles driver unless asked by its prefix.
        let sqlite = try open(path, driver: "SQLite", prefix: "SQLITE:")
        defer { GDALClose(sqlite) }
        guard let tiles = GDALDatasetGetLayerByName(sqlite, "tiles") else {
            throw GDALError(subject: path, operation: "reading the tiles table", reason: "no tiles table")
        }
        let count = OGR_L_GetFeatureCount(tiles, 1)
        return MBTilesContents(format: format, layers: layers, tileCount: Int(max(count, 0)))
    }

    private static func open(_ path: String, driver: String, prefix: String = "") throws(GDALError) -> GDALDatasetH {
        GDALEnvironment.ensureRegistered()
        try GDALError.requireRegularInput(path, operation: "opening MBTiles")
        guard FileManager.default.fileExists(atPath: path) else {
            throw GDALError(subject: path, operation: "opening MBTiles", reason: "no such file")
        }
        let drivers = CStringArray([driver])
        let opened: GDALDatasetH? = GDALCall.run {
            drivers.withPointer { d in
                GDALOpenEx(prefix + path, UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY),
                           UnsafeRawPointer(d).assumingMemoryBound(to: UnsafePointer<CChar>?.self), nil, nil)
            }
        }
        guard let opened else {
            throw GDALError(subject: path, operation: "opening with GDAL's \(driver) driver",
                            reason: RasterDataset.lastMessage(fallback: "not a \(driver) file"))
        }
        return opened
    }
}
