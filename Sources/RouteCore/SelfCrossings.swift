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

    /// Which crossings are steep: those whose two parts head at least `minDeg` degrees off
    /// parallel (either way), headings on chords `halfChordM` metres either side of each
    /// segment's middle.
    struct Transverse {
        var halfChordM: Double
        var minDeg: Double
    }

    /// The number of crossings, counted up to `limit`, between segments of the points `range` of
    /// `pts` (segment `k` joins points `k` and `k + 1`) whose facing ends lie at least
    /// `minSeparationM` metres apart along the track; with `transverse`, only the steep ones.
    static func count(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double, upTo limit: Int,
                      transverse: Transverse? = nil) -> Int {
        guard let plane = Plane(pts, in: range) else { return 0 }
        if let transverse { return plane.counts(minSeparationM: minSeparationM, upTo: 0, steep: transverse, upTo: limit).steep }
        return plane.counts(minSeparationM: minSeparationM, upTo: limit).all
    }

    /// The first point of the earliest segment of `range` that a later one crosses (crossings as
    /// in `count`), nil when none does.
    static func firstCrossed(_ pts: [LonLat], in range: Range<Int>, minSeparationM: Double) -> Int? {
        Plane(pts, in: range)?.firstCrossed(minSeparationM: minSeparationM)
    }

    /// The points `range` of a track on one plane, with their distances along and a segment
    /// index: made once for every question asked of a stretch. The gnomonic frame at the first
    /// point: segments are great-circle arcs, straight in any such frame, so which of them cross
    /// does not depend on where it is centred.
    struct Plane {
        let lowerBound: Int
        let xy: [(x: Double, y: Double)]
        let positions: [Vec2]
        let alongM: [Double]
        let index: SegmentIndex

        /// Nil when `range` has fewer than `minPoints` points (no crossing is possible).
        init?(_ pts: [LonLat], in range: Range<Int>) {
            guard range.count >= minPoints else { return nil }
            let frame = GnomonicFrame(center: pts[range.lowerBound])
            lowerBound = range.lowerBound
            xy = range.map { frame.project(pts[$0]) }
            positions = xy.map { Vec2($0.x, $0.y) }
            var along = [Double](repeating: 0, count: xy.count)
            for t in 1..<xy.count { along[t] = along[t - 1] + (positions[t] - positions[t - 1]).length }
            alongM = along
            index = SegmentIndex(positions: positions, cellM: cellM)
        }

        /// The crossings counted up to `limit` (`all`), and among them the steep ones
        /// (`steep`, counted up to `steepLimit`; none without `steep`), in one pass.
        func counts(minSeparationM: Double, upTo limit: Int, steep: Transverse? = nil,
                    upTo steepLimit: Int = 0) -> (all: Int, steep: Int) {
            var all = 0, steepCount = 0
            guard limit > 0 || (steep != nil && steepLimit > 0) else { return (0, 0) }
            forEach(minSeparationM: minSeparationM) { t, s in
                all += 1
                if let steep, steepCount < steepLimit, isTransverse(t, s, steep) { steepCount += 1 }
                return all < limit || (steep != nil && steepCount < steepLimit)
            }
            return (min(all, max(limit, 0)), steepCount)
        }

        /// `SelfCrossings.firstCrossed` on this stretch.
        func firstCrossed(minSeparationM: Double) -> Int? {
            var first: Int?
            forEach(minSeparationM: minSeparationM, earlierBelow: { first ?? Int.max }) { a, _ in
                first = min(first ?? a, a)
                return true
            }
            return first.map { lowerBound + $0 }
        }

        /// Calls `body` with the plane's indices of the earlier and the later segment of each
        /// crossing, once each, until it returns false; crossings whose earlier segment is at or
        /// after `earlierBelow()` are skipped. Candidates come from the segment index (every
        /// segment before the later one that reaches its span, in track order: the farther back
        /// along the track, the earlier), visited only while they lie `minSeparationM` back, so
        /// the cost is linear in the number of points where the track does not pile up in one
        /// place, and where it does (a device left on) the search stops at the crossings it needs.
        private func forEach(minSeparationM: Double, earlierBelow: () -> Int = { Int.max }, _ body: (Int, Int) -> Bool) {
            for s in 0..<(xy.count - 1) {
                let a = positions[s], b = positions[s + 1]
                var goesOn = true
                // A crossing lies on this segment, within half its length of its middle.
                index.forEachSegment(near: middle * (a + b), withinM: middle * (b - a).length, in: 0..<min(s, earlierBelow())) { t in
                    guard alongM[s] - alongM[t + 1] >= minSeparationM else { return false }
                    guard RouteCleaner.crossing(xy[t], xy[t + 1], xy[s], xy[s + 1]) != nil else { return true }
                    goesOn = body(t, s)
                    return goesOn
                }
                if !goesOn { return }
            }
        }

        /// True when the headings of segments `t` and `s` (chords `rule.halfChordM` either side of
        /// each segment's middle, clamped to the ends) lie at least `rule.minDeg` degrees off parallel.
        func isTransverse(_ t: Int, _ s: Int, _ rule: Transverse) -> Bool {
            let u = chord(at: middle * (alongM[t] + alongM[t + 1]), rule.halfChordM)
            let v = chord(at: middle * (alongM[s] + alongM[s + 1]), rule.halfChordM)
            return abs(u.dot(v)) <= cos(rule.minDeg * Double.pi / halfTurnDeg) * u.length * v.length
        }

        /// The chord from `halfChordM` before `m` metres along to `halfChordM` after it, metres.
        private func chord(at m: Double, _ halfChordM: Double) -> Vec2 {
            TrackGeometry.position(atM: m + halfChordM, positions: positions, cumM: alongM)
                - TrackGeometry.position(atM: m - halfChordM, positions: positions, cumM: alongM)
        }
    }
}
