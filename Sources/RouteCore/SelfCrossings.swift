import Foundation
import TrackGeometry
import TrailpackCore

/// Where a track crosses itself between parts some metres apart along it.
///
/// A standing device's fixes scatter around one place and its track crosses itself again and
/// again, at any angle; a walk that winds within a few metres (a stack of switchbacks, a hairpin)
/// seldom does, and where GPS error lays one leg across the next, at a shallow angle (`Transverse`).
/// Crossings between segments close together along the track (GPS jitter between neighbouring
/// fixes) are not counted.
enum SelfCrossings {
    /// Cells of the segment index for the search, metres (a few steps of a walker).
    static let cellM = 10.0
    /// A crossing needs two segments that are not neighbours: a line of fewer points has none.
    static let minPoints = 4
    /// A segment's middle, as a fraction of the way along it.
    private static let middle = 0.5
    /// Degrees in a half turn.
    private static let halfTurnDeg = 180.0

    /// Which crossings count: those whose two parts head at least `minDeg` degrees off parallel
    /// (either way), headings on chords `halfChordM` metres either side of each segment's middle.
    struct Transverse {
        var halfChordM: Double
        var minDeg: Double
    }

    /// The number of crossings, counted up to `limit`, between segments of the points `range` of
    /// `pts` (segment `k` joins points `k` and `k + 1`) whose facing ends lie at least
    /// `minSeparationM` metres apart along the track.
    /// With `transverse`, only crossings whose two parts head at least `minDeg` degrees off
    /// parallel count (`isTransverse`: headings on chords `halfChordM` either side).
    static func count(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double, upTo limit: Int,
                      transverse: Transverse? = nil) -> Int {
        guard limit > 0 else { return 0 }
        var count = 0
        forEach(pts, in: range, minSeparationM: minSeparationM, transverse: transverse) { _, _ in
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
    private static func forEach(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double, transverse: Transverse? = nil,
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
                guard RouteCleaner.crossing(xy[t], xy[t + 1], xy[s], xy[s + 1]) != nil,
                      transverse.map({ isTransverse(t, s, positions, alongM, $0) }) ?? true else { continue }
                if !body(range.lowerBound + t, range.lowerBound + s) { return }
            }
        }
    }

    /// True when the headings of segments `t` and `s` of `positions` (chords `rule.halfChordM`
    /// either side of each segment's middle along `alongM`, clamped to the ends) lie at least
    /// `rule.minDeg` degrees off parallel.
    static func isTransverse(_ t: Int, _ s: Int, _ positions: [Vec2], _ alongM: [Double], _ rule: Transverse) -> Bool {
        let u = chord(at: middle * (alongM[t] + alongM[t + 1]), positions, alongM, rule.halfChordM)
        let v = chord(at: middle * (alongM[s] + alongM[s + 1]), positions, alongM, rule.halfChordM)
        return abs(u.dot(v)) <= cos(rule.minDeg * Double.pi / halfTurnDeg) * u.length * v.length
    }

    /// The chord from the point `halfChordM` back from `m` metres along `positions` to the point
    /// `halfChordM` ahead (clamped to the ends), metres.
    static func chord(at m: Double, _ positions: [Vec2], _ alongM: [Double], _ halfChordM: Double) -> Vec2 {
        func point(_ d: Double) -> Vec2 {
            let at = min(max(d, 0), alongM[alongM.count - 1])
            let hi = max(1, min(AlongLine.vertex(atOrAfterM: at, cumM: alongM), alongM.count - 1)), lo = hi - 1
            let segM = alongM[hi] - alongM[lo]
            return segM > 0 ? positions[lo] + ((at - alongM[lo]) / segM) * (positions[hi] - positions[lo]) : positions[lo]
        }
        return point(m + halfChordM) - point(m - halfChordM)
    }
}
