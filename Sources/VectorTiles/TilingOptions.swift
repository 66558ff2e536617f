import Foundation

/// How `Tiler.tile` cuts: the zooms, the tile grid, the limits of one tile, the threads and the
/// compression of the stored bytes.
public struct TilingOptions: Sendable {
    /// Zooms cut, inclusive (0...24).
    public var minZoom: Int
    public var maxZoom: Int
    /// Tile units along a tile's side (MVT `extent`): coordinates are integers of this grid.
    public var extent: Int = 4096
    /// Units each tile's clip rectangle extends beyond its edges on every side, so lines and
    /// symbols drawn across an edge join.
    public var bufferUnits: Int = 64
    /// At most this many features in one tile (all layers), else the tile is re-simplified,
    /// then features with a `dropRank` are dropped (`TileLimitEvent`).
    public var maxFeaturesPerTile: Int = 200_000
    /// At most this many bytes of uncompressed MVT in one tile (all layers), else as above.
    public var maxBytesPerTile: Int = 500_000
    /// How many times an over-limit tile is re-simplified, each time at twice the tolerance of
    /// the last (2x, 4x, 8x with 3; a layer's tolerance below half a unit counts as half a
    /// unit), before features are dropped.
    public var maxResimplifications: Int = 3
    /// Worker threads (the bytes do not depend on it).
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Applied to each tile's MVT bytes before they are stored (gzip for PMTiles); nil stores
    /// them as they are. Called from the worker threads.
    public var compress: (@Sendable ([UInt8]) -> [UInt8])?
    /// Told each zoom's figures as soon as the zoom is done, on the calling thread (progress).
    public var zoomDone: (@Sendable (ZoomStatistics) -> Void)?

    public init(minZoom: Int, maxZoom: Int) {
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }

    /// What is wrong with these options, or nil when they can be used.
    public var problem: String? {
        if minZoom < 0 || maxZoom > 24 || minZoom > maxZoom { return "zooms \(minZoom)...\(maxZoom) not within 0...24 and ordered" }
        if extent < 1 || extent > 1 << 16 { return "extent \(extent) not within 1...65536" }
        if bufferUnits < 0 || bufferUnits > extent { return "buffer of \(bufferUnits) units not within 0...extent" }
        if maxFeaturesPerTile < 1 || maxBytesPerTile < 1 { return "tile limits must be positive" }
        if maxResimplifications < 0 || maxResimplifications > 30 { return "re-simplifications \(maxResimplifications) not within 0...30" }
        if threads < 1 { return "threads must be at least 1" }
        return nil
    }
}

/// Options or layers `Tiler.tile` cannot cut with.
public struct TilingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) { self.reason = reason }

    public var description: String { "vector tiles: \(reason)" }
}
