import TrailpackCore

/// A place where the route turns back on itself: the way after it retraces the way before it.
public struct Reversal: Equatable, Sendable {
    /// Index into the path's coords of the tip.
    public var pathIndex: Int
    /// Signed deviation at the tip on 25 m chords, degrees (positive right).
    public var deviationDeg: Double
}

/// Changes of direction at the scale a walker feels, on a route's cleaned geometry.
///
/// The *bend over W metres* at a vertex is the signed deviation between the chord from the
/// point W metres back along the line to the vertex and the chord from the vertex to the point
/// W metres ahead (clipped at the route's ends). A turn is decided on the 50 m and 100 m bends,
/// never on single segments or 25 m chords alone, so GPS wander, stop clouds that survived
/// cleaning and runs of switchbacks (whose 100 m bend is small or changes side) give no cue.
public enum WalkerBends {
    /// The standard tuning's thresholds (`GuidanceTuning.Bends` documents each), for callers
    /// not given a `GuidanceTuning`.
    public static var groundStepM: Double { GuidanceTuning.standard.bends.groundStepM }
    public static var walkWindowM: Double { GuidanceTuning.standard.bends.walkWindowM }
    public static var wideWindowM: Double { GuidanceTuning.standard.bends.wideWindowM }
    public static var minTurnDeg: Double { GuidanceTuning.standard.bends.minTurnDeg }
    static var minSideM: Double { GuidanceTuning.standard.bends.minSideM }

    /// Vertices whose given 50 m bend (of the smoothed line) reaches this are tried as reversals.
    static let reversalCandidateDeg = 120.0
    /// A reversal bends at least this many degrees over 50 m...
    public static let reversalMinDeg = 150.0
    /// ...and at least this many over 100 m (a way back offset by up to 36 m of GPS drift still
    /// bends more; a hairpin's straight legs spread and bend less), or (a short spur) the points
    /// 25 m before and after the tip lie within `reversalGap25M` and the points 50 m away
    /// within `reversalGap50M`.
    public static let reversalWideMinDeg = 160.0
    public static let reversalGap25M = 15.0
    public static let reversalGap50M = 20.0
    /// A recording whose 50 m bend is at least this many degrees (smoothed and not), with at least
    /// `longWayBackRoomM` of route on each side, reverses where its way back runs beside the way
    /// in for 300 m (`Retrace.walksBackFar`) whatever its other bends: fixes dropped at the tip cut
    /// its corner.
    public static let longWayBackMinDeg = 110.0
    public static let longWayBackRoomM = 150.0
    /// A route that comes back exactly on itself (within this, metres) reverses whatever the room.
    public static let exactGapM = 2.0
    /// A reversal's tip is judged by how far the route is from it this far back and ahead, metres.
    public static let tipReachM = 50.0
    /// Reversals closer than this along the route are one (the one farthest out wins), metres.
    public static let reversalSpacingM = 60.0

