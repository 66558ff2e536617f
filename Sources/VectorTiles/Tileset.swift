/// What `Tiler.tile` made: the tiles' bytes in (z, x, y) order, figures per zoom, and every tile
/// that went over a limit with what was done about it.
public struct Tileset: Sendable {
    /// Every tile with at least one feature, sorted by (z, x, y); bytes as stored (compressed
    /// when `TilingOptions.compress` is set).
    public var tiles: [(id: TileID, bytes: [UInt8])]
    /// One entry per zoom cut, ascending.
    public var zooms: [ZoomStatistics]
    /// Tiles over `maxBytesPerTile` or `maxFeaturesPerTile`, in tile order: for the build's
    /// warnings.
    public var limitEvents: [TileLimitEvent]
}

/// The tiles of one zoom in figures.
public struct ZoomStatistics: Equatable, Sendable {
    public var zoom: Int
    /// Tiles written (tiles without features are not).
    public var tiles: Int
    /// Bytes as stored (after `compress`), all tiles.
    public var bytes: Int
    /// Bytes of uncompressed MVT, all tiles, and of the largest tile.
    public var uncompressedBytes: Int
    public var largestTileBytes: Int
    /// Features written, all tiles (a feature cut into four tiles counts four times).
    public var features: Int
}

/// A tile that went over a limit: which, by how much, and what was done.
public struct TileLimitEvent: Equatable, Sendable, CustomStringConvertible {
    public enum Limit: String, Equatable, Sendable {
        case bytes, features
    }

    public var tile: TileID
    /// The limits the tile first went over.
    public var exceeded: [Limit]
    /// Uncompressed bytes and features before anything was done.
    public var bytesBefore: Int
    public var featuresBefore: Int
    /// The factor the layers' tolerances were multiplied by at the last re-simplification (1
    /// when none was allowed).
    public var toleranceFactor: Double
    /// Features dropped, by layer name, in layer order (empty when re-simplifying was enough).
    public var dropped: [(layer: String, features: Int)]
    /// Uncompressed bytes and features of the tile written.
    public var bytesAfter: Int
    public var featuresAfter: Int
    /// Whether the tile written is within both limits (false: nothing more could be dropped,
    /// the tile is written over its limit).
    public var fits: Bool

    public var droppedFeatures: Int { dropped.reduce(0) { $0 + $1.features } }

    public var description: String {
        let over = exceeded.map { $0 == .bytes ? "\(bytesBefore) bytes" : "\(featuresBefore) features" }.joined(separator: ", ")
        var done = "re-simplified at \(toleranceFactor.formatted1)x tolerance"
        if !dropped.isEmpty { done += ", dropped " + dropped.map { "\($0.features) \($0.layer)" }.joined(separator: ", ") }
        let result = "\(bytesAfter) bytes, \(featuresAfter) features" + (fits ? "" : ", still over the limit")
        return "tile \(tile): \(over) over the limit: \(done) -> \(result)"
    }

    public static func == (a: TileLimitEvent, b: TileLimitEvent) -> Bool {
        a.tile == b.tile && a.exceeded == b.exceeded && a.bytesBefore == b.bytesBefore && a.featuresBefore == b.featuresBefore
            && a.toleranceFactor == b.toleranceFactor && a.dropped.elementsEqual(b.dropped, by: { $0 == $1 })
            && a.bytesAfter == b.bytesAfter && a.featuresAfter == b.featuresAfter && a.fits == b.fits
    }
}

extension Double {
    /// "2", "0.5": no trailing ".0".
    fileprivate var formatted1: String { self == rounded() ? String(Int(self)) : String(self) }
}
