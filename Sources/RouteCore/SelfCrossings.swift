import TrackGeometry
import TrailpackCore

/// Where a track crosses itself between parts some metres apart along it.
///
/// A standing device's fixes scatter around one place and its track crosses itself again and
/// again; a walk that winds within a few metres (a stack of switchbacks, a hairpin) does not.
/// Crossings between segments close together along the track (GPS jitter between neighbouring
/// fixes) are not counted.
enum SelfCrossings {
    /// Cells of the segment index for the search, metres (a few steps of a walker).
    static let cellM = 10.0
    /// A crossing needs two segments that are not neighbours: a line of fewer points has none.
    static let minPoints = 4
    /// A segment's middle, as a fraction of the way along it.
    private static let middle = 0.5

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
    /// after `earlierBelow()` are skipped. Candidates come from the line's `SegmentIndex` (every
    /// segment that reaches the later one's span), so the cost is linear in the number of points
    /// where the track does not pile up in one place.
    private static func forEach(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double,
                                earlierBelow: () -> Int = { Int.max }, _ body: (Int, Int) -> Bool) {
        guard range.count >= minPoints else { return }
        // The gnomonic frame at the first point: segments are great-circle arcs, straight in any
        // such frame, so which of them cross does not depend on where it is centred.
        let frame = GnomonicFrame(center: pts[range.lowerBound])
        let xy = range.map { pts[$0] }.map { frame.project($0) }
        let positions = xy.map { Vec2($0.x, $0.y) }
        var alongM = [Double](repeating: 0, count: xy.count)
        for t in 1..<xy.count { alongM[t] = alongM[t - 1] + (positions[t] - positions[t - 1]).length }
        let index = SegmentIndex(positions: positions, cellM: cellM)
        for s in 0..<(xy.count - 1) {
            let a = positions[s], b = positions[s + 1]
            let bound = earlierBelow() - range.lowerBound
            // In track order: the farther back along the track, the earlier; a crossing lies on
            // this segment, within half its length of its middle.
            for t in index.segments(near: middle * (a + b), withinM: middle * (b - a).length) {
                if t >= s || t >= bound || alongM[s] - alongM[t + 1] < minSeparationM { break }
                guard RouteCleaner.crossing(xy[t], xy[t + 1], xy[s], xy[s + 1]) != nil else { continue }
                if !body(range.lowerBound + t, range.lowerBound + s) { return }
            }
        }
    }
}
