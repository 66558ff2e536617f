import TrailpackCore

/// A jump between two consecutive fixes of one recorded part that no one walked in a straight
/// line: the device lost its fix (a tunnel, a gorge, a flat battery) and found it again elsewhere.
public struct RecordingGap: Equatable, Sendable {
    /// Index (into the fixes searched) of the last fix before the gap; the gap runs to `index + 1`.
    public var index: Int
    /// Geodesic length of the jump, metres.
    public var gapM: Double
    /// Seconds between the two fixes, when both carry a time.
    public var pauseS: Double?

    public init(index: Int, gapM: Double, pauseS: Double?) {
        self.index = index
        self.gapM = gapM
        self.pauseS = pauseS
    }
}

/// Finds the gaps inside a recorded part (a GPX segment, a line feature): jumps between
/// consecutive fixes that stay where they land. The thresholds are in Recipes/README.md
/// (`track.gaps`).
public enum RecordingGaps {
    /// A jump at the first or last step of a line of at least this many points is a lone bad
    /// end fix, not a gap (a line of two points is its one step).
    static let loneEndMinPoints = 3

    /// When a jump is a gap, metres and seconds.
    public struct Thresholds: Equatable, Sendable {
        /// A jump longer than this is a gap, whatever the times: ten times a fast walker's step
        /// at the sparsest usual logging (a fix every 10 s at 2 m/s) and well beyond the spikes
        /// `RouteCleaner` removes, which come back.
        public var jumpM: Double = 200
        /// With both fixes timed, a pause longer than this (seconds)...
        public var pauseS: Double = 120
        /// ...with a jump longer than this is a gap too: two minutes without a fix and then
        /// 100 m away, the way between is unknown.
        public var pausedJumpM: Double = 100
        /// Either rule counts only a jump longer than this many times the part's median step, and
        /// between timed fixes only a pause longer than as many median intervals: a line whose
        /// vertices all lie far apart (trail geometry taken from a map, a sparse logger) has no
        /// gap in its ordinary steps, nor a device that kept its rhythm.
        public var typicalStepFactor: Double = 20
        /// A jump out followed, within this many fixes, by a jump back is a spike, not a gap.
        public var spikeMaxFixes = 3
        /// "Back": the fix after the excursion lies closer to the fix before it than this
        /// fraction of the mean of the legs out and back (`RouteCleaner.Options.spikeBaseRatio`).
        public var spikeReturnRatio: Double = 0.6

        public init() {}
    }

    /// The gaps in `coords` (valid WGS84 fixes in recorded order), first to last.
    /// A jump is a gap when it is longer than `thresholds.jumpM`, or when the two fixes' times
    /// (`timesS`, seconds, aligned with `coords`, nil where a fix has none) lie more than
    /// `thresholds.pauseS` apart and it is longer than `thresholds.pausedJumpM`; either way only
    /// when it is also longer than `typicalStepFactor` times the part's median step and, between
    /// timed fixes, the time between them longer than as many median intervals (fixes were
    /// missed: a car's 270 m steps every 10 s are travel, not a gap). Not gaps: a jump
    /// out to one to `spikeMaxFixes` fixes and back (a spike, the cleaner's), and the jump to a
    /// lone first or last fix (a cold start or a last bad fix, the cleaner's too).
    public static func find(_ coords: [LonLat], timesS: [Double?] = [], thresholds t: Thresholds = Thresholds()) -> [RecordingGap] {
        let n = coords.count
        guard n >= 2 else { return [] }
        func time(_ k: Int) -> Double? { k < timesS.count ? timesS[k] : nil }
        func pause(_ k: Int) -> Double? {
            guard let a = time(k), let b = time(k + 1) else { return nil }
            return b - a
        }
        let minJumpM = t.typicalStepFactor * median((0..<(n - 1)).map { Geodesic.distanceM(coords[$0], coords[$0 + 1]) })
        let minPauseS = t.typicalStepFactor * median((0..<(n - 1)).compactMap(pause))
        func isJump(_ k: Int, _ d: Double) -> Bool {
            guard d > minJumpM else { return false }
            guard let pauseS = pause(k) else { return d > t.jumpM }
            // Timed: the device missed fixes (a car's long steps at its usual rhythm are no gap).
            guard pauseS > minPauseS else { return false }
            return d > t.jumpM || (d > t.pausedJumpM && pauseS > t.pauseS)
        }
        var gaps: [RecordingGap] = []
        var k = 0
        while k < n - 1 {
            let d = Geodesic.distanceM(coords[k], coords[k + 1])
            guard isJump(k, d) else { k += 1; continue }
            if let back = spikeReturn(coords, from: k, outM: d, t) {
                k = back
                continue
            }
            let loneEnd = n >= loneEndMinPoints && (k == 0 || k == n - 2)
            if !loneEnd { gaps.append(RecordingGap(index: k, gapM: d, pauseS: pause(k))) }
            k += 1
        }
        return gaps
    }

    /// The median of `values` (the upper one of an even count), 0 when empty.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }

    /// The index of the fix a spike leaving after fix `k` returns to, or nil when the jump stays.
    static func spikeReturn(_ coords: [LonLat], from k: Int, outM: Double, _ t: Thresholds) -> Int? {
        for fixes in 1...max(1, t.spikeMaxFixes) {
            let back = k + fixes + 1
            guard back < coords.count else { return nil }
            let homeM = Geodesic.distanceM(coords[back - 1], coords[back])
            if Geodesic.distanceM(coords[k], coords[back]) <= t.spikeReturnRatio * (outM + homeM) / 2 { return back }
        }
        return nil
    }
}
