import TrackGeometry
import TrailpackCore

extension StopCollapser {
    /// The part of a run where the device stood: its core (`stopCore`: the running centre
    /// follows a walker for up to twice the radius), when that crosses itself at least
    /// `stopMinCrossings` times and was not walked out and back (`walksOutAndBack`), from the
    /// first fix of the earliest segment crossed, without a walk to a tip and back at either
    /// end (`dwell`). (The scan accepts the earliest start whose run stands, on the walk in
    /// wherever that lies within the radius: a stack of switchbacks under a summit where the
    /// walker then stood.) A core found walking is remembered in `walked`.
    mutating func standingPart(of run: Range<Int>, _ frame: GnomonicFrame) -> (Int, Int)? {
        let (s, e, median) = RouteCleaner.stopCore(pts, run, coreM: o.stopCoreM, frame.project)
        if walked.lowerBound <= s, e <= walked.upperBound { return nil }
        let separationM = o.stopCrossingSeparationM
        let steep = SelfCrossings.Transverse(halfChordM: o.stopCrossingHalfChordM, minDeg: o.stopCrossingMinDeg)
        let plane = SelfCrossings.Plane(pts, in: s..<e)
        let crossings = plane?.counts(minSeparationM: separationM, upTo: o.stopMinCrossings, steep: steep, upTo: o.stopMinSteepCrossings)
        guard let plane, let crossings, crossings.all >= o.stopMinCrossings, crossings.steep >= o.stopMinSteepCrossings,
              let first = plane.firstCrossed(minSeparationM: separationM),
              !RouteCleaner.walksOutAndBack(pts, first..<e, o, frame.project) else {
            walked = s..<e
            return nil
        }
        let (a, b) = RouteCleaner.dwell(pts, first..<e, around: median, o, frame.project)
        guard b - a >= o.stopMinPoints else {
            walked = s..<e
            return nil
        }
        return (a, b)
    }

    /// Collapses the stop found on `run` (track `pathM`) whose device stood on `standing`: the
    /// fixes before `standing` stay track; the stop takes the loop drawn just before it
    /// (`takeLoopBefore`) and the stop before it at the same place (`mergeWithLastStop`), and
    /// goes to the output as its centre. Returns the index after the stop.
    mutating func collapse(run: Range<Int>, pathM: Double, standing: Range<Int>, _ frame: GnomonicFrame,
                           _ edits: inout [CleaningEdit]) -> Int {
        let (s, e) = (standing.lowerBound, standing.upperBound)
        for t in run.lowerBound..<s {
            outP.append(pts[t])
            outS.append(src[t])
        }
        var stop = Stop(start: run.lowerBound, end: run.upperBound, pathM: pathM, centre: pts[s], radiusM: 0, standingFixes: 0)
        if s > run.lowerBound || e < run.upperBound {
            stop.pathM = trackM(s..<e)
            stop.start = s
            stop.end = e
        }
        let centre = centreAndRadius(stop.start..<stop.end, frame)
        stop.radiusM = centre.radiusM
        stop.centre = frame.lonLat(x: centre.x, y: centre.y)
        stop.standingFixes = stop.end - stop.start
        takeLoopBefore(&stop, frame)
        mergeWithLastStop(&stop, &edits)
        append(stop, &edits)
        return stop.end
    }

    /// The loop the device drew just before the dwell, if any (`loopBeforeStop`), goes with the
    /// stop; a walk out to a tip and back to where the walker then stood stays track.
    mutating func takeLoopBefore(_ stop: inout Stop, _ frame: GnomonicFrame) {
        let i = stop.start
        let first = RouteCleaner.loopBeforeStop(endingAt: i, centre: stop.centre, pts, after: plainFrom, o)
        guard first < i, !RouteCleaner.walksOutAndBack(pts, first..<(i + 1), o, besideAStand: true, frame.project) else { return }
        outP.removeLast(i - first)
        outS.removeLast(i - first)
        stop.pathM += trackM(first..<(i + 1))
        stop.start = first
    }

    /// Two stops at one place with only the device's wandering between them (a stand found in
    /// two runs, a loop drawn between two dwells) are one stop: the last stop's point and edit
    /// go, and `stop` takes its fixes, with the centre weighted by their standing fixes.
    mutating func mergeWithLastStop(_ stop: inout Stop, _ edits: inout [CleaningEdit]) {
        let i = stop.start
        guard let (last, outCount) = lastStop, outP.count - outCount == i - last.end,
              shortDistanceM(last.centre, stop.centre) <= o.stopRadiusM,
              wandersAround(stop.centre, last.end..<i) else { return }
        outP.removeLast(i - last.end + 1)
        outS.removeLast(i - last.end + 1)
        edits.removeLast()
        let centre = stop.centre
        let w = Double(last.standingFixes) / Double(last.standingFixes + stop.standingFixes)
        let merged = LonLat(centre.lon + w * wrappedDeltaLonDeg(last.centre.lon, from: centre.lon), centre.lat + w * (last.centre.lat - centre.lat))
        stop.radiusM = max(stop.radiusM + shortDistanceM(centre, merged), last.radiusM + shortDistanceM(last.centre, merged))
        stop.centre = merged
        stop.standingFixes += last.standingFixes
        stop.pathM = trackM(last.start..<stop.end)
        stop.start = last.start
    }

    /// Adds the stop's centre to the output and its edit to `edits`: the length it takes off is
    /// the track into the cloud, through it and out, less the way in to the centre and out.
    mutating func append(_ stop: Stop, _ edits: inout [CleaningEdit]) {
        let (i, j, centre) = (stop.start, stop.end, stop.centre)
        var beforeM = stop.pathM, afterM = 0.0
        if i > 0 { beforeM += shortDistanceM(pts[i - 1], pts[i]); afterM += shortDistanceM(pts[i - 1], centre) }
        if j < pts.count { beforeM += shortDistanceM(pts[j - 1], pts[j]); afterM += shortDistanceM(centre, pts[j]) }
        edits.append(CleaningEdit(kind: .stop, firstIndex: src[i], lastIndex: src[j - 1], location: centre,
                                  sizeM: stop.radiusM, lengthRemovedM: beforeM - afterM))
        outP.append(centre)
        outS.append(src[i])
        lastStop = (stop, outP.count)
        plainFrom = j
    }
}
