import Foundation
import TrailpackCore
import TrackGeometry

/// A track after cleaning, with what was dropped (pipeline notes).
public struct CleanedLine: Equatable, Sendable {
    /// The surviving points in their original order (a collapsed stop is one point at its centre,
    /// a cut loop one point at its crossing); consecutive points are at least
    /// `RouteCleaner.Options.minSpacingM` apart.
    public var coords: [LonLat]
    /// Points dropped because a coordinate was NaN or infinite, or outside lon -180...180 /
    /// lat -90...90.
    public var droppedInvalid: Int
    /// Points dropped because they lay closer than the minimum spacing to the previous kept point.
    public var droppedDuplicates: Int
    /// Points dropped as spikes.
    public var droppedSpikes: Int
    /// Net points dropped by collapsing stops (fixes removed minus the centre points added).
    public var droppedStopPoints: Int
    /// Net points dropped by cutting loops (fixes removed minus the crossing points added).
    public var droppedLoopPoints: Int
    /// Points dropped as wandering at the start or end (`RouteCleaner.trimEndExcursions`).
    public var droppedEndExcursionPoints: Int
    /// Every spike, stop, loop and end excursion removed, in track order of the cleaner's passes.
    public var edits: [CleaningEdit]

    public init(coords: [LonLat], droppedInvalid: Int = 0, droppedDuplicates: Int = 0, droppedSpikes: Int = 0,
                droppedStopPoints: Int = 0, droppedLoopPoints: Int = 0, droppedEndExcursionPoints: Int = 0, edits: [CleaningEdit] = []) {
        self.coords = coords
        self.droppedInvalid = droppedInvalid
        self.droppedDuplicates = droppedDuplicates
        self.droppedSpikes = droppedSpikes
        self.droppedStopPoints = droppedStopPoints
        self.droppedLoopPoints = droppedLoopPoints
        self.droppedEndExcursionPoints = droppedEndExcursionPoints
        self.edits = edits
    }

    /// Net number of input points dropped: `coords.count + droppedTotal` is the input count.
    public var droppedTotal: Int {
        droppedInvalid + droppedDuplicates + droppedSpikes + droppedStopPoints + droppedLoopPoints + droppedEndExcursionPoints
    }

    /// Track length in metres the spikes, stops, loops and end excursions took off.
    public var lengthRemovedM: Double { edits.reduce(0) { $0 + $1.lengthRemovedM } }
}

