import Foundation
import TrailpackCore

extension RouteCleaner {
    // MARK: - Stops

    /// Collapses every stop to one point at its centre; returns the net number of points dropped.
    static func collapseStops(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        let n = pts.count
        guard n >= o.stopMinPoints else { return 0 }
        var outP: [LonLat] = [], outS: [Int] = []
        outP.reserveCapacity(n)
        outS.reserveCapacity(n)
        var i = 0
        var metric = NearMetric()
        // The last core found walking (its track too seldom crosses itself, or it walks out and
        // back): cores within it are too.
        var walked = 0..<0
        // The part of a run where the device stood: its core (`stopCore`: the running centre
        // follows a walker for up to twice the radius), when that crosses itself at least
        // `stopMinCrossings` times and was not walked out and back (`walksOutAndBack`), from the
        // first fix of the earliest segment crossed, without a walk to a tip and back at either
        // end (`dwell`). (The scan accepts the earliest start whose run stands, on the walk in
        // wherever that lies within the radius: a stack of switchbacks under a summit where the
        // walker then stood.)
        func standingPart(of run: Range<Int>, _ local: (LonLat) -> (x: Double, y: Double)) -> (Int, Int)? {
            let (s, e, median) = stopCore(pts, run, coreM: o.stopCoreM, local)
            if walked.lowerBound <= s, e <= walked.upperBound { return nil }
            guard SelfCrossings.count(pts, in: s..<e, minSeparationM: o.stopCrossingSeparationM, upTo: o.stopMinCrossings) >= o.stopMinCrossings,
                  let first = SelfCrossings.firstCrossed(pts, in: s..<e, minSeparationM: o.stopCrossingSeparationM),
                  !walksOutAndBack(pts, first..<e, o, local) else {
                walked = s..<e
                return nil
            }
            let (a, b) = dwell(pts, first..<e, around: median, o, local)
            guard b - a >= o.stopMinPoints else {
                walked = s..<e
                return nil
            }
            return (a, b)
        }
        // Points from this index on were copied to the output one for one.
        var plainFrom = 0
        // The last stop: its points, the output's length with its centre, its centre, the fixes
        // where the device stood and their radius.
        var lastStop: (start: Int, end: Int, outCount: Int, centre: LonLat, standingFixes: Int, radiusM: Double)?
        // The track through the fixes `range`, metres.
        func trackM(_ range: Range<Int>) -> Double {
            var m = 0.0
            for t in range.dropFirst() { m += shortDistanceM(pts[t - 1], pts[t]) }
            return m
        }
        // True when the fixes `range` keep within `stopLoopExtentM` of `centre` on at most
        // `stopLoopMaxPathM` of track (from the fix before them to the fix after).
        func wandersAround(_ centre: LonLat, _ range: Range<Int>) -> Bool {
            range.allSatisfy { shortDistanceM(pts[$0], centre) <= o.stopLoopExtentM }
                && trackM(max(range.lowerBound - 1, 0)..<min(range.upperBound + 1, n)) <= o.stopLoopMaxPathM
        }
        while i < n {
            let origin = pts[i]
            let k = metric.perDegree(atLatDeg: origin.lat)
            func local(_ p: LonLat) -> (x: Double, y: Double) {
                (wrappedDeltaLonDeg(p.lon, from: origin.lon) * k.x, (p.lat - origin.lat) * k.y)
            }
            // The mean of the fixes `range` in the local frame, and the farthest of them from it.
            func centreAndRadius(_ range: Range<Int>) -> (x: Double, y: Double, radiusM: Double) {
                var cx = 0.0, cy = 0.0
                for t in range {
                    let q = local(pts[t])
                    cx += q.x
                    cy += q.y
                }
                cx /= Double(range.count)
                cy /= Double(range.count)
                var radiusM = 0.0
                for t in range {
                    let q = local(pts[t])
                    radiusM = max(radiusM, ((q.x - cx) * (q.x - cx) + (q.y - cy) * (q.y - cy)).squareRoot())
                }
                return (cx, cy, radiusM)
            }
            var sx = 0.0, sy = 0.0, count = 0.0, pathM = 0.0
            var j = i
            var last = (x: 0.0, y: 0.0)
            while j < n {
                let q = local(pts[j])
                if count > 0 {
                    let dx = q.x - sx / count, dy = q.y - sy / count
                    if dx * dx + dy * dy > o.stopRadiusM * o.stopRadiusM { break }
                }
                last = q
                sx += q.x
                sy += q.y
                count += 1
                j += 1
            }
            let m = j - i
            // The track through the cloud, measured only for enough fixes (most runs are walking).
            if m >= o.stopMinPoints {
                var previous = (x: 0.0, y: 0.0)
                for t in i..<j {
                    let q = local(pts[t])
                    if t > i { pathM += ((q.x - previous.x) * (q.x - previous.x) + (q.y - previous.y) * (q.y - previous.y)).squareRoot() }
                    previous = q
                }
            }
            // The cloud's radius is at least half the distance between its first and last fix
            // (`last`): a track too short for that radius is no stop, without measuring it.
            let endsM = (last.x * last.x + last.y * last.y).squareRoot()
            if m >= o.stopMinPoints, pathM >= o.stopMinPathM, pathM >= o.stopPathFactor * endsM / 2 * (1 - 1e-9) {
                // The run can begin on the walk in and end on the walk out: the stop is only the
                // part where the device stood (`standingPart`); the fixes before and after stay track.
                if pathM >= o.stopPathFactor * centreAndRadius(i..<j).radiusM, let (s, e) = standingPart(of: i..<j, local) {
                    for t in i..<s {
                        outP.append(pts[t])
                        outS.append(src[t])
                    }
                    if s > i || e < j {
                        pathM = trackM(s..<e)
                        i = s
                        j = e
                    }
                    let standing = centreAndRadius(i..<j)
                    var radiusM = standing.radiusM
                    var centre = LonLat(origin.lon + standing.x / k.x, origin.lat + standing.y / k.y)
                    var standingFixes = j - i
                    // The loop the device drew just before the dwell, if any, goes with it; a walk
                    // out to a tip and back to where the walker then stood stays track.
                    let first = loopBeforeStop(endingAt: i, centre: centre, pts, after: plainFrom, o)
                    if first < i, !walksOutAndBack(pts, first..<(i + 1), o, besideAStand: true, local) {
                        outP.removeLast(i - first)
                        outS.removeLast(i - first)
                        pathM += trackM(first..<(i + 1))
                        i = first
                    }
                    // Two stops at one place with only the device's wandering between them (a
                    // stand found in two runs, a loop drawn between two dwells) are one stop.
                    if let last = lastStop, outP.count - last.outCount == i - last.end,
                       shortDistanceM(last.centre, centre) <= o.stopRadiusM,
                       wandersAround(centre, last.end..<i) {
                        outP.removeLast(i - last.end + 1)
                        outS.removeLast(i - last.end + 1)
                        edits.removeLast()
                        let w = Double(last.standingFixes) / Double(last.standingFixes + standingFixes)
                        let merged = LonLat(centre.lon + w * wrappedDeltaLonDeg(last.centre.lon, from: centre.lon), centre.lat + w * (last.centre.lat - centre.lat))
                        radiusM = max(radiusM + shortDistanceM(centre, merged), last.radiusM + shortDistanceM(last.centre, merged))
                        centre = merged
                        standingFixes += last.standingFixes
                        pathM = trackM(last.start..<j)
                        i = last.start
                    }
                    // Length before: into the cloud, through it, out; after: in to the centre and out.
                    var beforeM = pathM, afterM = 0.0
                    if i > 0 { beforeM += shortDistanceM(pts[i - 1], pts[i]); afterM += shortDistanceM(pts[i - 1], centre) }
                    if j < n { beforeM += shortDistanceM(pts[j - 1], pts[j]); afterM += shortDistanceM(centre, pts[j]) }
                    edits.append(CleaningEdit(kind: .stop, firstIndex: src[i], lastIndex: src[j - 1], location: centre,
                                              sizeM: radiusM, lengthRemovedM: beforeM - afterM))
                    outP.append(centre)
                    outS.append(src[i])
                    lastStop = (i, j, outP.count, centre, standingFixes, radiusM)
                    i = j
                    plainFrom = j
                    continue
                }
            }
            outP.append(pts[i])
            outS.append(src[i])
            i += 1
        }
        let dropped = n - outP.count
        pts = outP
        src = outS
        return dropped
    }

