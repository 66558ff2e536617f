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
    /// Bends are measured on the path thinned to vertices at least this far apart, metres.
    public static let groundStepM = 5.0
    /// The chord on which a turn is measured and classed, metres.
    public static let walkWindowM = 50.0
    /// The longer chord that must agree on the side, metres.
    public static let wideWindowM = 100.0
    /// A turn's 50 m bend is at least this many degrees.
    public static let minTurnDeg = 45.0
    /// ...and its 100 m bend at least this many degrees, on the same side.
    public static let minWideDeg = 20.0
    /// One turn per this many metres either way: a turn is the largest 50 m bend within it.
    public static let peakRadiusM = 25.0
    /// Candidates need at least this much route on each side, metres.
    public static let minSideM = 25.0
    /// A reversal: the points 25 m before and after the tip lie within `reversalGap25M`...
    public static let reversalGap25M = 15.0
    /// ...and, where the route has 50 m on both sides, the points 50 m away within `reversalGap50M`.
    public static let reversalGap50M = 20.0
    /// ...and, where it has 100 m on both sides, the points 100 m away within this.
    public static let reversalGap100M = 30.0
    /// A route that comes back exactly on itself (within this, metres) reverses whatever the room.
    public static let exactGapM = 2.0
    /// Reversals closer than this along the route are one (the tighter wins), metres.
    public static let reversalSpacingM = 30.0

    /// Signed bend in degrees at vertex `k` over `windowM` metres (chords clipped at the ends), nil
    /// where a chord has no length.
    static func bendDeg(_ line: LineMeasure, at k: Int, windowM: Double) -> Double? {
        line.deviationDeg(at: k, windowM: windowM)
    }

    /// Turns (not reversals) in route order: vertices whose 50 m bend is at least `minTurnDeg`,
    /// the largest within `peakRadiusM`, whose 100 m bend is at least `minWideDeg` on the same side.
    static func turns(on line: LineMeasure) -> [Bend] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        var dev = [Double?](repeating: nil, count: n)
        for k in 1..<(n - 1) {
            let d = line.cumM[k]
            guard d >= minSideM, line.lengthM - d >= minSideM,
                  let b50 = bendDeg(line, at: k, windowM: walkWindowM), abs(b50) >= minTurnDeg,
                  let b100 = bendDeg(line, at: k, windowM: wideWindowM), abs(b100) >= minWideDeg,
                  (b50 > 0) == (b100 > 0) else { continue }
            dev[k] = b50
        }
        var out: [Bend] = []
        for k in 1..<(n - 1) {
            guard let dk = dev[k] else { continue }
            var isPeak = true
            var j = k - 1
            while isPeak, j >= 0, line.cumM[k] - line.cumM[j] <= peakRadiusM {
                if let dj = dev[j], abs(dj) >= abs(dk) { isPeak = false }
                j -= 1
            }
            j = k + 1
            while isPeak, j < n, line.cumM[j] - line.cumM[k] <= peakRadiusM {
                if let dj = dev[j], abs(dj) > abs(dk) { isPeak = false }
                j += 1
            }
            if isPeak { out.append(Bend(pathIndex: k, deviationDeg: dk)) }
        }
        return out
    }

    /// Reversals in route order: vertices with at least 25 m of route on each side where the
    /// points 25 m back and 25 m ahead lie within `reversalGap25M` of each other, the points 50 m
    /// back and ahead (where the route has 50 m on both sides) within `reversalGap50M`, and the
    /// points 100 m away (where it has 100 m) within `reversalGap100M`: the way back runs beside
    /// the way out, not merely a hairpin whose legs spread. A route that comes back exactly on
    /// itself (within `exactGapM` at 25 m and 50 m) reverses however short the spur. The tip is
    /// the vertex with the smallest gaps within `reversalSpacingM`.
    static func reversals(on line: LineMeasure) -> [Reversal] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        var score = [Double?](repeating: nil, count: n)
        for k in 1..<(n - 1) {
            let d = line.cumM[k]
            let room = min(d, line.lengthM - d)
            guard room >= minSideM else { continue }
            func gap(_ x: Double) -> Double { shortDistanceM(line.point(atM: d - x), line.point(atM: d + x)) }
            let g25 = gap(25), gFar = gap(min(room, 50))
            // Exactly back the way it came (a route over the network), or within GPS error of it
            // for 25, 50 and 100 m (a recorded track: a hairpin's legs spread, these do not).
            let exact = g25 <= exactGapM && gFar <= exactGapM
            guard exact || (g25 <= reversalGap25M && (room < 50 || gFar <= reversalGap50M)
                            && (room < 100 || gap(100) <= reversalGap100M)) else { continue }
            score[k] = g25 + gFar
        }
        var out: [Reversal] = []
        for k in 1..<(n - 1) {
            guard let sk = score[k] else { continue }
            var isBest = true
            var j = k - 1
            while isBest, j >= 0, line.cumM[k] - line.cumM[j] <= reversalSpacingM {
                if let sj = score[j], sj <= sk { isBest = false }
                j -= 1
            }
            j = k + 1
            while isBest, j < n, line.cumM[j] - line.cumM[k] <= reversalSpacingM {
                if let sj = score[j], sj < sk { isBest = false }
                j += 1
            }
            guard isBest else { continue }
            let dev = line.deviationDeg(at: k, windowM: 25) ?? 180
            out.append(Reversal(pathIndex: k, deviationDeg: dev))
        }
        return out
    }
}