/// Cleans a recorded GPS track: invalid points, duplicates, spikes, stops and small loops.
/// The rules and numbers are in docs/GUIDANCE.md ("Track cleaning").
public enum RouteCleaner {
    /// Thresholds of the cleaner, metres unless said otherwise (ground distances on the WGS84
    /// ellipsoid's short-range metric).
    public struct Options: Equatable, Sendable {
        /// A point closer than this to the previous kept point is a duplicate.
        public var minSpacingM: Double = 0.5
        /// False for a planned line (a GPX `<rte>`): only invalid points and duplicates go.
        public var removeGPSArtifacts = true
        /// A spike's legs (out and back) are at least this long...
        public var spikeMinLegM: Double = 30
        /// ...and at least this many times the typical step of the track around it (the median
        /// of the six steps before and after), so that a sparse track's real corners and
        /// switchback tips, whose legs are ordinary steps, are never spikes.
        public var spikeStepFactor: Double = 4
        /// The spike's neighbours lie at most this fraction of its mean leg apart (the excursion
        /// returns to where it left; the mean, not the shorter leg, so that a spike beside a run
        /// of dropped fixes, whose neighbours lie a gap apart, still goes).
        public var spikeBaseRatio: Double = 0.6
        /// A stop: consecutive fixes within this radius of their running centre...
        public var stopRadiusM: Double = 20
        /// ...at least this many of them...
        public var stopMinPoints = 12
        /// ...whose track is longer than this and than `stopPathFactor` times the cloud's radius
        /// (walking through the circle draws about two radii, four to five with GPS jitter at one fix a second; a standing device dozens).
        public var stopMinPathM: Double = 50
        public var stopPathFactor: Double = 8
        /// ...and whose part where the device stood (within `stopCoreM`, below) crosses itself
        /// at least this many times, counting only crossings between parts at least
        /// `stopCrossingSeparationM` apart along the track (`SelfCrossings`): a standing device's
        /// fixes cross each other's track again and again, while a walk that winds within the
        /// radius (a stack of switchbacks climbed slowly, a hairpin) seldom does.
        public var stopMinCrossings = 2
        public var stopCrossingSeparationM: Double = 15
        /// ...and whose fixes at either end farther than this from the run's median point are
        /// walking in or out, not standing: they stay track.
        public var stopCoreM: Double = 15
        /// ...and that was not walked out to a tip and back (`walksOutAndBack`): its smoothed
        /// track (each fix averaged with `stopSmoothingFixes` neighbours either side) spreads at
        /// least `stopWalkElongation` times as far along one axis as across it and at least
        /// `stopWalkMinSpreadM` along it, ends in the half where it began, is at most
        /// `stopWalkPathFactor` times its spread long and has at most `stopWalkMaxShare` of its
        /// fixes in a quarter of the spread. At one fix a second with white jitter, the way back
        /// crosses the way in again and again and the last 20 m hold as many fixes as a stand.
        /// `stopWalkElongation` 0 turns the test off.
        public var stopWalkElongation: Double = 2
        public var stopWalkMinSpreadM: Double = 15
        public var stopWalkPathFactor: Double = 3
        public var stopWalkMaxShare = 0.45
        public var stopSmoothingFixes = 4
        /// A stop also takes the loop the device drew just before it: the fixes back to the
        /// earliest one within `stopLoopReturnM` of the stop's centre, when none of them lies
        /// farther than `stopLoopExtentM` from it and their track is at most `stopLoopMaxPathM`.
        public var stopLoopReturnM: Double = 10
        public var stopLoopExtentM: Double = 35
        public var stopLoopMaxPathM: Double = 150
        /// A loop is cut where the track crosses itself when the part between the crossings is
        /// at most this long...
        public var loopMaxLengthM: Double = 100
        /// ...stays within this distance of the crossing...
        public var loopMaxExtentM: Double = 30
        /// ...winds at least this many degrees (near a full turn; an out-and-back winds about 180),
        /// and the track then goes on within 90 degrees of the way it came in (a loop drawn at a
        /// turnaround is left to the turnaround).
        public var loopMinWindingDeg: Double = 250
        /// ...and is no spur walked out and back off the line (`isSpur`): its farthest point at
        /// least `loopSpurMinReachM` from the crossing and from the track for `loopSpurClearM`
        /// of track either side, and nine tenths of the way back within `loopSpurWithinM` of the
        /// way out. (Off a trail that goes on the way it came, in north, out east and back, on
        /// north, a spur winds a full turn too.)
        public var loopSpurMinReachM: Double = 15
        public var loopSpurClearM: Double = 150
        public var loopSpurWithinM: Double = 6
        /// Wandering at an end: a track from the first fix (or back from the last) at most this
        /// long on the ground (5 m steps)...
        public var endExcursionMaxPathM: Double = 120
        /// ...that gets at least this far from it...
        public var endExcursionMinExtentM: Double = 15
        /// ...and comes back within this distance of it, is trimmed...
        public var endReturnM: Double = 10
        /// ...when at least this much track remains.
        public var endExcursionMinRestM: Double = 500

        public init() {}
    }

    /// Cleans a line: drops invalid points and duplicates; then, unless
    /// `options.removeGPSArtifacts` is false, removes spikes (one to three fixes whose legs out
    /// and back are long compared with the track's own steps and return close to where they
    /// left; also a first or last fix far off), collapses stops (clouds of fixes drawn while
    /// standing) to their centre, cuts small self-crossing loops at their crossing, and trims
    /// the wandering at either end that returns to where the track starts or ends.
    /// Every spike, stop, loop and end excursion is listed in `edits` with input indices and metres.
    public static func clean(_ coords: [LonLat], options: Options = Options()) -> CleanedLine {
        var pts: [LonLat] = []
        var src: [Int] = []
        pts.reserveCapacity(coords.count)
        src.reserveCapacity(coords.count)
        var invalid = 0
        for (k, p) in coords.enumerated() {
            guard p.isFinite, abs(p.lat) <= 90, abs(p.lon) <= 180 else {
                invalid += 1
                continue
            }
            pts.append(p)
            src.append(k)
        }
        var duplicates = dropDuplicates(&pts, &src, minSpacingM: options.minSpacingM)
        var result = CleanedLine(coords: [], droppedInvalid: invalid)
        if options.removeGPSArtifacts {
            var spikes = 0
            for _ in 0..<4 {
                let n = removeSpikes(&pts, &src, options, &result.edits)
                spikes += n
                if n == 0 { break }
            }
            result.droppedSpikes = spikes
            result.droppedStopPoints = collapseStops(&pts, &src, options, &result.edits)
            result.droppedLoopPoints = cutLoops(&pts, &src, options, &result.edits)
            result.droppedEndExcursionPoints = trimEndExcursions(&pts, &src, options, &result.edits)
            duplicates += dropDuplicates(&pts, &src, minSpacingM: options.minSpacingM)
        }
        result.droppedDuplicates = duplicates
        result.coords = pts
        return result
    }

