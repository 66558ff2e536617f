import TrailpackCore

/// A change of direction found on a cleaned route geometry.
public struct Bend: Equatable, Sendable {
    /// Index into the cleaned path's coords of the vertex where the change is greatest.
    public var pathIndex: Int
    /// Signed deviation from straight ahead in degrees (positive right), measured between the
    /// chord from 25 m back to the vertex and the chord from the vertex to 25 m ahead.
    public var deviationDeg: Double
    /// The SPEC `dir` of `deviationDeg`.
    public var dir: TurnDirection { Deviation.direction(forDeviationDeg: deviationDeg) }
}

/// Finds changes of direction on a cleaned route geometry (before resampling).
///
/// Bearings are chords over `windowM` (25 m) before and after each vertex, never single
/// segments, so GPS jitter and spikes that return within a few metres barely move them, and a
/// direction must hold for the whole window to count. Only vertices with a full window on
/// both sides are candidates. A candidate's directions must be *steady*: each half (12.5 m) of
/// the incoming and of the outgoing chord lies within `holdToleranceDeg` (20°) of its whole
/// chord, so a zigzag of short legs (GPS wander, a stack of tiny switchbacks) is not a turn.
/// A rounded corner bends its chords more than that (a hairpin spread over 50 m by 22.5°), so
/// it is still steady when each half lies within `roundedHoldToleranceDeg` (30°) of its chord
/// and the direction only ever turns the turn's way from one half to the next (first half of
/// the incoming chord, second half, first half of the outgoing chord, second half): the shape
/// of a corner, never of a zigzag. Among steady candidates whose deviation reaches
/// `minDeviationDeg`, a vertex is kept when no vertex within `peakRadiusM` along the line has a
/// larger deviation (ties go to the earlier vertex), so one corner gives one bend.
public enum TurnDetector {
    /// Length of the incoming and outgoing chords, metres.
    public static let windowM = 25.0
    /// Half-width of the neighbourhood in which a bend must be the strongest, metres.
    public static let peakRadiusM = 15.0
    /// How far, in degrees, each half of a chord may turn away from the whole chord.
    public static let holdToleranceDeg = 20.0
    /// The same for a rounded corner, whose direction turns only the turn's way across it.
    public static let roundedHoldToleranceDeg = 30.0

    /// Bends on `coords` whose absolute deviation is at least `minDeviationDeg` degrees,
    /// in route order.
    public static func bends(on coords: [LonLat], minDeviationDeg: Double = Deviation.straightBelowDeg) -> [Bend] {
        guard coords.count >= 3 else { return [] }
        return bends(on: LineMeasure(coords), minDeviationDeg: minDeviationDeg)
    }

    static func bends(on line: LineMeasure, minDeviationDeg: Double, holdToleranceDeg: Double = holdToleranceDeg) -> [Bend] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        let eps = 1e-6
        var dev = [Double?](repeating: nil, count: n)
        for k in 1..<(n - 1) {
            let d = line.cumM[k]
            guard d >= windowM - eps, line.lengthM - d >= windowM - eps else { continue }
            guard let d = line.deviationDeg(at: k, windowM: windowM) else { continue }
            dev[k] = d
            if abs(d) >= minDeviationDeg, !isSteady(line, at: k, toleranceDeg: holdToleranceDeg),
               !(isSteady(line, at: k, toleranceDeg: roundedHoldToleranceDeg) && turnsOneWay(line, at: k, sign: d > 0 ? 1 : -1)) {
                dev[k] = nil
            }
        }
        return Bend.peaks(dev, cumM: line.cumM, radiusM: peakRadiusM, minAbsDeg: minDeviationDeg)
    }

    /// The points 25 m, 12.5 m back, at, 12.5 m and 25 m ahead of vertex `k`.
    static func windowPoints(_ line: LineMeasure, at k: Int) -> [LonLat] {
        let d = line.cumM[k]
        return [d - windowM, d - windowM / 2, d, d + windowM / 2, d + windowM].map { line.point(atM: $0) }
    }

    /// True when the bearings of the four 12.5 m halves around vertex `k`, in route order, never
    /// turn against `sign` (+1 right, -1 left): the direction changes only the turn's way.
    static func turnsOneWay(_ line: LineMeasure, at k: Int, sign: Double) -> Bool {
        let pts = windowPoints(line, at: k)
        var halves: [Double] = []
        for h in 0..<4 {
            guard shortDistanceM(pts[h], pts[h + 1]) > 0.01 else { return false }
            halves.append(shortBearingDeg(pts[h], pts[h + 1]))
        }
        return (0..<3).allSatisfy { sign * Deviation.signedDeg(from: halves[$0], to: halves[$0 + 1]) >= 0 }
    }

    /// True when each half of the incoming and of the outgoing chord at vertex `k` lies within
    /// `toleranceDeg` of its whole chord.
    static func isSteady(_ line: LineMeasure, at k: Int, toleranceDeg: Double) -> Bool {
        let pts = windowPoints(line, at: k)
        func bearing(_ a: Int, _ b: Int) -> Double? {
            shortDistanceM(pts[a], pts[b]) > 0.01 ? shortBearingDeg(pts[a], pts[b]) : nil
        }
        for (whole, halves) in [((0, 2), [(0, 1), (1, 2)]), ((2, 4), [(2, 3), (3, 4)])] {
            guard let w = bearing(whole.0, whole.1) else { return false }
            for h in halves {
                guard let b = bearing(h.0, h.1), abs(Deviation.signedDeg(from: w, to: b)) <= toleranceDeg else { return false }
            }
        }
        return true
    }
}
