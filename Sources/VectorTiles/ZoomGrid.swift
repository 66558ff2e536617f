/// The tile grid of one zoom in global tile units (world coordinates times `extent * 2^z`):
/// tile (x, y) covers [x E, (x+1) E] × [y E, (y+1) E], and its clip rectangle is that square
/// grown by the buffer on every side.
struct ZoomGrid: Sendable {
    let zoom: Int
    /// Tile side and buffer, tile units.
    let extent: Double
    let buffer: Double
    /// World units to global tile units: `extent * 2^zoom`.
    let scale: Double
    /// Every column and row of the zoom: `0...2^zoom - 1`.
    let all: ClosedRange<Int>

    init(zoom: Int, options: TilingOptions) {
        self.zoom = zoom
        extent = Double(options.extent)
        buffer = Double(options.bufferUnits)
        scale = extent * Double(TileID.tilesPerAxis(zoom: zoom))
        all = 0...TileID.tilesPerAxis(zoom: zoom) - 1
    }

    /// The low edge of column (or row) `index`'s clip interval, global units.
    func clipLow(_ index: Int) -> Double { Double(index) * extent - buffer }

    /// The high edge of column (or row) `index`'s clip interval, global units.
    func clipHigh(_ index: Int) -> Double { Double(index) * extent + extent + buffer }

    /// The columns (or rows) within `allowed` whose clip intervals may meet `[low, high]`
    /// (global units): a superset by at most one on each side, the clip decides; nil when none.
    func candidates(low: Double, high: Double, within allowed: ClosedRange<Int>) -> ClosedRange<Int>? {
        let first = max(allowed.lowerBound, Int(((low - buffer) / extent).rounded(.down)) - 1)
        let last = min(allowed.upperBound, Int(((high + buffer) / extent).rounded(.down)) + 1)
        return first <= last ? first...last : nil
    }

    /// The key of tile (x, y) in this zoom's maps: ordered as (x, y).
    static func key(x: Int, y: Int) -> Int { x << 32 | y }

    /// The tile of a key.
    func tile(ofKey key: Int) -> TileID { TileID(z: zoom, x: key >> 32, y: key & 0xffff_ffff) }
}

/// The pieces of tiles cut from features: their points in tile units of their own tile,
/// (x, y) pairs in one flat array, and one record per piece.
struct PieceStore: Sendable {
    var coords: [Int32] = []
    var pieces: [Piece] = []
}

/// One part of one feature in one tile: a line of two points or more, or a feature's points
/// in the tile.
struct Piece: Sendable {
    /// `ZoomGrid.key` of the tile.
    let tile: Int
    /// The feature: index of its layer and in the layer.
    let layer: Int32
    let feature: Int32
    /// Index of the first x in `PieceStore.coords`, and the number of points.
    let start: Int
    let points: Int32
}