    // MARK: - Duplicates

    static func dropDuplicates(_ pts: inout [LonLat], _ src: inout [Int], minSpacingM: Double) -> Int {
        guard pts.count > 1 else { return 0 }
        var outP: [LonLat] = [pts[0]], outS = [src[0]]
        outP.reserveCapacity(pts.count)
        outS.reserveCapacity(pts.count)
        var metric = NearMetric()
        for k in 1..<pts.count where metric.distanceM(outP[outP.count - 1], pts[k]) >= minSpacingM {
            outP.append(pts[k])
            outS.append(src[k])
        }
        let dropped = pts.count - outP.count
        pts = outP
        src = outS
        return dropped
    }

    // MARK: - Spikes

    /// One pass over the line; returns the number of points removed.
    static func removeSpikes(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        let n = pts.count
        guard n >= 3 else { return 0 }
        var steps = [Double](repeating: 0, count: n - 1)
        var metric = NearMetric()
        for k in 0..<(n - 1) { steps[k] = metric.distanceM(pts[k], pts[k + 1]) }
        /// Median of the (up to) six steps before step `before` and six from step `after` on.
        func typicalStepM(before: Int, after: Int) -> Double {
            var w: [Double] = []
            var k = before - 1
            while k >= 0, k >= before - 6 { w.append(steps[k]); k -= 1 }
            k = after
            while k < steps.count, k < after + 6 { w.append(steps[k]); k += 1 }
            guard !w.isEmpty else { return 0 }
            w.sort()
            return w[w.count / 2]
        }
        var keep = [Bool](repeating: true, count: n)
        var removed = 0
        // The first and last fix: far from the rest of the track (a cold start, a last bad fix),
        // unless the track comes back to it after one to three fixes on legs a spike's are (both
        // `spikeMinLegM` or more, ending as close as a spike's neighbours): then those fixes are
        // the spike (below), not the end fix.
        func returns(toEnd end: Int, step: Int) -> Bool {
            (1...3).contains { len in
                let back = end + step * (len + 1)
                guard back >= 0, back < n else { return false }
                let out = steps[step > 0 ? end : end - 1], home = steps[step > 0 ? back - 1 : back]
                return min(out, home) >= o.spikeMinLegM && metric.distanceM(pts[end], pts[back]) <= o.spikeBaseRatio * (out + home) / 2
            }
        }
        if n >= 4 {
            let s = typicalStepM(before: 1, after: 1)
            if steps[0] >= max(2 * o.spikeMinLegM, 2 * o.spikeStepFactor * s), !returns(toEnd: 0, step: 1) {
                keep[0] = false
                edits.append(CleaningEdit(kind: .spike, firstIndex: src[0], lastIndex: src[0], location: pts[0],
                                          sizeM: steps[0], lengthRemovedM: steps[0]))
            }
            let e = typicalStepM(before: n - 2, after: n - 2)
            if steps[n - 2] >= max(2 * o.spikeMinLegM, 2 * o.spikeStepFactor * e), !returns(toEnd: n - 1, step: -1) {
                keep[n - 1] = false
                edits.append(CleaningEdit(kind: .spike, firstIndex: src[n - 1], lastIndex: src[n - 1], location: pts[n - 1],
                                          sizeM: steps[n - 2], lengthRemovedM: steps[n - 2]))
            }
        }
        var k = 1
        while k < n - 1 {
            var found = 0
            for len in 1...3 where k + len < n && keep[k - 1] && keep[k + len] {
                let a = pts[k - 1], c = pts[k + len]
                let entry = steps[k - 1], exit = steps[k + len - 1]
                let leg = min(entry, exit)
                // Cheap tests first: most fixes are ordinary steps.
                guard leg >= o.spikeMinLegM, metric.distanceM(a, c) <= o.spikeBaseRatio * (entry + exit) / 2,
                      leg >= o.spikeStepFactor * typicalStepM(before: k - 1, after: k + len) else { continue }
                var farthest = k, farthestM = 0.0, inside = true
                for b in k..<(k + len) {
                    let d = projectOntoSegment(pts[b], a, c).planarM
                    if d < o.spikeMinLegM { inside = false; break }
                    if d > farthestM { farthest = b; farthestM = d }
                }
                guard inside else { continue }
                var pathM = 0.0
                for s in (k - 1)..<(k + len) { pathM += steps[s] }
                edits.append(CleaningEdit(kind: .spike, firstIndex: src[k], lastIndex: src[k + len - 1], location: pts[farthest],
                                          sizeM: farthestM, lengthRemovedM: pathM - shortDistanceM(a, c)))
                found = len
                break
            }
            if found > 0 {
                for b in k..<(k + found) { keep[b] = false }
                k += found + 1
            } else {
                k += 1
            }
        }
        var outP: [LonLat] = [], outS: [Int] = []
        outP.reserveCapacity(n)
        outS.reserveCapacity(n)
        for k in 0..<n {
            if keep[k] { outP.append(pts[k]); outS.append(src[k]) } else { removed += 1 }
        }
        pts = outP
        src = outS
        return removed
    }

