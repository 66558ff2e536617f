/// The segment walk of `PieceSplitter`: the fast path inside one tile, and the clip of a
/// segment against the columns, then the rows, it crosses.
extension PieceSplitter {
    /// Walks the segment from `p` to `q` (global units).
    mutating func step(from p: (x: Double, y: Double), to q: (x: Double, y: Double)) {
        segment += 1
        if fastSlot >= 0, q.x > fastInner.minX, q.x < fastInner.maxX, q.y > fastInner.minY, q.y < fastInner.maxY {
            append(q, to: fastSlot, dedupe: true)
            slots[fastSlot].lastSegment = segment
            return
        }
        fastSlot = -1
        clipToTiles(from: p, to: q)
        findFastSlot(at: q)
    }

    /// Adds the part of segment p→q in every tile's clip rectangle to that tile's piece.
    private mutating func clipToTiles(from p: (x: Double, y: Double), to q: (x: Double, y: Double)) {
        let dx = q.x - p.x, dy = q.y - p.y
        guard let xs = grid.candidates(low: min(p.x, q.x), high: max(p.x, q.x), within: columns) else { return }
        for column in xs {
            var t0 = 0.0, t1 = 1.0
            guard Self.clip(p.x, q.x, dx, grid.clipLow(column), grid.clipHigh(column), &t0, &t1) else { continue }
            let ya = t0 == 0 ? p.y : p.y + t0 * dy, yb = t1 == 1 ? q.y : p.y + t1 * dy
            guard let ys = grid.candidates(low: min(ya, yb), high: max(ya, yb), within: rows) else { continue }
            for row in ys {
                var u0 = t0, u1 = t1
                guard Self.clip(p.y, q.y, dy, grid.clipLow(row), grid.clipHigh(row), &u0, &u1) else { continue }
                let index = slot(column: column, row: row)
                let continues = u0 == 0 && slots[index].endedAtEnd && slots[index].lastSegment == segment - 1
                if !continues {
                    flush(index, minimumPoints: 2)
                    append(u0 == 0 ? p : (p.x + u0 * dx, p.y + u0 * dy), to: index, dedupe: true)
                }
                append(u1 == 1 ? q : (p.x + u1 * dx, p.y + u1 * dy), to: index, dedupe: true)
                slots[index].lastSegment = segment
                slots[index].endedAtEnd = u1 == 1
            }
        }
    }

    /// Narrows [t0, t1] (parameters along the segment) to where its coordinate `start + t delta`
    /// lies in [low, high]; false when nothing is left. An end inside the interval keeps its
    /// parameter exactly (0 or 1), so "the segment starts inside the tile" is exactly "the last
    /// one ended inside it".
    private static func clip(_ start: Double, _ end: Double, _ delta: Double, _ low: Double, _ high: Double,
                             _ t0: inout Double, _ t1: inout Double) -> Bool {
        let startInside = start >= low && start <= high, endInside = end >= low && end <= high
        if startInside && endInside { return t0 <= t1 }
        guard delta != 0 else { return false }
        var enter = (low - start) / delta, exit = (high - start) / delta
        if enter > exit { swap(&enter, &exit) }
        if !startInside { t0 = max(t0, enter) }
        if !endInside { t1 = min(t1, exit) }
        return t0 <= t1
    }

    /// Makes the tile whose inner square strictly holds `q` the fast slot, when its piece ends at `q`.
    private mutating func findFastSlot(at q: (x: Double, y: Double)) {
        let column = Int((q.x / grid.extent).rounded(.down)), row = Int((q.y / grid.extent).rounded(.down))
        guard columns.contains(column), rows.contains(row),
              let index = slotOfTile[ZoomGrid.key(x: column, y: row)],
              slots[index].lastSegment == segment, slots[index].endedAtEnd else { return }
        let inner = (minX: slots[index].originX + grid.buffer, minY: slots[index].originY + grid.buffer,
                     maxX: slots[index].originX + grid.extent - grid.buffer, maxY: slots[index].originY + grid.extent - grid.buffer)
        guard q.x > inner.minX, q.x < inner.maxX, q.y > inner.minY, q.y < inner.maxY else { return }
        fastSlot = index
        fastInner = inner
    }
}
