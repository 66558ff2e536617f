/// The fixed 127-byte header of a PMTiles v3 archive (all integers little endian).
public struct PMTilesHeader: Equatable, Sendable {
    /// Size of the encoded header, bytes.
    public static let byteCount = 127
    /// The first 7 bytes of every archive.
    public static let magic: [UInt8] = Array("PMTiles".utf8)
    /// The spec version this module reads and writes (byte 7).
    public static let version: UInt8 = 3
    /// The most the header and root directory together may take, bytes (the spec's prefetch size).
    public static let headerAndRootLimitBytes = 16_384

    /// The root directory (bytes 8...23).
    public var root = PMTilesSection(offsetBytes: 0, lengthBytes: 0)
    /// The JSON metadata, compressed with `internalCompression` (bytes 24...39).
    public var metadata = PMTilesSection(offsetBytes: 0, lengthBytes: 0)
    /// The leaf directories, each compressed on its own (bytes 40...55).
    public var leafDirectories = PMTilesSection(offsetBytes: 0, lengthBytes: 0)
    /// The tile contents (bytes 56...71).
    public var tileData = PMTilesSection(offsetBytes: 0, lengthBytes: 0)
    /// Tiles addressed, counting each tile of a run (bytes 72...79); 0 if unknown.
    public var addressedTilesCount: UInt64 = 0
    /// Directory entries with a run length above 0 (bytes 80...87); 0 if unknown.
    public var tileEntriesCount: UInt64 = 0
    /// Distinct tile contents in the tile data (bytes 88...95); 0 if unknown.
    public var tileContentsCount: UInt64 = 0
    /// True when tile contents are in tile-id order (byte 96).
    public var clustered = false
    /// Compression of directories and metadata (byte 97).
    public var internalCompression = PMTilesCompression.unknown
    /// Compression of every tile (byte 98).
    public var tileCompression = PMTilesCompression.unknown
    /// What the tiles are (byte 99).
    public var tileType = PMTilesTileType.unknown
    /// Zoom range of the tiles (bytes 100, 101).
    public var minZoom: UInt8 = 0
    public var maxZoom: UInt8 = 0
    /// Bounds, degrees × 10^7 (bytes 102...117: min lon, min lat, max lon, max lat).
    public var minLonE7: Int32 = 0
    public var minLatE7: Int32 = 0
    public var maxLonE7: Int32 = 0
    public var maxLatE7: Int32 = 0
    /// A client's initial view: zoom (byte 118), longitude and latitude in degrees × 10^7 (119...126).
    public var centerZoom: UInt8 = 0
    public var centerLonE7: Int32 = 0
    public var centerLatE7: Int32 = 0

    public init() {}

    /// The four sections in header order, with their names for messages and the byte of the
    /// header field that holds each offset.
    public var sections: [(name: String, section: PMTilesSection, fieldOffset: UInt64)] {
        [("root directory", root, 8), ("metadata", metadata, 24),
         ("leaf directories", leafDirectories, 40), ("tile data", tileData, 56)]
    }

    /// The 127 header bytes.
    public func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.bytes.reserveCapacity(Self.byteCount)
        w.bytes += Self.magic
        w.bytes.append(Self.version)
        for (_, section, _) in sections {
            w.littleEndian(section.offsetBytes, width: 8)
            w.littleEndian(section.lengthBytes, width: 8)
        }
        for count in [addressedTilesCount, tileEntriesCount, tileContentsCount] { w.littleEndian(count, width: 8) }
        w.bytes += [clustered ? 1 : 0, internalCompression.rawValue, tileCompression.rawValue, tileType.rawValue,
                    minZoom, maxZoom]
        for e7 in [minLonE7, minLatE7, maxLonE7, maxLatE7] { w.littleEndian(UInt64(UInt32(bitPattern: e7)), width: 4) }
        w.bytes.append(centerZoom)
        for e7 in [centerLonE7, centerLatE7] { w.littleEndian(UInt64(UInt32(bitPattern: e7)), width: 4) }
        return w.bytes
    }
}