    // MARK: - Loops

    /// Cuts small self-crossing loops; returns the net number of points dropped.
    static func cutLoops(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        let n = pts.count
        guard n >= 4 else { return 0 }
        var steps = [Double](repeating: 0, count: n - 1)
        var headings = [Double](repeating: 0, count: n - 1)  // radians, of segment k -> k+1
        var metric = NearMetric()
        for k in 0..<(n - 1) {
            steps[k] = metric.distanceM(pts[k], pts[k + 1])
            headings[k] = metric.headingRad(pts[k], pts[k + 1])
        }
        /// Signed change of direction from heading `a` to heading `b`, in (-pi, pi].
        func turn(_ a: Double, _ b: Double) -> Double {
            var t = b - a
            if t > .pi { t -= 2 * .pi }
            if t <= -.pi { t += 2 * .pi }
            return t
        }
        // windingPrefix[k]: total turning from segment 0 to segment k.
        var windingPrefix = [Double](repeating: 0, count: n - 1)
        for k in 1..<(n - 1) { windingPrefix[k] = windingPrefix[k - 1] + turn(headings[k - 1], headings[k]) }
        let minWindingRad = o.loopMinWindingDeg * .pi / 180
        // Boxes in degrees of blocks of segments (points g*8 ... g*8+8), so the search below can
        // pass a whole block clear of the step it tries at once; `wraps` near the antimeridian.
        let blockSize = 8
        var blockBoxes: [(lonLo: Double, lonHi: Double, latLo: Double, latHi: Double, wraps: Bool)] = []
        blockBoxes.reserveCapacity((n - 1) / blockSize + 1)
        var first = 0
        while first < n - 1 {
            var box = (lonLo: pts[first].lon, lonHi: pts[first].lon, latLo: pts[first].lat, latHi: pts[first].lat,
                       wraps: abs(pts[first].lon) >= 179)
            for t in (first + 1)...min(first + blockSize, n - 1) {
                let r = pts[t]
                box.lonLo = min(box.lonLo, r.lon); box.lonHi = max(box.lonHi, r.lon)
                box.latLo = min(box.latLo, r.lat); box.latHi = max(box.latHi, r.lat)
                if abs(r.lon) >= 179 { box.wraps = true }
            }
            blockBoxes.append(box)
            first += blockSize
        }
        var outP: [LonLat] = [pts[0]], outS: [Int] = [src[0]]
        outP.reserveCapacity(n)
        outS.reserveCapacity(n)
        var a = 0  // outP.last lies on segment a (at pts[a] or at a crossing on it)
        var afterCut = false  // outP.last is a crossing, not pts[a]
        while a < n - 1 {
            let p = outP[outP.count - 1], q = pts[a + 1]
            let origin = p
            let k = metric.perDegree(atLatDeg: origin.lat)
            func local(_ r: LonLat) -> (x: Double, y: Double) {
                (wrappedDeltaLonDeg(r.lon, from: origin.lon) * k.x, (r.lat - origin.lat) * k.y)
            }
            let qq = local(q)
            // Turning from the first segment (p may be a crossing on segment a) to segment b:
            // into segment a + 1, then the segments' own turns.
            let firstHeading = afterCut ? atan2(qq.x, qq.y) : headings[a]
            let firstTurn = a + 1 < n - 1 ? turn(firstHeading, headings[a + 1]) : 0
            var lengthM = afterCut ? shortDistanceM(p, q) : steps[a]
            var found: (b: Int, x: LonLat)?
            var b = a + 1
            let windingFrom = a + 1 < n - 1 ? windingPrefix[a + 1] : 0
            // local(pts[b]) of the previous step's pts[b + 1], for the segment b..b+1.
            var cachedIndex = -1, cachedLocal = (x: 0.0, y: 0.0)
            // A segment whose box in degrees lies clear of this one's (by 1e-9 degree, far above
            // rounding) cannot cross it: the local frame keeps the order of longitudes and
            // latitudes. Away from the antimeridian only.
            let box = (lonLo: min(p.lon, q.lon) - 1e-9, lonHi: max(p.lon, q.lon) + 1e-9,
                       latLo: min(p.lat, q.lat) - 1e-9, latHi: max(p.lat, q.lat) + 1e-9)
            let boxes = abs(p.lon) < 179 && abs(q.lon) < 179
            func clear(_ r0: LonLat, _ r1: LonLat) -> Bool {
                guard boxes, abs(r0.lon) < 179, abs(r1.lon) < 179 else { return false }
                return min(r0.lon, r1.lon) > box.lonHi || max(r0.lon, r1.lon) < box.lonLo
                    || min(r0.lat, r1.lat) > box.latHi || max(r0.lat, r1.lat) < box.latLo
            }
            while b < n - 1, lengthM <= o.loopMaxLengthM {
                if b % blockSize == 0, boxes {
                    let g = blockBoxes[b / blockSize]
                    if !g.wraps, g.lonLo > box.lonHi || g.lonHi < box.lonLo || g.latLo > box.latHi || g.latHi < box.latLo {
                        // No segment of the block can cross: only the length is kept, step by step.
                        let end = min(b + blockSize, n - 1)
                        while b < end, lengthM <= o.loopMaxLengthM {
                            lengthM += steps[b]
                            b += 1
                        }
                        continue
                    }
                }
                let windingRad = firstTurn + windingPrefix[b] - windingFrom
                if b >= a + 2, abs(windingRad) >= minWindingRad, !clear(pts[b], pts[b + 1]) {
                    let lb = cachedIndex == b ? cachedLocal : local(pts[b])
                    let lb1 = local(pts[b + 1])
                    cachedIndex = b + 1
                    cachedLocal = lb1
                    if let t = crossing((0, 0), qq, lb, lb1) {
                        let x = LonLat(origin.lon + (qq.x * t) / k.x, origin.lat + (qq.y * t) / k.y)
                        // A loop the walker leaves the way they came into it: a turnaround (with
                        // perhaps a loop at its tip), not a loop to cut.
                        if withinExtent(x, pts, (a + 1)...b, o.loopMaxExtentM, &metric),
                           continuesForward(from: x, before: outP, after: b + 1, pts),
                           !isSpur(x, pts, (a + 1)...b, before: outP, o) {
                            found = (b, x)
                            break
                        }
                    }
                }
                lengthM += steps[b]
                b += 1
            }
            if let (b, x) = found {
                var removedM = shortDistanceM(p, q) + shortDistanceM(pts[b], x)
                for s in (a + 1)..<b { removedM += steps[s] }
                removedM -= shortDistanceM(p, x)
                var extentM = 0.0
                for s in (a + 1)...b { extentM = max(extentM, shortDistanceM(x, pts[s])) }
                edits.append(CleaningEdit(kind: .loop, firstIndex: src[a + 1], lastIndex: src[b], location: x,
                                          sizeM: extentM, lengthRemovedM: removedM))
                outP.append(x)
                outS.append(src[a + 1])
                a = b
                afterCut = true
            } else {
                outP.append(q)
                outS.append(src[a + 1])
                a += 1
                afterCut = false
            }
        }
        let dropped = n - outP.count
        pts = outP
        src = outS
        return dropped
    }

