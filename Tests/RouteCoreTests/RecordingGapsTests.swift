import Testing
import TestSupport
import TrailpackCore
import RouteCore

/// `RecordingGaps`: jumps that stay are gaps, spikes are not, the thresholds hold at their edges.
@Suite struct RecordingGapsTests {
    static let start = LonLat(-71.45, 44.48)

    /// `count` fixes walking east `stepM` apart from `from`, each with a little seeded jitter
    /// (σ `jitterM`), and their times `intervalS` apart from `t0`.
    static func walk(from: LonLat, count: Int, stepM: Double = 4, jitterM: Double = 0, intervalS: Double = 3,
                     t0: Double = 0, rng: inout SeededRandom) -> (coords: [LonLat], timesS: [Double]) {
        var coords: [LonLat] = [], times: [Double] = []
        for k in 0..<count {
            let onLine = Geodesic.destination(from: from, bearingDeg: 90, distanceM: Double(k) * stepM)
            let off = Double.random(in: -jitterM...jitterM, using: &rng)
            coords.append(Geodesic.destination(from: onLine, bearingDeg: 0, distanceM: off))
            times.append(t0 + Double(k) * intervalS)
        }
        return (coords, times)
    }

    /// 100 fixes, a jump of `jumpM` (bearing 60°) after `pauseS`, then 100 more fixes.
    static func jumped(_ jumpM: Double, pauseS: Double = 3, stepM: Double = 4) -> (coords: [LonLat], timesS: [Double]) {
        var rng = SeededRandom(seed: 1)
        let a = walk(from: start, count: 100, stepM: stepM, rng: &rng)
        let landing = Geodesic.destination(from: a.coords[99], bearingDeg: 60, distanceM: jumpM)
        let b = walk(from: landing, count: 100, stepM: stepM, t0: a.timesS[99] + pauseS, rng: &rng)
        return (a.coords + b.coords, a.timesS + b.timesS)
    }

    @Test func aJumpThatStaysIsAGapAtItsFixesWithItsLength() throws {
        let line = Self.jumped(2250, pauseS: 3000)
        let gaps = RecordingGaps.find(line.coords, timesS: line.timesS)
        try #require(gaps.count == 1)
        #expect(gaps[0].index == 99)
        #expect(abs(gaps[0].gapM - 2250) < 0.01)
        #expect(gaps[0].pauseS == 3000)
        // Without times the distance alone makes it a gap.
        #expect(RecordingGaps.find(line.coords).map(\.index) == [99])
    }

    @Test func theJumpThresholdHoldsAt200m() {
        // Untimed, and timed with a pause long enough to be missed fixes (over 20 intervals of 3 s).
        #expect(RecordingGaps.find(Self.jumped(199.5).coords).isEmpty)
        #expect(RecordingGaps.find(Self.jumped(200.5).coords).map(\.index) == [99])
        let timedShort = Self.jumped(199.5, pauseS: 61), timedLong = Self.jumped(200.5, pauseS: 61)
        #expect(RecordingGaps.find(timedShort.coords, timesS: timedShort.timesS).isEmpty)
        #expect(RecordingGaps.find(timedLong.coords, timesS: timedLong.timesS).map(\.index) == [99])
    }

    @Test func aPauseWithAJumpIsAGapAtTheirThresholds() {
        func gaps(_ jumpM: Double, _ pauseS: Double) -> [Int] {
            let line = Self.jumped(jumpM, pauseS: pauseS)
            return RecordingGaps.find(line.coords, timesS: line.timesS).map(\.index)
        }
        #expect(gaps(100.5, 121) == [99])
        #expect(gaps(100.5, 119).isEmpty)   // a shorter pause: walked, if slowly
        #expect(gaps(99.5, 121).isEmpty)    // a shorter jump: within the pause's ground
        #expect(gaps(150, 3600) == [99])
    }

    @Test func aLongStepAtTheDevicesOwnRhythmIsNoGap() {
        // 250 m in the 3 s every fix takes: travel (or a glitch), not fixes missed.
        let line = Self.jumped(250, pauseS: 3)
        #expect(RecordingGaps.find(line.coords, timesS: line.timesS).isEmpty)
        // The same jump untimed is a gap.
        #expect(RecordingGaps.find(line.coords).map(\.index) == [99])
    }

    @Test func aSparseLineHasNoGapInItsOrdinarySteps() {
        // Vertices 50 m apart (trail geometry from a map): 20 steps are 1000 m.
        #expect(RecordingGaps.find(Self.jumped(900, stepM: 50).coords).isEmpty)
        #expect(RecordingGaps.find(Self.jumped(1100, stepM: 50).coords).map(\.index) == [99])
    }

    @Test(arguments: [1, 2, 3]) func aSpikeOutAndBackIsNoGap(fixes: Int) {
        var rng = SeededRandom(seed: 7)
        var line = Self.walk(from: Self.start, count: 200, jitterM: 1.5, rng: &rng)
        // `fixes` fixes 600 m north of the line, then back on it, times running on.
        for k in 100..<(100 + fixes) {
            line.coords[k] = Geodesic.destination(from: line.coords[k], bearingDeg: 0, distanceM: 600)
        }
        // Timed, with five minutes without a fix before the spike: still a spike.
        let timesS = line.timesS.enumerated().map { $0.offset >= 100 ? $0.element + 300 : $0.element }
        #expect(RecordingGaps.find(line.coords, timesS: timesS).isEmpty)
        #expect(RecordingGaps.find(line.coords).isEmpty)
    }

    @Test func fourFixesAwayAreTwoGaps() {
        var rng = SeededRandom(seed: 7)
        var line = Self.walk(from: Self.start, count: 200, rng: &rng)
        for k in 100..<104 { line.coords[k] = Geodesic.destination(from: line.coords[k], bearingDeg: 0, distanceM: 600) }
        #expect(RecordingGaps.find(line.coords).map(\.index) == [99, 103])
    }

    @Test func aLoneFarFirstOrLastFixIsNoGap() {
        var rng = SeededRandom(seed: 3)
        var line = Self.walk(from: Self.start, count: 150, rng: &rng).coords
        line[0] = Geodesic.destination(from: line[0], bearingDeg: 200, distanceM: 3000)
        line[149] = Geodesic.destination(from: line[149], bearingDeg: 20, distanceM: 3000)
        #expect(RecordingGaps.find(line).isEmpty)
        // Two fixes far off at the start are a stretch recorded elsewhere: a gap.
        line[1] = Geodesic.destination(from: line[0], bearingDeg: 90, distanceM: 4)
        #expect(RecordingGaps.find(line).map(\.index) == [1])
    }

    @Test(arguments: UInt64(1)...UInt64(6)) func aNoisyWalkHasNoGaps(seed: UInt64) {
        // 2000 fixes at 1 s, 1.3 m apart, with 4 m of jitter.
        var rng = SeededRandom(seed: seed)
        let line = Self.walk(from: Self.start, count: 2000, stepM: 1.3, jitterM: 4, intervalS: 1, rng: &rng)
        #expect(RecordingGaps.find(line.coords, timesS: line.timesS).isEmpty)
    }
}
