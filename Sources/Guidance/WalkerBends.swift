import TrailpackCore

/// Changes of direction at the scale a walker feels, on a route's cleaned geometry.
///
/// The *bend over W metres* at a vertex is the signed deviation between the chord from the
/// point W metres back along the line to the vertex and the chord from the vertex to the point
/// W metres ahead (clipped at the route's ends). A turn is decided on the 50 m and 100 m bends,
/// never on single segments or 25 m chords alone, so GPS wander, stop clouds that survived
/// cleaning and runs of switchbacks (whose 100 m bend is small or changes side) give no cue.
public enum WalkerBends {
    /// Bends are measured on the path thinned to vertices at least this far apart, metres.
    public static let groundStepM = 5.0
    /// The chord on which a turn is measured and classed, metres.
    public static let walkWindowM = 50.0
    /// The longer chord that must agree on the side, metres.
    public static let wideWindowM = 100.0
    /// How far a turn's 100 m bend must clear the class "turn" (45 degrees, `Deviation`), degrees:
    /// GPS drift moves a recording's smoothed 100 m bend by about this much at nine places in ten,
    /// so a bend closer to 45 is a cue on one recording and none on the next. The same rule holds
    /// on a drawn line, so a route and a recording of it are told of the same turns.
    /// (docs/GUIDANCE-TUNING.md has the measurement.)
    public static let gpsMarginDeg = 10.0
    /// A turn's 50 m bend is at least this many degrees...
    public static let minTurnDeg = 45.0
    /// ...and its 100 m bend at least this many, on the same side: a turn that holds, not one of
    /// an S-bend's two halves, whose 100 m bend is small.
    public static let minWideDeg = 45.0 + gpsMarginDeg
    /// A corner whose 50 m bend is at least this many degrees is a turn to take however soon the
    /// next one comes (a staircase of streets, a Z of two hairpins): its 100 m bend need only be
    /// at least `cornerWideDeg` on the same side.
    public static let cornerDeg = 75.0
    public static let cornerWideDeg = 20.0
    /// One turn per this many metres either way: a turn is the largest 50 m bend within it.
    public static let peakRadiusM = 25.0
    /// Two turns on the same side this close along the route, with the 50 m bend never under
    /// 20° between them, are one curve and get one cue, metres.
    public static let oneCurveM = 60.0
    /// Candidates need at least this much route on each side, metres.
    public static let minSideM = 25.0
    /// Turns are judged on the bend line with each vertex moved to the mean of the vertices
    /// within this many metres along it (either way): one fix's GPS error (σ 3 to 8 m) moves a
    /// 50 m bend by 10 degrees or more, and the largest of a few such bends is biased toward a
    /// turn; the mean of the fixes around a corner keeps the corner and halves that error.
    public static let smoothingM = 15.0

    /// `line` with each vertex at the mean of the line's points at -`smoothingM`, -`smoothingM`/2,
    /// 0, +`smoothingM`/2 and +`smoothingM` metres along it from the vertex (clamped at the ends),
    /// and the same distances along (so indices and positions along keep their meaning). Samples
    /// by distance, not by vertex, so a sparse line and a dense recording of it are smoothed alike.
    static func smoothed(_ line: LineMeasure) -> LineMeasure {
        let n = line.coords.count
        guard n >= 3 else { return line }
        let offsetsM = [-smoothingM, -smoothingM / 2, 0, smoothingM / 2, smoothingM]
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

    /// The 50 m bend at every vertex with at least `minSideM` of route on each side (else nil).
    static func walkBends(on line: LineMeasure) -> [Double?] {
        walkBends(on: line, updating: [Double?](repeating: nil, count: line.coords.count), movedAt: nil)
    }

    /// `walkBends(on: line)` for a line whose bends were `kept` before the vertices `moved` (a
    /// mask; nil: all of them) were moved: a bend more than `walkWindowM` along from every moved
    /// vertex is taken from `kept`.
    static func walkBends(on line: LineMeasure, updating kept: [Double?], movedAt moved: [Bool]?) -> [Double?] {
        let n = line.coords.count
        var out = kept
        guard n >= 3 else { return out }
        // Distance along to the nearest moved vertex, both ways.
        var near = [Bool](repeating: moved == nil, count: n)
        if let moved {
            var lastM = -Double.infinity
            for k in 0..<n {
                if moved[k] { lastM = line.cumM[k] }
                near[k] = line.cumM[k] - lastM <= walkWindowM
            }
            var nextM = Double.infinity
            for k in stride(from: n - 1, through: 0, by: -1) {
                if moved[k] { nextM = line.cumM[k] }
                near[k] = near[k] || nextM - line.cumM[k] <= walkWindowM
            }
        }
        var back = 0, ahead = 0
        for k in 1..<(n - 1) where near[k] {
            let d = line.cumM[k]
            guard d >= minSideM, line.lengthM - d >= minSideM else { continue }
            out[k] = line.deviationDeg(at: k, windowM: walkWindowM, back: &back, ahead: &ahead)
        }
        return out
    }

    /// Turns (not reversals) in route order: vertices whose 50 m bend is at least `minTurnDeg`,
    /// the largest within `peakRadiusM`, whose 100 m bend is at least `minWideDeg` (a corner of
    /// `cornerDeg` or more: `cornerWideDeg`) on the same side (`holds`), each moved to the middle
    /// of its curve (`centred`); two of them on one curve within `oneCurveM` are one. With
    /// `unsmoothed` (the line `line` smooths), the bend there over 50 m must also be at least
    /// `Deviation.straightBelowDeg` on the same side: a cue never contradicts the line itself.
    /// A bend of `hairpinDeg` or more needs the way after on its side (`wayAfterIsRight`, on
    /// `unsmoothed` when given) instead of the 100 m bend's agreement.
    static func turns(on line: LineMeasure, walkBends: [Double?]? = nil, unsmoothed: LineMeasure? = nil) -> [Bend] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        let bends50 = walkBends ?? Self.walkBends(on: line)
        var dev = [Double?](repeating: nil, count: n)
        var wide = [Double](repeating: 0, count: n)
        for k in 1..<(n - 1) {
            guard let b50 = bends50[k], abs(b50) >= minTurnDeg,
                  let b100 = bendDeg(line, at: k, windowM: wideWindowM), holds(b50Deg: b50, b100Deg: b100) else { continue }
            if let raw = unsmoothed {
                guard let r50 = bendDeg(raw, at: k, windowM: walkWindowM), abs(r50) >= Deviation.straightBelowDeg,
                      (r50 > 0) == (b50 > 0) else { continue }
            }
            guard sidesAgree(b50Deg: b50, b100Deg: b100, at: k, on: unsmoothed ?? line) else { continue }
            dev[k] = b50
            wide[k] = b100
        }
        let centred = centred(Bend.peaks(dev, cumM: line.cumM, radiusM: peakRadiusM), turnDeg: dev, wideDeg: wide, cumM: line.cumM)
        return oneCurveOneCue(centred, line: line, walkBends: bends50)
    }