    /// True when the loop from the crossing `x` through `pts[range]` back to `x` is a spur walked
    /// out and back (see `Options.loopSpurMinReachM`): its tip reaches `loopSpurMinReachM` from
    /// `x` and from the track `loopSpurClearM` before (`before`, the output so far) and after it,
    /// and nine tenths of the points after the tip lie within `loopSpurWithinM` of the way out.
    static func isSpur(_ x: LonLat, _ pts: [LonLat], _ range: ClosedRange<Int>, before: [LonLat], _ o: Options) -> Bool {
        // Most loops are a few metres of jitter: their reach settles it.
        var tipIndex = range.lowerBound, reachM = 0.0
        for t in range {
            let d = shortDistanceM(x, pts[t])
            if d > reachM { (tipIndex, reachM) = (t, d) }
        }
        // A spur has a way out and a way back: its tip is neither end of the loop.
        guard reachM >= o.loopSpurMinReachM, tipIndex > range.lowerBound, tipIndex < range.upperBound else { return false }
        let tip = pts[tipIndex]
        // Clear of the track either side: not a backtrack along the line.
        var trackM = 0.0, t = before.count - 1
        while t > 0, trackM <= o.loopSpurClearM {
            if shortDistanceM(before[t], tip) < o.loopSpurMinReachM { return false }
            trackM += shortDistanceM(before[t - 1], before[t])
            t -= 1
        }
        trackM = 0
        var u = range.upperBound + 1
        while u < pts.count, trackM <= o.loopSpurClearM {
            if shortDistanceM(pts[u], tip) < o.loopSpurMinReachM { return false }
            trackM += shortDistanceM(pts[u - 1], pts[u])
            u += 1
        }
        // The way back (the fixes after the tip) along the way out (from the crossing to the tip).
        let k = WGS84.metresPerDegree(atLatDeg: tip.lat)
        func local(_ p: LonLat) -> (x: Double, y: Double) { (wrappedDeltaLonDeg(p.lon, from: tip.lon) * k.x, (p.lat - tip.lat) * k.y) }
        let out = ([x] + pts[range.lowerBound...tipIndex]).map(local)
        let offsetsM = pts[(tipIndex + 1)...range.upperBound].map(local).map { p in
            zip(out, out.dropFirst()).map { segmentDistanceSquared(p.x, p.y, $0.x, $0.y, $1.x, $1.y) }.min()!.squareRoot()
        }.sorted()
        return offsetsM[offsetsM.count * 9 / 10] <= o.loopSpurWithinM
    }

