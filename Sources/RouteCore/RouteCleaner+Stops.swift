import Foundation
import TrailpackCore

extension RouteCleaner {
    // MARK: - Stops

    /// The cloud's path is compared with the bound its first and last fix set with this
    /// relative slack, so that rounding never decides it.
    static let stopPathSlack = 1e-9
    /// `walksOutAndBack` counts the fixes in this many equal parts of the spread (quarters).
    private static let spreadBins = 4

    /// Collapses every stop (`Options.stopRadiusM` and after) to one point at its centre; returns
    /// the net number of points dropped.
    static func collapseStops(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        let n = pts.count
        guard n >= o.stopMinPoints else { return 0 }
        var collapser = StopCollapser(pts: pts, src: src, o: o)
        collapser.run(&edits)
        pts = collapser.outP
        src = collapser.outS
        return n - pts.count
    }

    /// The part `s..<e` of a stop's run whose first and last fixes lie within `coreM` of the
    /// run's median point (coordinate by coordinate, in the `local` metric frame), and that point.
    static func stopCore(_ pts: [LonLat], _ run: Range<Int>, coreM: Double, _ local: (LonLat) -> (x: Double, y: Double)) -> (Int, Int, median: (x: Double, y: Double)) {
        let q = run.map { local(pts[$0]) }
        let mx = OrderStatistic.kth(q.map(\.x), q.count / 2), my = OrderStatistic.kth(q.map(\.y), q.count / 2)
        func near(_ t: Int) -> Bool {
            let dx = q[t].x - mx, dy = q[t].y - my
            return dx * dx + dy * dy <= coreM * coreM
        }
        var s = 0, e = q.count - 1
        while s < e, !near(s) { s += 1 }
        while e > s, !near(e) { e -= 1 }
        return (run.lowerBound + s, run.lowerBound + e + 1, (mx, my))
    }

    /// The part of a stop's fixes `part` where the device dwelt: the longest stretch whose
    /// smoothed track (`smoothedTrack`) keeps within `stopCoreM` of the `median` point, with
    /// what lies before or after it when that is a walk out and back (`walksOutAndBack`), and
    /// all of `part` otherwise. A walker who went on to a tip 30 m away and came back to stand
    /// keeps the tip; a loop the device drew while standing stays with the stop.
    static func dwell(_ pts: [LonLat], _ part: Range<Int>, around median: (x: Double, y: Double), _ o: Options,
                      _ local: (LonLat) -> (x: Double, y: Double)) -> (Int, Int) {
        guard o.stopWalkElongation > 0 else { return (part.lowerBound, part.upperBound) }
        let smooth = smoothedTrack(pts, part, o, local)
        // The longest run of smoothed fixes within the core.
        var best = 0..<0, start = 0
        for t in 0...smooth.count {
            let inside = t < smooth.count
                && (smooth[t].x - median.x) * (smooth[t].x - median.x) + (smooth[t].y - median.y) * (smooth[t].y - median.y) <= o.stopCoreM * o.stopCoreM
            if !inside {
                if t - start > best.count { best = start..<t }
                start = t + 1
            }
        }
        guard !best.isEmpty else { return (part.lowerBound, part.upperBound) }
        var first = part.lowerBound, end = part.upperBound
        if best.lowerBound > 0, walksOutAndBack(pts, part.lowerBound..<(part.lowerBound + best.lowerBound + 1), o, local) {
            first = part.lowerBound + best.lowerBound
        }
        if best.upperBound < smooth.count, walksOutAndBack(pts, (part.lowerBound + best.upperBound - 1)..<part.upperBound, o, local) {
            end = part.lowerBound + best.upperBound
        }
        return (first, end)
    }

    /// The fixes `range` in the `local` frame, each averaged with `stopSmoothingFixes`
    /// neighbours on either side.
    static func smoothedTrack(_ pts: [LonLat], _ range: Range<Int>, _ o: Options, _ local: (LonLat) -> (x: Double, y: Double)) -> [(x: Double, y: Double)] {
        let q = range.map { local(pts[$0]) }
        let w = o.stopSmoothingFixes
        // Running sums: sumX[i] is the sum of q[0..<i].x.
        var sumX = [0.0], sumY = [0.0]
        sumX.reserveCapacity(q.count + 1)
        sumY.reserveCapacity(q.count + 1)
        for p in q {
            sumX.append(sumX[sumX.count - 1] + p.x)
            sumY.append(sumY[sumY.count - 1] + p.y)
        }
        return q.indices.map { i in
            let a = max(0, i - w), b = min(q.count - 1, i + w)
            let count = Double(b - a + 1)
            return ((sumX[b + 1] - sumX[a]) / count, (sumY[b + 1] - sumY[a]) / count)
        }
    }

