import TrailpackCore

extension RouteCleaner {
    /// A spike needs a kept fix on each side: a line of fewer points has none.
    private static let minSpikeLinePoints = 3
    /// A first or last fix is judged as a spike only on a line of at least this many points (one
    /// past the spike to measure the track's typical step on).
    private static let minEndSpikeLinePoints = 4

    /// One pass over the line: removes the spikes (`Options.spikeMinLegM` and after), first at
    /// the ends, then inside; returns the number of points removed.
    static func removeSpikes(_ pts: inout [LonLat], _ src: inout [Int], _ o: Options, _ edits: inout [CleaningEdit]) -> Int {
        guard pts.count >= minSpikeLinePoints else { return 0 }
        var scan = SpikeScan(pts: pts, src: src, o: o)
        if pts.count >= minEndSpikeLinePoints { scan.markEndSpikes(&edits) }
        scan.markInnerSpikes(&edits)
        return keepOnly(scan.keep, &pts, &src)
    }

    /// Keeps the points of `pts` (and their `src` indices) whose `keep` is true; returns how
    /// many went.
    static func keepOnly(_ keep: [Bool], _ pts: inout [LonLat], _ src: inout [Int]) -> Int {
        var outP: [LonLat] = [], outS: [Int] = []
        outP.reserveCapacity(pts.count)
        outS.reserveCapacity(pts.count)
        var removed = 0
        for k in 0..<pts.count {
            if keep[k] { outP.append(pts[k]); outS.append(src[k]) } else { removed += 1 }
        }
        pts = outP
        src = outS
        return removed
    }
}

/// One spike pass over a line: its steps, and which fixes it keeps.
struct SpikeScan {
    let pts: [LonLat]
    let src: [Int]
    let o: RouteCleaner.Options
    /// `steps[k]`: metres from fix k to fix k + 1.
    var steps: [Double]
    var metric = NearMetric()
    var keep: [Bool]

    init(pts: [LonLat], src: [Int], o: RouteCleaner.Options) {
        self.pts = pts
        self.src = src
        self.o = o
        let n = pts.count
        steps = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) { steps[k] = metric.distanceM(pts[k], pts[k + 1]) }
        keep = [Bool](repeating: true, count: n)
    }

    /// Median of the (up to) `spikeStepWindow` steps before step `before` and as many from step
    /// `after` on, metres (0 when there are none).
    func typicalStepM(before: Int, after: Int) -> Double {
        var w: [Double] = []
        var k = before - 1
        while k >= 0, k >= before - o.spikeStepWindow { w.append(steps[k]); k -= 1 }
        k = after
        while k < steps.count, k < after + o.spikeStepWindow { w.append(steps[k]); k += 1 }
        guard !w.isEmpty else { return 0 }
        w.sort()
        return w[w.count / 2]
    }

    /// True when the track comes back to the end fix `end` after one to `spikeMaxFixes` fixes
    /// (walking inward by `step`, +1 or -1) on legs a spike's are (both `spikeMinLegM` or more,
    /// ending as close as a spike's neighbours): then those fixes are the spike, not the end fix.
    mutating func returns(toEnd end: Int, step: Int) -> Bool {
        let n = pts.count
        return (1...o.spikeMaxFixes).contains { len in
            let back = end + step * (len + 1)
            guard back >= 0, back < n else { return false }
            let out = steps[step > 0 ? end : end - 1], home = steps[step > 0 ? back - 1 : back]
            return min(out, home) >= o.spikeMinLegM && metric.distanceM(pts[end], pts[back]) <= o.spikeBaseRatio * (out + home) / 2
        }
    }

    /// Drops the first and the last fix when far from the rest of the track (a cold start, a last
    /// bad fix): a first step of at least twice `spikeMinLegM` and twice a spike's step factor,
    /// unless the track returns to the fix (`returns`).
    mutating func markEndSpikes(_ edits: inout [CleaningEdit]) {
        let n = pts.count
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

    /// Marks the spikes inside the line, from its start: at each fix the shortest spike starting
    /// there (`spike(at:)`), the scan going on after it.
    mutating func markInnerSpikes(_ edits: inout [CleaningEdit]) {
        let n = pts.count
        var k = 1
        while k < n - 1 {
            guard let (len, edit) = spike(at: k) else {
                k += 1
                continue
            }
            edits.append(edit)
            for b in k..<(k + len) { keep[b] = false }
            k += len + 1
        }
    }

    /// The spike of one to `spikeMaxFixes` fixes starting at fix `k`, the shortest first: both
    /// legs at least `spikeMinLegM` and `spikeStepFactor` times the typical step, its neighbours
    /// within `spikeBaseRatio` of the mean leg, and every fix of it at least `spikeMinLegM` off
    /// the segment joining its neighbours; with its edit.
    mutating func spike(at k: Int) -> (len: Int, edit: CleaningEdit)? {
        let n = pts.count
        for len in 1...o.spikeMaxFixes where k + len < n && keep[k - 1] && keep[k + len] {
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
            return (len, CleaningEdit(kind: .spike, firstIndex: src[k], lastIndex: src[k + len - 1], location: pts[farthest],
                                      sizeM: farthestM, lengthRemovedM: pathM - shortDistanceM(a, c)))
        }
        return nil
    }
}
