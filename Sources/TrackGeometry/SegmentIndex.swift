/// A uniform grid over the segments of a line on a plane: which segments may come within a
/// distance of a point. Each segment is listed in the cells of points along it at most half a
/// cell apart (every point of it within a quarter cell of one of them), so the cells within the
/// distance plus a quarter cell of a point hold every segment within the distance. Cells are
/// kept sorted by key with their segments side by side (no hashing, deterministic order).
public struct SegmentIndex: Sendable {
    /// The side of a cell, metres.
    public let cellM: Double
    /// The cells that hold a segment, by key, ascending.
    let keys: [Int64]
    /// Where each cell's segments start in `segments` (one more entry than `keys`).
    let starts: [Int]
    /// Segment `j` runs from vertex `j` to vertex `j + 1`.
    let segments: [Int32]

    /// Points along a segment are listed this many per cell side.
    static let samplesPerCell = 2.0
    /// A cell's column goes in the key's high half: this many bits up.
    static let columnShift: Int64 = 32
    /// Columns and rows are offset by this so that negative ones sort and pack as unsigned.
    static let cellOffset: Int64 = 1 << 31

    /// The index of the segments between consecutive `positions` (metres), in cells `cellM` wide.
    public init(positions: [Vec2], cellM: Double) {
        self.cellM = cellM
        var pairs: [(key: Int64, segment: Int32)] = []
        let stepM = cellM / Self.samplesPerCell
        for j in 0..<max(0, positions.count - 1) {
            let a = positions[j], b = positions[j + 1]
            let steps = max(1, Int(((b - a).length / stepM).rounded(.up)))
            var lastKey: Int64?
            for s in 0...steps {
                let key = Self.key(a + (Double(s) / Double(steps)) * (b - a), cellM: cellM)
                if key != lastKey { pairs.append((key, Int32(j))) }
                lastKey = key
            }
        }
        pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.segment < $1.segment }
        var keys: [Int64] = [], starts: [Int] = []
        for (i, p) in pairs.enumerated() where keys.last != p.key {
            keys.append(p.key)
            starts.append(i)
        }
        starts.append(pairs.count)
        self.keys = keys
        self.starts = starts
        self.segments = pairs.map(\.segment)
    }

    /// The segments that may lie within `withinM` metres of `p` (and some farther), ascending,
    /// each once.
    public func segments(near p: Vec2, withinM: Double) -> [Int] {
        var out: [Int] = []
        forEachSegment(near: p, withinM: withinM, in: 0..<Int(Int32.max)) { out.append($0); return true }
        return out
    }

    /// Calls `body` with the segments of `range` that may lie within `withinM` metres of `p` (and
    /// some farther), ascending, each once, until it returns false. Each cell's segments are
    /// sorted: the cost is a binary search per cell and the segments visited, however many
    /// segments a cell holds outside `range` or after the last one visited.
    public func forEachSegment(near p: Vec2, withinM: Double, in range: Range<Int>, _ body: (Int) -> Bool) {
        var cursors = cells(near: p, withinM: withinM, in: range)
        var last = -1
        while true {
            var smallest = Int32.max, found = false
            for c in cursors where c.next < c.end && segments[c.next] < smallest {
                smallest = segments[c.next]
                found = true
            }
            guard found else { return }
            for k in cursors.indices where cursors[k].next < cursors[k].end && segments[cursors[k].next] == smallest { cursors[k].next += 1 }
            if Int(smallest) != last, !body(Int(smallest)) { return }
            last = Int(smallest)
        }
    }

    /// For each cell within `withinM` plus a quarter cell of `p` that holds a segment of `range`,
    /// where those segments lie in `segments`.
    func cells(near p: Vec2, withinM: Double, in range: Range<Int>) -> [(next: Int, end: Int)] {
        let halfM = withinM + cellM / (2 * Self.samplesPerCell)
        let x0 = Self.cell(p.x - halfM, cellM), x1 = Self.cell(p.x + halfM, cellM)
        let y0 = Self.cell(p.y - halfM, cellM), y1 = Self.cell(p.y + halfM, cellM)
        var cursors: [(next: Int, end: Int)] = []
        for cx in x0...x1 {
            for cy in y0...y1 {
                guard let c = cellIndex(Self.key(cx, cy)) else { continue }
                let next = firstSegment(atLeast: range.lowerBound, from: starts[c], to: starts[c + 1])
                let end = firstSegment(atLeast: range.upperBound, from: next, to: starts[c + 1])
                if next < end { cursors.append((next, end)) }
            }
        }
        return cursors
    }

    /// The first position in `segments[from..<to]` (sorted) holding a segment of at least `j`:
    /// galloping from `from`, then a binary search, so the cost is the logarithm of how far it
    /// lies (a search for the early segments of a crowded cell stays near its start).
    func firstSegment(atLeast j: Int, from: Int, to: Int) -> Int {
        var lo = from, step = 1
        while lo + step < to, Int(segments[lo + step - 1]) < j {
            lo += step
            step *= 2
        }
        var hi = min(lo + step, to)
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(segments[mid]) < j { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The position in `keys` of `key`, nil when no segment lies in that cell.
    func cellIndex(_ key: Int64) -> Int? {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < keys.count && keys[lo] == key ? lo : nil
    }

    static func cell(_ m: Double, _ cellM: Double) -> Int64 { Int64((m / cellM).rounded(.down)) }

    static func key(_ cx: Int64, _ cy: Int64) -> Int64 { ((cx + cellOffset) << columnShift) | (cy + cellOffset) }

    static func key(_ p: Vec2, cellM: Double) -> Int64 { key(cell(p.x, cellM), cell(p.y, cellM)) }
}
