/// How the archive's directories and metadata (`internalCompression`) or its tiles
/// (`tileCompression`) are compressed: header bytes 97 and 98.
public enum PMTilesCompression: UInt8, Sendable, CaseIterable {
    case unknown = 0
    case none = 1
    case gzip = 2
    case brotli = 3
    case zstd = 4
}

/// What the tiles are: header byte 99.
public enum PMTilesTileType: UInt8, Sendable, CaseIterable {
    case unknown = 0
    /// Mapbox Vector Tiles (protobuf).
    case mvt = 1
    case png = 2
    case jpeg = 3
    case webp = 4
    case avif = 5
}

/// A byte range of the archive file.
public struct PMTilesSection: Equatable, Sendable {
    /// First byte, from the start of the file.
    public var offsetBytes: UInt64
    /// Length, bytes.
    public var lengthBytes: UInt64

    public init(offsetBytes: UInt64, lengthBytes: UInt64) {
        self.offsetBytes = offsetBytes
        self.lengthBytes = lengthBytes
    }

    /// One past the last byte, or nil when offset + length overflows 64 bits.
    public var endBytes: UInt64? {
        let (end, overflow) = offsetBytes.addingReportingOverflow(lengthBytes)
        return overflow ? nil : end
    }
}