    /// The part `s..<e` of a stop's run whose first and last fixes lie within `coreM` of the
    /// run's median point (coordinate by coordinate, in the `local` metric frame), and that point.
    static func stopCore(_ pts: [LonLat], _ run: Range<Int>, coreM: Double, _ local: (LonLat) -> (x: Double, y: Double)) -> (Int, Int, median: (x: Double, y: Double)) {
        let q = run.map { local(pts[$0]) }
        let xs = q.map(\.x).sorted(), ys = q.map(\.y).sorted()
        let mx = xs[xs.count / 2], my = ys[ys.count / 2]
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
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let along = smooth.map { ($0.x - mx) * cos(angle) + ($0.y - my) * sin(angle) }
        let lo = along.min()!, spreadM = along.max()! - lo
        guard spreadM > 0, spreadM >= o.stopWalkMinSpreadM, besideAStand || abs(along[along.count - 1] - along[0]) <= spreadM / 2 else { return false }
        var pathM = 0.0
        for t in smooth.indices.dropFirst() {
            pathM += ((smooth[t].x - smooth[t - 1].x) * (smooth[t].x - smooth[t - 1].x) + (smooth[t].y - smooth[t - 1].y) * (smooth[t].y - smooth[t - 1].y)).squareRoot()
        }
        var quarters = [0, 0, 0, 0]
        for u in along { quarters[min(3, Int(4 * (u - lo) / spreadM))] += 1 }
        return pathM <= o.stopWalkPathFactor * spreadM && Double(quarters.max()!) <= o.stopWalkMaxShare * n
    }
}
