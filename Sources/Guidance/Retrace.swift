import TrailpackCore

/// Whether the way after a sharp reversal of direction walks back along the way before it (an
/// out-and-back), rather than away beside it (a switchback's or a road's hairpin, whose legs
/// may run 5 to 15 m apart for the first 50 m and bend 160 degrees over 100 m).
///
/// The way back is measured at every 10 m after the tip, up to the route's room on either side:
/// the distance from the point `x` metres after the tip to the way in (the route from
/// `x + alongSlackM` metres before the tip to the tip, so a stop collapsed or GPS drift along the
/// route does not move the point it should meet). A reversal retraces when either:
/// - every such point up to `nearM` (100 m) lies within `nearWithinM` (12 m) of the way in: a spur
///   walked out and back, recorded within a minute or two; or
/// - at least `farShare` (90 %) of the points up to `farM` (300 m) lie within `farWithinM` (30 m)
///   of the way in: the way back of a long out-and-back, offset by the GPS drift that built up in
///   between (σ up to 8 m per axis on each pass, and more after a stop at the tip), with room for
///   a run of dropped fixes cutting a corner on one of the passes; or
/// - the points up to at least `spurMinM` (30 m) lie within `spurWithinM` (6 m) of the way in and
///   the next `spurLeaveM` (20 m) leave it (farther than 12 m, or heading along it): a spur
///   shorter than 100 m walked out and back, whose way back then goes on along the trail at the
///   junction, not back the way it came.
///
/// On a drawn line (`drawn`: routed over the network or planned) there is no GPS error to allow
/// for: every point up to `nearM` must lie within `drawnWithinM` (5 m) of the way in, and the
/// far and spur rules do not apply, so a planned road's hairpin whose legs run a few metres
/// more than that apart stays a hairpin.
///
/// A hairpin's legs spread apart beyond `nearWithinM` and `farWithinM` away from the tip
/// (docs/GUIDANCE.md, *U-turns at reversals*; the recorded switchbacks this was checked on are in
/// docs/GUIDANCE-TUNING.md).
public enum Retrace {
    /// The way back is measured every this many metres after the tip.
    public static let stepM = 10.0
    /// A spur walked out and back: every point up to this far after the tip, metres...
    public static let nearM = 100.0
    /// ...lies within this of the way in, metres.
    public static let nearWithinM = 12.0
    /// ...or this on a drawn line, metres.
    public static let drawnWithinM = 5.0
    /// A long out-and-back: `farShare` of the points up to this far after the tip, metres...
    public static let farM = 300.0
    /// ...lie within this of the way in, metres.
    public static let farWithinM = 30.0
    public static let farShare = 0.9
    /// A short spur walked out and back: the way back lies within `spurWithinM` of the way in
    /// for at least `spurMinM` after the tip, metres...
    public static let spurMinM = 30.0
    public static let spurWithinM = 6.0
    /// ...and then, at the junction, leaves it: the next `spurLeaveM` of the way back lies
    /// farther than `nearWithinM` from the way in or heads along it, metres.
    public static let spurLeaveM = 20.0
    /// The way in for the point `x` metres after the tip starts `x` plus this many metres before it.
    public static let alongSlackM = 60.0
    /// Directions on the way in and the way back are chords this many metres either side, metres.
    public static let tangentM = 10.0

    /// True when the route walks back along itself after vertex `k` of `line` (see the type).
    static func retraces(_ line: LineMeasure, at k: Int, drawn: Bool = false) -> Bool {
        let r = measure(line, at: k, drawn: drawn)
        return r.near || (!drawn && (r.far || r.spur))
    }

    /// True when the far rule alone holds after vertex `k` (a long way back beside the way in).
    static func walksBackFar(_ line: LineMeasure, at k: Int) -> Bool {
        measure(line, at: k, drawn: false).far
    }

    /// Whether the near rule, the far rule and the spur rule hold after vertex `k` (see the type).
    private static func measure(_ line: LineMeasure, at k: Int, drawn: Bool) -> (near: Bool, far: Bool, spur: Bool) {
        let d = line.cumM[k]
        let roomM = min(d, line.lengthM - d)
        var metric = NearMetric()
        var nearHolds = true, farWithin = 0, farCount = 0
        // The way back's distance from the way in every `stepM` up to `nearM` (infinite where it
        // heads along it).
        var nearGapsM: [Double] = []
        // Past `nearM` only the far rule is open: once it has failed, the rest cannot save it.
        let steps = Int((min(roomM, farM) / stepM).rounded(.down))
        let farMissesAllowed = Double(steps) * (1 - farShare)
        var x = stepM
        while x <= min(roomM, farM), x <= nearM || Double(farCount - farWithin) <= farMissesAllowed {
            let p = line.point(atM: d + x)
            let nearest = line.nearest(to: p, alongFromM: d - x - alongSlackM, toM: d)
            // Beside the way in but heading the same way (the leg after the next hairpin of a
            // zigzag) is not walking back.
            let wayIn = line.chordVectorM(atM: nearest.alongM, halfChordM: tangentM, metric: &metric)
            let wayBack = line.chordVectorM(atM: d + x, halfChordM: tangentM, metric: &metric)
            let back = wayIn.x * wayBack.x + wayIn.y * wayBack.y < 0
            let gapM = back ? nearest.distanceM : .infinity
            if x <= nearM {
                if gapM > (drawn ? drawnWithinM : nearWithinM) { nearHolds = false }
                nearGapsM.append(gapM)
            }
            farCount += 1
            if gapM <= farWithinM { farWithin += 1 }
            x += stepM
        }
        guard farCount > 0 else { return (false, false, false) }
        // The spur: close all along, then gone.
        let closeSteps = nearGapsM.prefix { $0 <= spurWithinM }.count
        let leaveSteps = Int((spurLeaveM / stepM).rounded())
        let spur = Double(closeSteps) * stepM >= spurMinM && closeSteps + leaveSteps <= nearGapsM.count
            && nearGapsM[closeSteps..<(closeSteps + leaveSteps)].allSatisfy { $0 > nearWithinM }
        return (nearHolds, Double(farWithin) >= farShare * Double(steps), spur)
    }
}

extension LineMeasure {
    /// The point of the stretch of the line from `fromM` to `toM` metres along (clamped to the
    /// line) nearest to `p` (`projectOntoSegment` on each of its segments): its distance from `p`
    /// and its distance along the line, metres.
    func nearest(to p: LonLat, alongFromM fromM: Double, toM: Double) -> (distanceM: Double, alongM: Double) {
        let a = max(0, fromM), b = min(lengthM, toM)
        guard a <= b, coords.count >= 2 else { return (shortDistanceM(p, point(atM: a)), a) }
        // The stretch: the point at `a`, the vertices strictly inside, the point at `b`.
        var lo = 0, hi = cumM.count
        while lo < hi { let mid = (lo + hi) / 2; if cumM[mid] <= a { lo = mid + 1 } else { hi = mid } }
        var best = (distanceM: Double.infinity, alongM: a)
        var from = (point: point(atM: a), alongM: a)
        var j = lo
        while true {
            let to = j < coords.count && cumM[j] < b ? (point: coords[j], alongM: cumM[j]) : (point: point(atM: b), alongM: b)
            let hit = projectOntoSegment(p, from.point, to.point)
            if hit.planarM < best.distanceM { best = (hit.planarM, from.alongM + hit.t * (to.alongM - from.alongM)) }
            if to.alongM >= b { break }
            from = to
            j += 1
        }
        return best
    }
}