    /// The first index of a loop the device drew just before a stop at `centre` whose fixes
    /// start at `i`: the earliest fix at or after `after` within `stopLoopReturnM` of the centre
    /// such that every fix from it to `i` lies within `stopLoopExtentM` of the centre and the
    /// track from it to `i` is at most `stopLoopMaxPathM` long; `i` when there is none. (The
    /// stop's run starts where its fixes first keep to `stopRadiusM` of their running centre,
    /// which can be halfway round such a loop.)
    static func loopBeforeStop(endingAt i: Int, centre: LonLat, _ pts: [LonLat], after: Int, _ o: Options) -> Int {
        var t = i - 1, pathM = 0.0, first = i
        while t >= after {
            pathM += shortDistanceM(pts[t], pts[t + 1])
            guard pathM <= o.stopLoopMaxPathM else { break }
            let d = shortDistanceM(pts[t], centre)
            guard d <= o.stopLoopExtentM else { break }
            if d <= o.stopLoopReturnM { first = t }
            t -= 1
        }
        return first
    }

    /// True when the fixes `range` were drawn walking out along one line and back rather than
    /// standing: their smoothed track (`smoothedTrack`) spreads at least `stopWalkElongation`
    /// times as far along its main axis as across it and at least `stopWalkMinSpreadM` along
    /// it, is at most `stopWalkPathFactor` times the spread long (out and back is twice; a
    /// standing device's smoothed wander is many times its spread), ends in the half of the
    /// spread where it began, and has at most `stopWalkMaxShare` of its fixes in any quarter of
    /// the spread (a walker's fixes lie evenly along it; a standing device's pile up where it
    /// stood). With `besideAStand` the fixes lead out of a stand and back to it (a loop or a walk
    /// just before the dwell): they return by construction, so where they end is not tested.
    static func walksOutAndBack(_ pts: [LonLat], _ range: Range<Int>, _ o: Options, besideAStand: Bool = false,
                                _ local: (LonLat) -> (x: Double, y: Double)) -> Bool {
        guard o.stopWalkElongation > 0, range.count > 1 else { return false }
        let smooth = smoothedTrack(pts, range, o, local)
        let n = Double(smooth.count)
        let mx = smooth.reduce(0) { $0 + $1.x } / n, my = smooth.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in smooth {
            sxx += (p.x - mx) * (p.x - mx)
            syy += (p.y - my) * (p.y - my)
            sxy += (p.x - mx) * (p.y - my)
        }
        // The variances along the main axis and across it.
        let half = (sxx + syy) / 2, root = (half * half - (sxx * syy - sxy * sxy)).squareRoot()
        let major = half + root, minor = max(half - root, 0)
        guard major >= o.stopWalkElongation * o.stopWalkElongation * minor else { return false }
        let angle = atan2(2 * sxy, sxx - syy) / 2
        let along = smooth.map { ($0.x - mx) * cos(angle) + ($0.y - my) * sin(angle) }
        let lo = along.min()!, spreadM = along.max()! - lo
        guard spreadM > 0, spreadM >= o.stopWalkMinSpreadM, besideAStand || abs(along[along.count - 1] - along[0]) <= spreadM / 2 else { return false }
        var pathM = 0.0
        for t in smooth.indices.dropFirst() {
            pathM += ((smooth[t].x - smooth[t - 1].x) * (smooth[t].x - smooth[t - 1].x) + (smooth[t].y - smooth[t - 1].y) * (smooth[t].y - smooth[t - 1].y)).squareRoot()
        }
        var bins = [Int](repeating: 0, count: spreadBins)
        for u in along { bins[min(spreadBins - 1, Int(Double(spreadBins) * (u - lo) / spreadM))] += 1 }
        return pathM <= o.stopWalkPathFactor * spreadM && Double(bins.max()!) <= o.stopWalkMaxShare * n
    }
}
