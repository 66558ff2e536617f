import Foundation
import TrailpackCore

/// A run of switchbacks: hairpins that alternate sides in quick succession, as a trail zigzags
/// up a steep slope.
struct SwitchbackRun: Equatable, Sendable {
    /// Indices into the measured line of the run's bends, in route order: at least
    /// `SwitchbackRuns.minHairpins` hairpins in a row, with the lesser alternating bends that
    /// lead into and out of them.
    var tips: [Int]
    /// Signed 25 m deviation at each of `tips`, degrees (positive right); the signs alternate.
    var tipDeviationsDeg: [Double]
}

/// Finds switchback runs on a route's ground line.
///
/// Inside a run the 50 m and 100 m bends at a hairpin depend on the lengths of the legs (a 130°
/// hairpin between 30 m legs bends 46° over 50 m, between 60 m legs 130°), so a cue per hairpin
/// would come and go with a few metres of GPS error, and a hiker on the zigzag needs none: the
/// trail is the only way on. `Guidance` gives no turn cue from a run's first bend to its last.
enum SwitchbackRuns {
    /// A hairpin turns at least this many degrees over 25 m chords, or (between two other bends
    /// of its chain) from the chord joining it to the bend before to the chord joining it to the
    /// bend after: more than the 90° corners of a staircase of streets, whose every corner is a
    /// turn to take.
    static let hairpinMinDeg = 100.0
    /// A run holds at least this many hairpins in a row, alternating sides.
    static let minHairpins = 3
    /// A run found from its hairpins extends on either side over alternating bends of at least
    /// this many degrees (25 m chords), so that where it starts and ends does not hang on one
    /// hairpin's angle.
    static let extendMinDeg = 30.0
    /// One bend per this many metres either way: the largest 25 m deviation within it.
    static let tipRadiusM = 15.0
    /// Bends on the same side closer than this are one (GPS error splits a hairpin in two), metres.
    static let sameTipM = 30.0
    /// Consecutive bends of a run are at most this far apart along the route, metres.
    static let maxLegM = 80.0
    /// Turn cues this close along the route before a run's first bend or after its last belong to the run, metres.
    static let marginM = 25.0

    /// The absolute change of direction at `b` from the chord `a`-`b` to the chord `b`-`c`,
    /// degrees (0 where a chord has no length).
    static func turnDeg(_ a: LonLat, _ b: LonLat, _ c: LonLat) -> Double {
        guard let inDeg = LineMeasure.chordBearingDeg(a, b), let outDeg = LineMeasure.chordBearingDeg(b, c) else { return 0 }
        return abs(Deviation.signedDeg(from: inDeg, to: outDeg))
    }

    /// The runs on `line` (a ground line with vertices a few metres apart), in route order.
    static func runs(on line: LineMeasure) -> [SwitchbackRun] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        // The 25 m bends of at least `extendMinDeg` (smaller ones are nil: they are never a peak
        // and never hide one), from the chords' dot and cross products.
        var dev25 = [Double?](repeating: nil, count: n)
        var back = 0, ahead = 0
        var metric = NearMetric()
        let tanMin = tan(extendMinDeg * .pi / 180)
        for k in 1..<(n - 1) {
            let a = metric.vectorM(line.point(atM: line.cumM[k] - 25, from: &back), line.coords[k])
            let b = metric.vectorM(line.coords[k], line.point(atM: line.cumM[k] + 25, from: &ahead))
            guard a.x * a.x + a.y * a.y > 1e-4, b.x * b.x + b.y * b.y > 1e-4 else { continue }
            let dot = a.x * b.x + a.y * b.y
            let clockwise = a.y * b.x - a.x * b.y  // positive when b turns right of a
            if dot > 0, abs(clockwise) < tanMin * dot { continue }
            dev25[k] = atan2(clockwise, dot) * 180 / .pi
        }
        var bends: [Bend] = []
        for b in Bend.peaks(dev25, cumM: line.cumM, radiusM: tipRadiusM, minAbsDeg: extendMinDeg) {
            if let last = bends.last, (last.deviationDeg > 0) == (b.deviationDeg > 0),
               line.cumM[b.pathIndex] - line.cumM[last.pathIndex] <= sameTipM {
                if abs(b.deviationDeg) > abs(last.deviationDeg) { bends[bends.count - 1] = b }
            } else {
                bends.append(b)
            }
        }
        func alternates(_ a: Bend, _ b: Bend) -> Bool {
            (a.deviationDeg > 0) != (b.deviationDeg > 0) && line.cumM[b.pathIndex] - line.cumM[a.pathIndex] <= maxLegM
        }
        var out: [SwitchbackRun] = []
        var start = 0
        while start < bends.count {
            // The longest chain of alternating bends from `start`; a run if it holds enough hairpins in a row.
            var end = start
            while end + 1 < bends.count, alternates(bends[end], bends[end + 1]) { end += 1 }
            var streak = 0, longest = 0
            for i in start...end {
                // GPS error at a tip rounds its 25 m bend; the legs joining it to the tips either
                // side of it keep the turn.
                let legsDeg = i > start && i < end
                    ? turnDeg(line.coords[bends[i - 1].pathIndex], line.coords[bends[i].pathIndex], line.coords[bends[i + 1].pathIndex]) : 0
                streak = max(abs(bends[i].deviationDeg), legsDeg) >= hairpinMinDeg ? streak + 1 : 0
                longest = max(longest, streak)
            }
            if longest >= minHairpins {
                let chain = bends[start...end]
                out.append(SwitchbackRun(tips: chain.map(\.pathIndex), tipDeviationsDeg: chain.map(\.deviationDeg)))
            }
            start = end + 1
        }
        return out
    }
}
