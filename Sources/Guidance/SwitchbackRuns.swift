import Foundation
import TrailpackCore

/// A run of switchbacks: hairpins that alternate sides in quick succession, as a trail zigzags
/// up a steep slope.
struct SwitchbackRun: Equatable, Sendable {
    /// Indices into the measured line of the run's bends, in route order: at least
    /// `GuidanceTuning.Switchbacks.minHairpins` hairpins in a row, with the lesser alternating
    /// bends that lead into and out of them.
    var tips: [Int]
    /// Signed deviation over `GuidanceTuning.Switchbacks.chordM` chords at each of `tips`,
    /// degrees (positive right); the signs alternate.
    var tipDeviationsDeg: [Double]
}

/// Finds switchback runs on a route's ground line.
///
/// Inside a run the 50 m and 100 m bends at a hairpin depend on the lengths of the legs (a 130°
/// hairpin between 30 m legs bends 46° over 50 m, between 60 m legs 130°), so a cue per hairpin
/// would come and go with a few metres of GPS error, and a hiker on the zigzag needs none: the
/// trail is the only way on. `Guidance` gives no turn cue from a run's first bend to its last.
enum SwitchbackRuns {
    /// The absolute change of direction at `b` from the chord `a`-`b` to the chord `b`-`c`,
    /// degrees (0 where a chord has no length).
    static func turnDeg(_ a: LonLat, _ b: LonLat, _ c: LonLat) -> Double {
        guard let inDeg = LineMeasure.chordBearingDeg(a, b), let outDeg = LineMeasure.chordBearingDeg(b, c) else { return 0 }
        return abs(Deviation.signedDeg(from: inDeg, to: outDeg))
    }

    /// The runs on `line` (a ground line with vertices a few metres apart), in route order.
    /// (Thresholds: `tuning.switchbacks`.)
    static func runs(on line: LineMeasure, tuning: GuidanceTuning) -> [SwitchbackRun] {
        guard line.coords.count >= Bend.minVertices else { return [] }
        return chains(of: tips(on: line, tuning.switchbacks), on: line, tuning.switchbacks)
    }

    /// The signed bends over `chordM` chords of at least `extendMinDeg` at the inner vertices of
    /// `line` (smaller ones are nil: they are never a peak and never hide one), degrees, from the
    /// chords' dot and cross products.
    static func chordBends(on line: LineMeasure, _ t: GuidanceTuning.Switchbacks) -> [Double?] {
        let n = line.coords.count
        var dev = [Double?](repeating: nil, count: n)
        var back = 0, ahead = 0
        var metric = NearMetric()
        let tanMin = tan(t.extendMinDeg * .pi / Deviation.halfTurnDeg)
        let minSquareM = LineMeasure.minChordM * LineMeasure.minChordM
        for k in 1..<(n - 1) {
            let a = metric.vectorM(line.point(atM: line.cumM[k] - t.chordM, from: &back), line.coords[k])
            let b = metric.vectorM(line.coords[k], line.point(atM: line.cumM[k] + t.chordM, from: &ahead))
            guard a.x * a.x + a.y * a.y > minSquareM, b.x * b.x + b.y * b.y > minSquareM else { continue }
            let dot = a.x * b.x + a.y * b.y
            let clockwise = a.y * b.x - a.x * b.y  // positive when b turns right of a
            if dot > 0, abs(clockwise) < tanMin * dot { continue }
            dev[k] = atan2(clockwise, dot) * Deviation.halfTurnDeg / .pi
        }
        return dev
    }

    /// The tips of `line`'s bends in route order: the peaks of `chordBends` within `tipRadiusM`,
    /// two on the same side within `sameTipM` made one (the larger).
    static func tips(on line: LineMeasure, _ t: GuidanceTuning.Switchbacks) -> [Bend] {
        var bends: [Bend] = []
        for b in Bend.peaks(chordBends(on: line, t), cumM: line.cumM, radiusM: t.tipRadiusM, minAbsDeg: t.extendMinDeg) {
            if let last = bends.last, (last.deviationDeg > 0) == (b.deviationDeg > 0),
               line.cumM[b.pathIndex] - line.cumM[last.pathIndex] <= t.sameTipM {
                if abs(b.deviationDeg) > abs(last.deviationDeg) { bends[bends.count - 1] = b }
            } else {
                bends.append(b)
            }
        }
        return bends
    }

    /// The runs among `bends`: each longest chain of bends alternating sides at most `maxLegM`
    /// apart that holds at least `minHairpins` hairpins in a row.
    static func chains(of bends: [Bend], on line: LineMeasure, _ t: GuidanceTuning.Switchbacks) -> [SwitchbackRun] {
        func alternates(_ a: Bend, _ b: Bend) -> Bool {
            (a.deviationDeg > 0) != (b.deviationDeg > 0) && line.cumM[b.pathIndex] - line.cumM[a.pathIndex] <= t.maxLegM
        }
        var out: [SwitchbackRun] = []
        var start = 0
        while start < bends.count {
            var end = start
            while end + 1 < bends.count, alternates(bends[end], bends[end + 1]) { end += 1 }
            if longestHairpinStreak(bends[start...end], on: line, t) >= t.minHairpins {
                let chain = bends[start...end]
                out.append(SwitchbackRun(tips: chain.map(\.pathIndex), tipDeviationsDeg: chain.map(\.deviationDeg)))
            }
            start = end + 1
        }
        return out
    }

    /// The most hairpins (`hairpinMinDeg`) in a row in the chain of alternating bends `chain`.
    /// GPS error at a tip rounds its `chordM` bend; the legs joining it to the tips either side
    /// of it keep the turn, so an inner bend counts the larger of the two.
    static func longestHairpinStreak(_ chain: ArraySlice<Bend>, on line: LineMeasure, _ t: GuidanceTuning.Switchbacks) -> Int {
        let start = chain.startIndex, end = chain.endIndex - 1
        var streak = 0, longest = 0
        for i in start...end {
            let legsDeg = i > start && i < end
                ? turnDeg(line.coords[chain[i - 1].pathIndex], line.coords[chain[i].pathIndex], line.coords[chain[i + 1].pathIndex]) : 0
            streak = max(abs(chain[i].deviationDeg), legsDeg) >= t.hairpinMinDeg ? streak + 1 : 0
            longest = max(longest, streak)
        }
        return longest
    }
}