    /// True when every point of `pts[range]` lies within `maxM` of `x` (`shortDistanceM`); the
    /// cached metric decides the points that are clearly in or out.
    static func withinExtent(_ x: LonLat, _ pts: [LonLat], _ range: ClosedRange<Int>, _ maxM: Double,
                             _ metric: inout NearMetric) -> Bool {
        for s in range {
            guard abs(x.lat + pts[s].lat) <= 160 else {
                if shortDistanceM(x, pts[s]) > maxM { return false }
                continue
            }
            let approxM = metric.distanceM(x, pts[s])
            if approxM < maxM * (1 - NearMetric.relativeSlack) { continue }
            if approxM > maxM * (1 + NearMetric.relativeSlack) || shortDistanceM(x, pts[s]) > maxM { return false }
        }
        return true
    }

    /// True when the track leaves the crossing `x` within 90 degrees of the way it came in:
    /// directions on chords from the last point of `before` at least 40 m from `x` to `x`, and
    /// from `x` to the first point of `pts` from index `next` on at least 40 m from it (within
    /// 400 points either way); true when either is missing.
    static func continuesForward(from x: LonLat, before: [LonLat], after next: Int, _ pts: [LonLat]) -> Bool {
        var i = before.count - 1
        while i >= 0, i >= before.count - 400, shortDistanceM(before[i], x) < 40 { i -= 1 }
        var j = next
        while j < pts.count, j < next + 400, shortDistanceM(x, pts[j]) < 40 { j += 1 }
        guard i >= 0, i >= before.count - 400, j < pts.count, j < next + 400 else { return true }
        let d = abs(shortBearingDeg(before[i], x) - shortBearingDeg(x, pts[j])).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d) <= 90
    }

    /// Where segment p0-p1 properly crosses segment q0-q1: the fraction along p0-p1, else nil.
    static func crossing(_ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double),
                         _ q0: (x: Double, y: Double), _ q1: (x: Double, y: Double)) -> Double? {
        let rx = p1.x - p0.x, ry = p1.y - p0.y, sx = q1.x - q0.x, sy = q1.y - q0.y
        let den = rx * sy - ry * sx
        guard abs(den) > 1e-12 else { return nil }
        let qpx = q0.x - p0.x, qpy = q0.y - p0.y
        let t = (qpx * sy - qpy * sx) / den
        let u = (qpx * ry - qpy * rx) / den
        guard t > 0, t < 1, u >= 0, u <= 1 else { return nil }
        return t
    }
}
