/// Cuts features into the pieces of the tiles of one zoom by walking each line's segments once:
/// a segment is clipped against the clip intervals of the columns it crosses, then of the rows
/// its part in each column crosses, so a long line costs its length, not the tiles of its box.
/// A piece ends where the line leaves a tile's clip rectangle and a new one starts where it comes
/// back. Coordinates are rounded to whole tile units and repeated points removed; pieces left
/// with fewer than two points (under one unit long) are dropped.
struct PieceSplitter {
    let grid: ZoomGrid
    /// The tiles it may cut into (all of the zoom, or one tile when a tile is redone).
    let columns: ClosedRange<Int>
    let rows: ClosedRange<Int>
    /// Every finished piece, in order per tile.
    private(set) var store = PieceStore()

    /// A tile the current feature touches: its open piece and whether the last segment that
    /// reached the tile ended inside it (then the next segment continues the piece).
    struct Slot {
        var key: Int
        var originX: Double
        var originY: Double
        var coords: [Int32] = []
        var lastSegment = Int.min
        var endedAtEnd = false
        /// The last point appended (meaningless while `coords` is empty).
        var lastX: Int32 = 0
        var lastY: Int32 = 0
    }

    var slots: [Slot] = []
    private var slotCount = 0
    var slotOfTile: [Int: Int] = [:]
    private var layer: Int32 = 0
    private var feature: Int32 = 0
    /// Running number of the segment walked; skips one between lines so no piece continues
    /// from one line into the next.
    var segment = 0
    /// The slot whose tile's inner square (the tile less the buffer, which no other clip
    /// rectangle reaches) holds the last point walked, or -1.
    var fastSlot = -1
    var fastInner = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)

    init(grid: ZoomGrid, columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.grid = grid
        self.columns = columns
        self.rows = rows
    }

    /// Cuts the lines of `prepared`, keeping the vertices whose DP keep-distance² exceeds
    /// `thresholdSquared` (world units²).
    mutating func splitLines(_ prepared: PreparedFeature, thresholdSquared: Double, layer: Int, feature: Int) {
        begin(layer: layer, feature: feature)
        for (line, importance) in zip(prepared.parts, prepared.importance) {
            segment += 1
            fastSlot = -1
            var previous: (x: Double, y: Double)?
            for index in line.indices where importance[index] > thresholdSquared {
                let point = (x: line[index].x * grid.scale, y: line[index].y * grid.scale)
                if let previous { step(from: previous, to: point) }
                previous = point
            }
        }
        finish(minimumPoints: 2)
    }

    /// Puts each point of `prepared` into every tile whose clip rectangle holds it.
    mutating func splitPoints(_ prepared: PreparedFeature, layer: Int, feature: Int) {
        begin(layer: layer, feature: feature)
        for point in prepared.parts.first ?? [] {
            let x = point.x * grid.scale, y = point.y * grid.scale
            guard let xs = grid.candidates(low: x, high: x, within: columns),
                  let ys = grid.candidates(low: y, high: y, within: rows) else { continue }
            for column in xs where grid.clipLow(column) <= x && x <= grid.clipHigh(column) {
                for row in ys where grid.clipLow(row) <= y && y <= grid.clipHigh(row) {
                    append((x, y), to: slot(column: column, row: row), dedupe: false)
                }
            }
        }
        finish(minimumPoints: 1)
    }

    /// Copies pieces already cut (a point feature's, when a tile is redone) into the store.
    mutating func copy(_ piece: Piece, from source: PieceStore) {
        let start = store.coords.count
        store.coords.append(contentsOf: source.coords[piece.start..<piece.start + 2 * Int(piece.points)])
        store.pieces.append(Piece(tile: piece.tile, layer: piece.layer, feature: piece.feature, start: start, points: piece.points))
    }

    private mutating func begin(layer: Int, feature: Int) {
        self.layer = Int32(layer)
        self.feature = Int32(feature)
        slotCount = 0
        slotOfTile.removeAll(keepingCapacity: true)
        fastSlot = -1
        segment += 1
    }

    /// Writes every open piece of the feature with at least `minimumPoints` points.
    private mutating func finish(minimumPoints: Int) {
        for index in 0..<slotCount { flush(index, minimumPoints: minimumPoints) }
    }

    mutating func flush(_ index: Int, minimumPoints: Int) {
        let count = slots[index].coords.count / 2
        if count >= minimumPoints {
            store.pieces.append(Piece(tile: slots[index].key, layer: layer, feature: feature,
                                      start: store.coords.count, points: Int32(count)))
            store.coords.append(contentsOf: slots[index].coords)
        }
        slots[index].coords.removeAll(keepingCapacity: true)
    }

    /// The slot of tile (column, row) for the current feature, made on first use.
    mutating func slot(column: Int, row: Int) -> Int {
        let key = ZoomGrid.key(x: column, y: row)
        if let index = slotOfTile[key] { return index }
        let fresh = Slot(key: key, originX: Double(column) * grid.extent, originY: Double(row) * grid.extent)
        if slotCount < slots.count {
            let kept = slots[slotCount].coords
            slots[slotCount] = fresh
            slots[slotCount].coords = kept
        } else {
            slots.append(fresh)
        }
        slotOfTile[key] = slotCount
        slotCount += 1
        return slotCount - 1
    }

    /// Appends a point (global units) to a slot's piece, rounded to its tile's units.
    mutating func append(_ point: (x: Double, y: Double), to index: Int, dedupe: Bool) {
        let x = Int32((point.x - slots[index].originX).rounded())
        let y = Int32((point.y - slots[index].originY).rounded())
        if dedupe, !slots[index].coords.isEmpty, slots[index].lastX == x, slots[index].lastY == y { return }
        slots[index].coords.append(x)
        slots[index].coords.append(y)
        slots[index].lastX = x
        slots[index].lastY = y
    }
}