    /// A turn's place is the centre of its curve: around its 50 m peak, the vertices whose 50 m
    /// bend is within this many degrees of the peak's (within the error of a recording's smoothed
    /// 50 m bend, so GPS error could have put the peak anywhere on them)...
    public static let plateauDeg = 5.0
    /// ...up to this far along either way (metres), give it to the one with the largest 100 m bend.
    public static let plateauReachM = oneCurveM

    /// `peaks` (in route order), each moved to the centre of its curve: the vertex, among those
    /// around it that are turns (`turnDeg` not nil) on its side within `plateauDeg` of its 50 m
    /// bend and `plateauReachM` along, with the largest 100 m bend (`wideDeg`); the peak itself
    /// among equal ones. A broad curve's 50 m bend is nearly level over 50 m or more and GPS error picks
    /// its peak anywhere there; its 100 m bend peaks at its middle. Each keeps its 50 m bend (its
    /// `dir`); two that land on the same vertex, or out of order, are one (the larger).
    static func centred(_ peaks: [Bend], turnDeg: [Double?], wideDeg: [Double], cumM: [Double]) -> [Bend] {
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
    static func holds(b50Deg: Double, b100Deg: Double) -> Bool {
        abs(b100Deg) >= (abs(b50Deg) >= cornerDeg ? cornerWideDeg : minWideDeg)
    }

    /// Whether a turn's side is settled at vertex `k` of `line` (its unsmoothed line): its 50 m
    /// bend (`b50Deg`) and its 100 m bend (`b100Deg`) turn the same way, or, turning back (a 50 m
    /// bend of `hairpinDeg` or more, whose sign flips with a metre of GPS error), the way after
    /// lies on the side of the 50 m bend (`wayAfterIsRight`).
    static func sidesAgree(b50Deg: Double, b100Deg: Double, at k: Int, on line: LineMeasure) -> Bool {
        abs(b50Deg) >= hairpinDeg ? wayAfterIsRight(line, at: k) == (b50Deg > 0) : (b50Deg > 0) == (b100Deg > 0)
    }

    /// A turn whose 50 m bend is at least this many degrees turns back on itself (a hairpin): the
    /// sign of a bend near 180 degrees flips with a metre of GPS error (a right-hand hairpin can
    /// read as a sharp left), so it is a cue only where the side of the way in on which the way
    /// after lies agrees with that sign (the 100 m bend's sign, as unsettled, is not asked).
    public static let hairpinDeg = 150.0
    /// ...judged on the points this far back and ahead along the route, metres...
    public static let hairpinReachM = 25.0
    /// ...which must lie at least this far to one side of the way in, metres (else no side): a
    /// recording's white jitter (up to 1.5 m a fix) moves that offset, read from three fixes, by
    /// about 2 m, so this leaves twice that.
    public static let hairpinMinOffsetM = 4.0

    /// True when the point `hairpinReachM` ahead of vertex `k` lies right of the way in (the chord
    /// from the point `hairpinReachM` back to the vertex), false when left, nil when within
    /// `hairpinMinOffsetM` of the way in's line or the way in has no length.
    static func wayAfterIsRight(_ line: LineMeasure, at k: Int) -> Bool? {
        let d = line.cumM[k]
        var metric = NearMetric()
        let back = line.point(atM: d - hairpinReachM)
        let wayIn = metric.vectorM(back, line.coords[k])
        let toAfter = metric.vectorM(back, line.point(atM: d + hairpinReachM))
        let lengthM = (wayIn.x * wayIn.x + wayIn.y * wayIn.y).squareRoot()
        guard lengthM > 0 else { return nil }
        // Positive: the way after lies left of the way in (east and north components).
        let leftM = (wayIn.x * toAfter.y - wayIn.y * toAfter.x) / lengthM
        guard abs(leftM) >= hairpinMinOffsetM else { return nil }
        return leftM < 0
    }

    /// `peaks` (in route order) with every two on the same side at most `oneCurveM` apart, whose
    /// 50 m bend (`walkBends`) stays at least `Deviation.straightBelowDeg` that way all along
    /// between them, made one: the larger.
    static func oneCurveOneCue(_ peaks: [Bend], line: LineMeasure, walkBends: [Double?]) -> [Bend] {
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
