import TrailpackCore

/// Changes of direction at the scale a walker feels, on a route's cleaned geometry.
///
/// The *bend over W metres* at a vertex is the signed deviation between the chord from the
/// point W metres back along the line to the vertex and the chord from the vertex to the point
/// W metres ahead (clipped at the route's ends). A turn is decided on the 50 m and 100 m bends,
/// never on single segments or 25 m chords alone, so GPS wander, stop clouds that survived
/// cleaning and runs of switchbacks (whose 100 m bend is small or changes side) give no cue.
public enum WalkerBends {
    /// `line` with each vertex at the mean of the line's points at -s, -s/2, 0, +s/2 and +s
    /// metres along it from the vertex (s: `tuning.bends.smoothingM`; clamped at the ends), and
    /// the same distances along (so indices and positions along keep their meaning). Samples by
    /// distance, not by vertex, so a sparse line and a dense recording of it are smoothed alike.
    static func smoothed(_ line: LineMeasure, tuning: GuidanceTuning) -> LineMeasure {
        let n = line.coords.count
        guard n >= Bend.minVertices else { return line }
        let s = tuning.bends.smoothingM
        let offsetsM = [-s, -s / 2, 0, s / 2, s]
        var cursors = [Int](repeating: 0, count: offsetsM.count)
        var out = line.coords
        for k in 0..<n {
            let c = line.coords[k]
            var dLon = 0.0, dLat = 0.0
            for (s, o) in offsetsM.enumerated() {
                let p = o == 0 ? c : line.point(atM: line.cumM[k] + o, from: &cursors[s])
                dLon += wrappedDeltaLonDeg(p.lon, from: c.lon)
                dLat += p.lat - c.lat
            }
            let m = Double(offsetsM.count)
            out[k] = LonLat(c.lon + dLon / m, c.lat + dLat / m)
        }
        return LineMeasure(coords: out, cumM: line.cumM)
    }

    /// Signed bend in degrees at vertex `k` over `windowM` metres (chords clipped at the ends), nil
    /// where a chord has no length.
    static func bendDeg(_ line: LineMeasure, at k: Int, windowM: Double) -> Double? {
        line.deviationDeg(at: k, windowM: windowM)
    }

    /// The 50 m bend (`walkWindowM`) at every vertex with at least `minSideM` of route on each
    /// side (else nil).
    static func walkBends(on line: LineMeasure, tuning: GuidanceTuning) -> [Double?] {
        walkBends(on: line, updating: [Double?](repeating: nil, count: line.coords.count), movedAt: nil, tuning: tuning)
    }

    /// `walkBends(on: line)` for a line whose bends were `kept` before the vertices `moved` (a
    /// mask; nil: all of them) were moved: a bend more than `walkWindowM` along from every moved
    /// vertex is taken from `kept`.
    static func walkBends(on line: LineMeasure, updating kept: [Double?], movedAt moved: [Bool]?,
                          tuning: GuidanceTuning) -> [Double?] {
        let n = line.coords.count
        var out = kept
        guard n >= Bend.minVertices else { return out }
        let windowM = tuning.bends.walkWindowM, sideM = tuning.bends.minSideM
        let near = moved.map { nearMoved($0, on: line, withinM: windowM) } ?? [Bool](repeating: true, count: n)
        var back = 0, ahead = 0
        for k in 1..<(n - 1) where near[k] {
            let d = line.cumM[k]
            guard d >= sideM, line.lengthM - d >= sideM else { continue }
            out[k] = line.deviationDeg(at: k, windowM: windowM, back: &back, ahead: &ahead)
        }
        return out
    }

    /// For each vertex of `line`, whether a vertex marked in `moved` lies within `withinM`
    /// metres along it, either way.
    static func nearMoved(_ moved: [Bool], on line: LineMeasure, withinM: Double) -> [Bool] {
        let n = line.coords.count
        var near = [Bool](repeating: false, count: n)
        var lastM = -Double.infinity
        for k in 0..<n {
            if moved[k] { lastM = line.cumM[k] }
            near[k] = line.cumM[k] - lastM <= withinM
        }
        var nextM = Double.infinity
        for k in stride(from: n - 1, through: 0, by: -1) {
            if moved[k] { nextM = line.cumM[k] }
            near[k] = near[k] || nextM - line.cumM[k] <= withinM
        }
        return near
    }