    /// `line` with each vertex at the mean of the line's points at -s, -s/2, 0, +s/2 and +s
    /// metres along it from the vertex (s: `tuning.bends.smoothingM`; clamped at the ends), and
    /// the same distances along (so indices and positions along keep their meaning). Samples by
    /// distance, not by vertex, so a sparse line and a dense recording of it are smoothed alike.
    static func smoothed(_ line: LineMeasure, tuning: GuidanceTuning = .standard) -> LineMeasure {
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
    static func walkBends(on line: LineMeasure, tuning: GuidanceTuning = .standard) -> [Double?] {
        walkBends(on: line, updating: [Double?](repeating: nil, count: line.coords.count), movedAt: nil, tuning: tuning)
    }

    /// `walkBends(on: line)` for a line whose bends were `kept` before the vertices `moved` (a
    /// mask; nil: all of them) were moved: a bend more than `walkWindowM` along from every moved
    /// vertex is taken from `kept`.
    static func walkBends(on line: LineMeasure, updating kept: [Double?], movedAt moved: [Bool]?,
                          tuning: GuidanceTuning = .standard) -> [Double?] {
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
                      tuning: GuidanceTuning = .standard) -> [Bend] {
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
                        tuning: GuidanceTuning = .standard) -> [Bend] {
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
    static func holds(b50Deg: Double, b100Deg: Double, tuning: GuidanceTuning = .standard) -> Bool {
        let t = tuning.bends
        return abs(b100Deg) >= (abs(b50Deg) >= t.cornerDeg ? t.cornerWideDeg : t.minWideDeg)
    }

    /// Whether a turn's side is settled at vertex `k` of `line` (its unsmoothed line): its 50 m
    /// bend (`b50Deg`) and its 100 m bend (`b100Deg`) turn the same way, or, turning back (a 50 m
    /// bend of `hairpinDeg` or more, whose sign flips with a metre of GPS error), the way after
    /// lies on the side of the 50 m bend (`wayAfterIsRight`).
    static func sidesAgree(b50Deg: Double, b100Deg: Double, at k: Int, on line: LineMeasure,
                           tuning: GuidanceTuning = .standard) -> Bool {
        abs(b50Deg) >= tuning.bends.hairpinDeg
            ? wayAfterIsRight(line, at: k, tuning: tuning) == (b50Deg > 0) : (b50Deg > 0) == (b100Deg > 0)
    }

    /// True when the point `hairpinReachM` ahead of vertex `k` lies right of the way in (the chord
    /// from the point `hairpinReachM` back to the vertex), false when left, nil when within
    /// `hairpinMinOffsetM` of the way in's line or the way in has no length.
    static func wayAfterIsRight(_ line: LineMeasure, at k: Int, tuning: GuidanceTuning = .standard) -> Bool? {
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
                               tuning: GuidanceTuning = .standard) -> [Bend] {
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

    /// Reversals in route order: vertices with at least 25 m of route on each side where the
    /// route comes back exactly on itself (the points 25 m and 50 m away on both sides within
    /// `exactGapM`: a route over the network), or where its 50 m bend is at least
    /// `reversalMinDeg` and either its 100 m bend is at least `reversalWideMinDeg` (the way back
    /// runs beside the way out for 100 m, even offset by GPS drift) or the points 25 m and 50 m away lie within
    /// `reversalGap25M` and `reversalGap50M` (a short spur walked out and back), and the way back
    /// walks back along the way in (`Retrace.retraces`; on a `drawn` line, within a few metres). A hairpin whose legs spread apart, or
    /// whose next leg heads on the way it came, is not a reversal. On a recording, a vertex whose
    /// 50 m bend is at least `longWayBackMinDeg`, with `longWayBackRoomM` of route each side, whose
    /// way back runs beside the way in for 300 m (`Retrace.walksBackFar`) reverses too. Among
    /// reversals within `reversalSpacingM` the tip is the one farthest out: the largest summed
    /// distance to the points `tipReachM` back and ahead.
    static func reversals(on line: LineMeasure, walkBends: [Double?]? = nil, drawn: Bool = false) -> [Reversal] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        let bends50 = walkBends ?? Self.walkBends(on: line)
        var score = [Double?](repeating: nil, count: n)
        for k in 1..<(n - 1) {
            let d = line.cumM[k]
            let room = min(d, line.lengthM - d)
            // `walkBends` (perhaps of the smoothed line) only picks the candidates.
            guard room >= minSideM, let candidate = bends50[k], abs(candidate) >= longWayBackMinDeg,
                  let signed50 = bendDeg(line, at: k, windowM: walkWindowM), abs(signed50) >= longWayBackMinDeg else { continue }
            let b50 = abs(signed50)
            func gap(_ x: Double) -> Double { shortDistanceM(line.point(atM: d - x), line.point(atM: d + x)) }
            let g25 = gap(25), g50 = gap(min(room, 50))
            let b100 = abs(bendDeg(line, at: k, windowM: wideWindowM) ?? 0)
            // An exact retrace bends 180 degrees over 50 m too: nothing under `reversalMinDeg` reverses.
            let turnsBack = abs(candidate) >= reversalCandidateDeg && b50 >= reversalMinDeg
            let exact = turnsBack && g25 <= exactGapM && g50 <= exactGapM
            let reverses = turnsBack && (b100 >= reversalWideMinDeg || (g25 <= reversalGap25M && g50 <= reversalGap50M))
                // Not exact: the way back must walk back along the way in, not away beside it (a hairpin).
                && Retrace.retraces(line, at: k, drawn: drawn)
            // Fixes dropped at the tip of a recorded out-and-back leave a corner of 110° or more;
            // the way back beside the way in for the next 300 m still shows the reversal.
            guard exact || reverses || (!drawn && room >= longWayBackRoomM && Retrace.walksBackFar(line, at: k)) else { continue }
            // The tip is where the route gets farthest out: the points `tipReachM` back and ahead
            // lie farthest from it (on a spur walked out and back, the last vertex before the way
            // back; not a vertex on the way in whose 50 m bends GPS error happens to make larger).
            let reach = min(tipReachM, room)
            score[k] = shortDistanceM(line.point(atM: d - reach), line.coords[k]) + shortDistanceM(line.coords[k], line.point(atM: d + reach))
        }
        var out: [Reversal] = []
        for k in 1..<(n - 1) {
            guard let sk = score[k] else { continue }
            var isBest = true
            var j = k - 1
            while isBest, j >= 0, line.cumM[k] - line.cumM[j] <= reversalSpacingM {
                if let sj = score[j], sj >= sk { isBest = false }
                j -= 1
            }
            j = k + 1
            while isBest, j < n, line.cumM[j] - line.cumM[k] <= reversalSpacingM {
                if let sj = score[j], sj > sk { isBest = false }
                j += 1
            }
            guard isBest else { continue }
            let dev = line.deviationDeg(at: k, windowM: 25) ?? 180
            out.append(Reversal(pathIndex: k, deviationDeg: dev))
        }
        return out
    }
}
