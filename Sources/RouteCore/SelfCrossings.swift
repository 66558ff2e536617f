import TrackGeometry
import TrailpackCore

/// Where a track crosses itself between parts some metres apart along it.
///
/// A standing device's fixes scatter around one place and its track crosses itself again and
/// again; a walk that winds within a few metres (a stack of switchbacks, a hairpin) does not.
/// Crossings between segments close together along the track (GPS jitter between neighbouring
/// fixes) are not counted.
enum SelfCrossings {
    /// Grid cells for the search, metres (a few steps of a walker).
    static let cellM = 10.0
    /// A crossing needs two segments that are not neighbours: a line of fewer points has none.
    static let minPoints = 4
    /// A cell's key holds its column in the high bits, shifted by this many, and its row in the
    /// low ones.
    private static let keyShiftBits = 32

    /// The number of crossings, counted up to `limit`, between segments of the points `range` of
    /// `pts` (segment `k` joins points `k` and `k + 1`) whose facing ends lie at least
    /// `minSeparationM` metres apart along the track.
    static func count(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double, upTo limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        var count = 0
        forEach(pts, in: range, minSeparationM: minSeparationM) { _, _ in
            count += 1
            return count < limit
        }
        return count
    }

    /// The first point of the earliest segment of `range` that a later one crosses (crossings as
    /// in `count`), nil when none does.
    static func firstCrossed(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double) -> Int? {
        var first: Int?
        forEach(pts, in: range, minSeparationM: minSeparationM, earlierBelow: { first ?? Int.max }) { a, _ in
            first = min(first ?? a, a)
            return true
        }
        return first
    }

    /// Calls `body` with the indices into `pts` of the earlier and the later segment of each
    /// crossing, once each, until it returns false; crossings whose earlier segment is at or
    /// after `earlierBelow()` are skipped. Linear in the number of points where the track does
    /// not pile up in one place.
    private static func forEach(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double,
                                earlierBelow: () -> Int = { Int.max }, _ body: (Int, Int) -> Bool) {
        guard range.count >= minPoints else { return }
        // The gnomonic frame at the first point: segments are great-circle arcs, straight in any
        // such frame, so which of them cross does not depend on where it is centred.
        let frame = GnomonicFrame(center: pts[range.lowerBound])
        let xy = range.map { frame.project(pts[$0]) }
        let n = xy.count
        var alongM = [Double](repeating: 0, count: n)
        for t in 1..<n {
            let dx = xy[t].x - xy[t - 1].x, dy = xy[t].y - xy[t - 1].y
            alongM[t] = alongM[t - 1] + (dx * dx + dy * dy).squareRoot()
        }
        func cell(_ v: Double) -> Int { Int((v / cellM).rounded(.down)) }
        func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << keyShiftBits | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: cy))) }
        // Each segment is tested against the earlier ones in every cell its bounding box touches,
        // and a crossing is reported from the cell that holds it, so once.
        var grid: [Int64: [Int]] = [:]
        for s in 0..<(n - 1) {
            let a = xy[s], b = xy[s + 1]
            for cx in cell(min(a.x, b.x))...cell(max(a.x, b.x)) {
                for cy in cell(min(a.y, b.y))...cell(max(a.y, b.y)) {
                    let here = key(cx, cy)
                    let bound = earlierBelow() - range.lowerBound
                    for t in grid[here, default: []] {
                        // Each cell lists its segments in track order: the farther back along the
                        // track, the earlier.
                        if t >= bound || alongM[s] - alongM[t + 1] < minSeparationM { break }
                        guard let f = RouteCleaner.crossing(xy[t], xy[t + 1], a, b) else { continue }
                        let px = xy[t].x + f * (xy[t + 1].x - xy[t].x), py = xy[t].y + f * (xy[t + 1].y - xy[t].y)
                        guard key(cell(px), cell(py)) == here else { continue }
                        if !body(range.lowerBound + t, range.lowerBound + s) { return }
                    }
                    grid[here, default: []].append(s)
                }
            }
        }
    }
}
