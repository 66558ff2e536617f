import Foundation
import TrackGeometry
import TrailpackCore

extension RouteCleaner {
    /// Half a turn, degrees.
    static let halfTurnDeg = 180.0
    /// A full turn, degrees.
    static let fullTurnDeg = 360.0
    /// The cached metric (`NearMetric`) is used where the mean latitude of two points is at
    /// most this many degrees (it is exact enough there); `shortDistanceM` beyond.
    private static let nearMetricMaxLatDeg = 80.0
    /// Segments nearly parallel (the cross product of their vectors below this, square metres)
    /// do not cross.
    private static let parallelCrossM2 = 1e-12

    /// Cuts small self-crossing loops (`Options.loopMaxLengthM` and after) at their crossing;
    /// returns the net number of points dropped.
    static func cutLoops(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        let n = pts.count
        guard n >= SelfCrossings.minPoints else { return 0 }
        var cutter = LoopCutter(pts: pts, src: src, o: o)
        cutter.run(&edits)
        pts = cutter.outP
        src = cutter.outS
        return n - pts.count
    }

    /// True when the loop from the crossing `x` through the points `range` of `geometry` (the
    /// line being cleaned) back to `x` is ground walked out and back, a spur or a hairpin (see
    /// `Options.loopSpurMinReachM`): its tip reaches `loopSpurMinReachM` from `x` and the way
    /// back runs along the way out the other way (`walksBackAlong`), whatever track lies beside
    /// it (the legs of a switchback stack lie a few metres from each other's hairpins).
    static func isSpur(_ x: LonLat, _ geometry: TrackGeometry, _ range: ClosedRange<Int>, _ o: Options) -> Bool {
        let pts = geometry.coords
        // Most loops are a few metres of jitter: their reach settles it.
        var tipIndex = range.lowerBound, reachM = 0.0
        for t in range {
            let d = shortDistanceM(x, pts[t])
            if d > reachM { (tipIndex, reachM) = (t, d) }
        }
        // A spur has a way out and a way back: its tip is neither end of the loop.
        guard reachM >= o.loopSpurMinReachM, tipIndex > range.lowerBound, tipIndex < range.upperBound else { return false }
        return walksBackAlong(geometry, out: range.lowerBound..<tipIndex, tip: tipIndex, end: range.upperBound + 1, o)
    }

    /// True when the share `loopSpurWithinShare` of the way out's fixes `out` (those at least
    /// `loopSpurHeadingChordM` before the `tip`, whose heading is the way out's; all of them when
    /// none is) find the same ground the other way on the way back: their overlap partner
    /// (`TrackGeometry.overlap`, within `loopSpurWithinM`, headings on chords
    /// `loopSpurHeadingChordM` either side) lies after the tip, at most `loopSpurWithinM` past
    /// fix `end`.
    static func walksBackAlong(_ geometry: TrackGeometry, out: Range<Int>, tip: Int, end: Int, _ o: Options) -> Bool {
        let rule = OverlapRule(reachM: o.loopSpurWithinM, halfChordM: o.loopSpurHeadingChordM)
        // The way back, and up to `loopSpurWithinM` beyond the loop's last fix: the fixes of the way
        // out near the crossing find their partners on the track just after it.
        let tipM = geometry.cumM[tip], endM = geometry.cumM[end] + o.loopSpurWithinM
        let clear = out.filter { geometry.cumM[$0] <= tipM - o.loopSpurHeadingChordM }
        let way = clear.isEmpty ? Array(out) : clear
        let paired = way.filter { i in geometry.overlap(at: i, rule, liesWithin: tipM...endM) }
        return Double(paired.count) >= o.loopSpurWithinShare * Double(way.count)
    }

    /// True when every point of `pts[range]` lies within `maxM` of `x` (`shortDistanceM`); the
    /// cached metric decides the points that are clearly in or out.
    static func withinExtent(_ x: LonLat, _ pts: [LonLat], _ range: ClosedRange<Int>, _ maxM: Double,
                             _ metric: inout NearMetric) -> Bool {
        for s in range {
            guard abs(x.lat + pts[s].lat) <= 2 * nearMetricMaxLatDeg else {
                if shortDistanceM(x, pts[s]) > maxM { return false }
                continue
            }
            let approxM = metric.distanceM(x, pts[s])
            if approxM < maxM * (1 - NearMetric.relativeSlack) { continue }
            if approxM > maxM * (1 + NearMetric.relativeSlack) || shortDistanceM(x, pts[s]) > maxM { return false }
        }
        return true
    }

    /// True when the track leaves the crossing `x` within `loopGoesOnMaxDeg` of the way it came
    /// in: directions on chords from the last point of `before` at least `loopWayChordM` from `x`
    /// to `x`, and from `x` to the first point of `pts` from index `next` on at least
    /// `loopWayChordM` from it (within `loopWayMaxFixes` points either way); true when either is
    /// missing.
    static func continuesForward(from x: LonLat, before: [LonLat], after next: Int, _ pts: [LonLat], _ o: Options) -> Bool {
        let chordM = o.loopWayChordM, maxFixes = o.loopWayMaxFixes
        var i = before.count - 1
        while i >= 0, i >= before.count - maxFixes, shortDistanceM(before[i], x) < chordM { i -= 1 }
        var j = next
        while j < pts.count, j < next + maxFixes, shortDistanceM(x, pts[j]) < chordM { j += 1 }
        guard i >= 0, i >= before.count - maxFixes, j < pts.count, j < next + maxFixes else { return true }
        let d = abs(shortBearingDeg(before[i], x) - shortBearingDeg(x, pts[j])).truncatingRemainder(dividingBy: fullTurnDeg)
        return min(d, fullTurnDeg - d) <= o.loopGoesOnMaxDeg
    }

    /// Where segment p0-p1 properly crosses segment q0-q1: the fraction along p0-p1, else nil.
    static func crossing(_ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double),
                         _ q0: (x: Double, y: Double), _ q1: (x: Double, y: Double)) -> Double? {
        let rx = p1.x - p0.x, ry = p1.y - p0.y, sx = q1.x - q0.x, sy = q1.y - q0.y
        let den = rx * sy - ry * sx
        guard abs(den) > parallelCrossM2 else { return nil }
        let qpx = q0.x - p0.x, qpy = q0.y - p0.y
        let t = (qpx * sy - qpy * sx) / den
        let u = (qpx * ry - qpy * rx) / den
        guard t > 0, t < 1, u >= 0, u <= 1 else { return nil }
        return t
    }
}
