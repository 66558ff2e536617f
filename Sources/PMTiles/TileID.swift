/// A tile's zoom, column and row in the XYZ scheme (row 0 at the north edge); ordered by zoom,
/// then column, then row.
public struct TileZXY: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Zoom level, 0...31.
    public var z: Int
    /// Column, 0..<2^z, west to east.
    public var x: Int
    /// Row, 0..<2^z, north to south.
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    public var description: String { "\(z)/\(x)/\(y)" }

    public static func < (a: TileZXY, b: TileZXY) -> Bool { (a.z, a.x, a.y) < (b.z, b.x, b.y) }
}

/// PMTiles v3 tile ids: the position of a tile on the series of Hilbert curves that covers zoom 0,
/// then zoom 1, and so on (id 0 is 0/0/0, ids 1...4 are zoom 1, ids 5...20 zoom 2). 64-bit ids
/// reach zoom 31.
public enum TileID {
    /// The deepest zoom whose ids fit in 64 bits.
    public static let maxZoom = 31

    /// The id of tile z/0/0's curve start: the number of tiles on all zooms above `zoom`,
    /// (4^zoom - 1) / 3. Defined for zoom 0...32 (32 gives the first id past zoom 31).
    public static func firstID(zoom: Int) -> UInt64 {
        precondition((0...32).contains(zoom), "zoom \(zoom) outside 0...32")
        return zoom == 0 ? 0 : 0x5555_5555_5555_5555 >> UInt64(64 - 2 * zoom)
    }

    /// The largest tile id (the last tile of zoom 31).
    public static let maxID: UInt64 = firstID(zoom: 32) - 1

    /// The tile id of z/x/y, or nil when z is outside 0...31 or x or y outside 0..<2^z.
    public static func id(z: Int, x: Int, y: Int) -> UInt64? {
        guard (0...maxZoom).contains(z) else { return nil }
        let side = UInt64(1) << UInt64(z)
        guard x >= 0, y >= 0, UInt64(x) < side, UInt64(y) < side else { return nil }
        return firstID(zoom: z) + hilbertIndex(side: side, x: UInt64(x), y: UInt64(y))
    }

    /// The tile id of `tile` (see `id(z:x:y:)`).
    public static func id(of tile: TileZXY) -> UInt64? { id(z: tile.z, x: tile.x, y: tile.y) }

    /// The zoom whose ids include `id`, or nil for an id beyond zoom 31.
    public static func zoom(of id: UInt64) -> Int? {
        guard id <= maxID else { return nil }
        var zoom = 0
        while id >= firstID(zoom: zoom + 1) { zoom += 1 }
        return zoom
    }

    /// The tile that `id` addresses, or nil for an id beyond zoom 31.
    public static func tile(of id: UInt64) -> TileZXY? {
        guard let z = zoom(of: id) else { return nil }
        let (x, y) = hilbertPoint(side: UInt64(1) << UInt64(z), index: id - firstID(zoom: z))
        return TileZXY(z: z, x: Int(x), y: Int(y))
    }

    /// Position of (x, y) along the Hilbert curve over a `side`×`side` grid (`side` a power of two),
    /// from quadrant bits high to low.
    static func hilbertIndex(side: UInt64, x: UInt64, y: UInt64) -> UInt64 {
        var index: UInt64 = 0
        var (tx, ty) = (x, y)
        var s = side >> 1
        while s > 0 {
            let rx: UInt64 = tx & s == 0 ? 0 : 1
            let ry: UInt64 = ty & s == 0 ? 0 : 1
            index += s * s * ((3 * rx) ^ ry)
            (tx, ty) = rotate(size: s, x: tx & (s - 1), y: ty & (s - 1), rx: rx, ry: ry)
            s >>= 1
        }
        return index
    }

    /// The cell at `index` along the Hilbert curve over a `side`×`side` grid: the inverse of
    /// `hilbertIndex`, from quadrant bits low to high.
    static func hilbertPoint(side: UInt64, index: UInt64) -> (x: UInt64, y: UInt64) {
        var (tx, ty): (UInt64, UInt64) = (0, 0)
        var t = index
        var s: UInt64 = 1
        while s < side {
            let rx = 1 & (t >> 1)
            let ry = 1 & (t ^ rx)
            (tx, ty) = rotate(size: s, x: tx, y: ty, rx: rx, ry: ry)
            tx += s * rx
            ty += s * ry
            t >>= 2
            s <<= 1
        }
        return (tx, ty)
    }

    /// Rotates or flips the quadrant of a `size`×`size` grid holding (x, y), both below `size`,
    /// so the sub-curve is in standard orientation.
    static func rotate(size: UInt64, x: UInt64, y: UInt64, rx: UInt64, ry: UInt64) -> (UInt64, UInt64) {
        guard ry == 0 else { return (x, y) }
        if rx == 1 { return (size - 1 - y, size - 1 - x) }
        return (y, x)
    }
}