    /// Turns (not reversals) in route order: vertices whose 50 m bend is at least `minTurnDeg`,
    /// the largest within `peakRadiusM`, whose 100 m bend is at least `minWideDeg` (a corner of
    /// `cornerDeg` or more: `cornerWideDeg`) on the same side (`holds`), each moved to the middle
    /// of its curve (`centred`); two of them on one curve within `oneCurveM` are one. With
    /// `unsmoothed` (the line `line` smooths), the bend there over 50 m must also be at least
    /// `Deviation.straightBelowDeg` on the same side: a cue never contradicts the line itself.
    /// A bend of `hairpinDeg` or more needs the way after on its side (`wayAfterIsRight`, on
    /// `unsmoothed` when given) instead of the 100 m bend's agreement. (Thresholds: `tuning.bends`.)
    static func turns(on line: LineMeasure, walkBends: [Double?]? = nil, unsmoothed: LineMeasure? = nil,
                      tuning: GuidanceTuning) -> [Bend] {
        let n = line.coords.count
        guard n >= Bend.minVertices else { return [] }
        let t = tuning.bends
        let bends50 = walkBends ?? Self.walkBends(on: line, tuning: tuning)
        var dev = [Double?](repeating: nil, count: n)
        var wide = [Double](repeating: 0, count: n)
        for k in 1..<(n - 1) {
            guard let b50 = bends50[k], abs(b50) >= t.minTurnDeg,
                  let b100 = bendDeg(line, at: k, windowM: t.wideWindowM), holds(b50Deg: b50, b100Deg: b100, tuning: tuning) else { continue }
            if let raw = unsmoothed {
                guard let r50 = bendDeg(raw, at: k, windowM: t.walkWindowM), abs(r50) >= Deviation.straightBelowDeg,
                      (r50 > 0) == (b50 > 0) else { continue }
            }
            guard sidesAgree(b50Deg: b50, b100Deg: b100, at: k, on: unsmoothed ?? line, tuning: tuning) else { continue }
            dev[k] = b50
            wide[k] = b100
        }
        let peaks = Bend.peaks(dev, cumM: line.cumM, radiusM: t.peakRadiusM)
        let centred = centred(peaks, turnDeg: dev, wideDeg: wide, cumM: line.cumM, tuning: tuning)
        return oneCurveOneCue(centred, line: line, walkBends: bends50, tuning: tuning)
    }

    /// `peaks` (in route order), each moved to the centre of its curve: the vertex, among those
    /// around it that are turns (`turnDeg` not nil) on its side within `plateauDeg` of its 50 m
    /// bend and `plateauReachM` along, with the largest 100 m bend (`wideDeg`); the peak itself
    /// among equal ones. A broad curve's 50 m bend is nearly level over 50 m or more and GPS error picks
    /// its peak anywhere there; its 100 m bend peaks at its middle. Each keeps its 50 m bend (its
    /// `dir`); two that land on the same vertex, or out of order, are one (the larger).
    static func centred(_ peaks: [Bend], turnDeg: [Double?], wideDeg: [Double], cumM: [Double],
                        tuning: GuidanceTuning) -> [Bend] {
        let plateauDeg = tuning.bends.plateauDeg, plateauReachM = tuning.bends.plateauReachM
        var out: [Bend] = []
        for peak in peaks {
            let right = peak.deviationDeg > 0
            let floorDeg = abs(peak.deviationDeg) - plateauDeg
            func onPlateau(_ k: Int) -> Bool {
                guard k >= 0, k < turnDeg.count, abs(cumM[k] - cumM[peak.pathIndex]) <= plateauReachM, let d = turnDeg[k] else { return false }
                return (d > 0) == right && abs(d) >= floorDeg
            }
            var lo = peak.pathIndex, hi = peak.pathIndex
            while onPlateau(lo - 1) { lo -= 1 }
            while onPlateau(hi + 1) { hi += 1 }
            var centre = peak.pathIndex
            for k in lo...hi where abs(wideDeg[k]) > abs(wideDeg[centre]) { centre = k }
            let moved = Bend(pathIndex: centre, deviationDeg: peak.deviationDeg)
            if let last = out.last, last.pathIndex >= centre {
                if abs(moved.deviationDeg) > abs(last.deviationDeg) { out[out.count - 1] = moved }
            } else {
                out.append(moved)
            }
        }
        return out
    }

