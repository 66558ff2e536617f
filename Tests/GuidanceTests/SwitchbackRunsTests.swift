import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// Runs of alternating hairpins: found on the ground line, and no turn cue inside them.
struct SwitchbackRunsTests {
    /// An approach, `hairpins` hairpins of `turnDeg` between legs of `legM` metres, an exit leg,
    /// a right-angle corner to the right and a last leg; vertices every 10 m as a mapped trail.
    static func zigzag(hairpins: Int, legM: Double, turnDeg: Double = 130) -> (coords: [LonLat], tips: [LonLat], corner: LonLat) {
        // The legs lean north-east and north-west, `turnDeg` apart; the approach and exit head north.
        let bearingRight = turnDeg / 2, bearingLeft = 360 - turnDeg / 2
        var path: [(bearingDeg: Double, lengthM: Double)] = [(0, 200)]
        for h in 0...hairpins { path.append((h % 2 == 0 ? bearingRight : bearingLeft, legM)) }
        path.append((0, 200))
        path.append((90, 200))
        let corners = Fixtures.walk(path)
        // Tips: the corners between the hairpin legs; the right-angle corner is the second last.
        let tips = Array(corners[2..<(2 + hairpins)])
        var coords = [corners[0]]
        for k in 1..<corners.count {
            let d = Geodesic.distanceM(corners[k - 1], corners[k])
            let steps = max(1, Int(d / 10))
            for s in 1...steps { coords.append(Geodesic.interpolate(corners[k - 1], corners[k], fraction: Double(s) / Double(steps))) }
        }
        return (coords, tips, corners[corners.count - 2])
    }

    static func bendLine(_ coords: [LonLat]) -> LineMeasure {
        LineMeasure(coords).decimated(minStepM: GuidanceTuning.standard.bends.groundStepM).line
    }

    @Test(arguments: [30.0, 40.0, 60.0])
    func aRunOfHairpinsIsOneRunWithNoCueButTheCornerAfterIt(legM: Double) throws {
        let z = Self.zigzag(hairpins: 6, legM: legM)
        let line = Self.bendLine(z.coords)
        let runs = SwitchbackRuns.runs(on: line, tuning: .standard)
        try #require(runs.count == 1)
        // Every hairpin tip is a bend of the run, on alternating sides.
        for tip in z.tips {
            #expect(runs[0].tips.contains { Geodesic.distanceM(line.coords[$0], tip) < 10 }, "tip \(tip)")
        }
        #expect(zip(runs[0].tipDeviationsDeg, runs[0].tipDeviationsDeg.dropFirst()).allSatisfy { ($0 > 0) != ($1 > 0) })
        let cues = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: z.coords))))
        try #require(cues.count == 1, "\(cues.map(\.instruction))")
        #expect(cues[0].dir == .right)
        let r = Fixtures.densify(z.coords)
        #expect(Geodesic.distanceM(r.coords[cues[0].i], z.corner) < 15)
    }

    @Test func aRunOfShallowHairpinsRecordedIsStillARun() throws {
        // Six hairpins of 110° (close to the 100° a hairpin needs) between legs of 45 m, recorded
        // 40 times with every device effect (NoisyTrackCorpus): GPS error at a tip takes its 25 m
        // bend under 100° often enough to break the run, while the legs from tip to tip keep the
        // turn. Read on 25 m chords alone, 26 recordings held a run and they gave 65 cues.
        var withRun = 0, cues = 0
        for seed in UInt64(1)...40 {
            var rng = SeededRandom(seed: seed)
            let z = Self.zigzag(hairpins: 6, legM: 45, turnDeg: 110)
            let recorded = GroundLine.thinned(RouteCleaner.clean(NoisyTrackCorpus.record(z.coords, turnaroundsM: [], effects: .all, rng: &rng)).coords)
            if !SwitchbackRuns.runs(on: Self.bendLine(recorded), tuning: .standard).isEmpty { withRun += 1 }
            cues += try NoisyTrackCorpusTests.turnCues(recorded).cues.count
        }
        #expect(withRun >= 32, "a run on \(withRun) of 40 recordings")
        // The truth has one cue per track: the corner after the run.
        #expect(cues <= 55, "\(cues) cues on 40 recordings")
    }

    @Test func twoHairpinsAreNoRun() throws {
        let z = Self.zigzag(hairpins: 2, legM: 50)
        #expect(SwitchbackRuns.runs(on: Self.bendLine(z.coords), tuning: .standard).isEmpty)
        let cues = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: z.coords))))
        #expect(cues.filter { $0.dir == .sharpLeft || $0.dir == .sharpRight || $0.dir == .left || $0.dir == .right }.count >= 2)
    }

    @Test func aStaircaseOfRightAnglesIsNoRun() throws {
        // East and north in turn, 80 m each: six corners of 90°, alternating sides; every one is a
        // turn to take, not a switchback.
        let legs = (0..<7).map { (bearingDeg: $0 % 2 == 0 ? 90.0 : 0.0, lengthM: 80.0) }
        let corners = Fixtures.walk([(90, 150)] + legs.dropFirst() + [(90, 150)])
        var coords = [corners[0]]
        for k in 1..<corners.count {
            let steps = max(1, Int(Geodesic.distanceM(corners[k - 1], corners[k]) / 10))
            for s in 1...steps { coords.append(Geodesic.interpolate(corners[k - 1], corners[k], fraction: Double(s) / Double(steps))) }
        }
        #expect(SwitchbackRuns.runs(on: Self.bendLine(coords), tuning: .standard).isEmpty)
        let cues = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: coords))))
        #expect(cues.map(\.dir) == [.left, .right, .left, .right, .left, .right], "\(cues.map(\.instruction))")
    }

    /// Recordings of a run (slow drift of 3 to 8 m and white jitter, one fix a second or every
    /// few seconds): still one run, and no cue at a hairpin inside it.
    @Test(arguments: 1...8)
    func aRecordedRunGivesNoCueAtItsHairpins(seed: Int) throws {
        let z = Self.zigzag(hairpins: 6, legM: 45)
        var rng = SeededRandom(seed: UInt64(seed) &* 0x5851_F42D)
        let recorded = NoisyTrackCorpus.record(z.coords, turnaroundsM: [], effects: [.drift], rng: &rng)
        let cleaned = RouteCleaner.clean(recorded).coords
        let line = Self.bendLine(cleaned)
        let runs = SwitchbackRuns.runs(on: line, tuning: .standard)
        #expect(runs.count >= 1)
        let resampled = try Resampler.resample(cleaned)
        let input = GuidanceInput(path: RoutePath(coords: cleaned), resampledCoords: resampled.coords, cumM: resampled.cumM,
                                  elevationsM: resampled.cumM.map { _ in 500 }, resampledIndexOfPathVertex: resampled.indexOfInput)
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        // The inner hairpins (all but the first and the last) get no cue within 20 m.
        for tip in z.tips.dropFirst().dropLast() {
            #expect(!cues.contains { Geodesic.distanceM(resampled.coords[$0.i], tip) < 20 }, "\(cues.map(\.instruction))")
        }
    }
}