    /// Whether a 50 m bend of at least `minTurnDeg` (`b50Deg`) holds over 100 m: its 100 m bend
    /// (`b100Deg`, the magnitudes are compared) is at least `minWideDeg`, or, at a corner of
    /// `cornerDeg` or more, `cornerWideDeg`.
    static func holds(b50Deg: Double, b100Deg: Double, tuning: GuidanceTuning) -> Bool {
        let t = tuning.bends
        return abs(b100Deg) >= (abs(b50Deg) >= t.cornerDeg ? t.cornerWideDeg : t.minWideDeg)
    }

    /// Whether a turn's side is settled at vertex `k` of `line` (its unsmoothed line): its 50 m
    /// bend (`b50Deg`) and its 100 m bend (`b100Deg`) turn the same way, or, turning back (a 50 m
    /// bend of `hairpinDeg` or more, whose sign flips with a metre of GPS error), the way after
    /// lies on the side of the 50 m bend (`wayAfterIsRight`). A 100 m bend of `hairpinDeg` or
    /// more turned back within 100 m: its sign is no side, and the 50 m bend's stands.
    static func sidesAgree(b50Deg: Double, b100Deg: Double, at k: Int, on line: LineMeasure,
                           tuning: GuidanceTuning) -> Bool {
        if abs(b50Deg) >= tuning.bends.hairpinDeg { return wayAfterIsRight(line, at: k, tuning: tuning) == (b50Deg > 0) }
        return abs(b100Deg) >= tuning.bends.hairpinDeg || (b50Deg > 0) == (b100Deg > 0)
    }

    /// True when the point `hairpinReachM` ahead of vertex `k` lies right of the way in (the chord
    /// from the point `hairpinReachM` back to the vertex), false when left, nil when within
    /// `hairpinMinOffsetM` of the way in's line or the way in has no length.
    static func wayAfterIsRight(_ line: LineMeasure, at k: Int, tuning: GuidanceTuning) -> Bool? {
        let d = line.cumM[k], reachM = tuning.bends.hairpinReachM
        var metric = NearMetric()
        let back = line.point(atM: d - reachM)
        let wayIn = metric.vectorM(back, line.coords[k])
        let toAfter = metric.vectorM(back, line.point(atM: d + reachM))
        let lengthM = (wayIn.x * wayIn.x + wayIn.y * wayIn.y).squareRoot()
        guard lengthM > 0 else { return nil }
        // Positive: the way after lies left of the way in (east and north components).
        let leftM = (wayIn.x * toAfter.y - wayIn.y * toAfter.x) / lengthM
        guard abs(leftM) >= tuning.bends.hairpinMinOffsetM else { return nil }
        return leftM < 0
    }

    /// `peaks` (in route order) with every two on the same side at most `oneCurveM` apart, whose
    /// 50 m bend (`walkBends`) stays at least `Deviation.straightBelowDeg` that way all along
    /// between them, made one: the larger.
    static func oneCurveOneCue(_ peaks: [Bend], line: LineMeasure, walkBends: [Double?],
                               tuning: GuidanceTuning) -> [Bend] {
        let oneCurveM = tuning.bends.oneCurveM
        var out: [Bend] = []
        for b in peaks {
            let right = b.deviationDeg > 0
            if let last = out.last, (last.deviationDeg > 0) == right,
               line.cumM[b.pathIndex] - line.cumM[last.pathIndex] <= oneCurveM,
               (last.pathIndex...b.pathIndex).allSatisfy({ k in
                   walkBends[k].map { ($0 > 0) == right && abs($0) >= Deviation.straightBelowDeg } ?? false
               }) {
                if abs(b.deviationDeg) > abs(last.deviationDeg) { out[out.count - 1] = b }
            } else {
                out.append(b)
            }
        }
        return out
    }
}
