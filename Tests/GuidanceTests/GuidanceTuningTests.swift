import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// The bend and switchback thresholds as a value: the standard one keeps the numbers guidance was
/// tuned with, and a tuning passed in is the one the measures use.
struct GuidanceTuningTests {
    @Test func theStandardTuningKeepsTheTunedNumbers() {
        let b = GuidanceTuning.standard.bends
        #expect(b.groundStepM == GroundLine.stepM && b.groundStepM == 5)
        #expect(b.walkWindowM == 50 && b.wideWindowM == 100 && b.smoothingM == 15)
        #expect(b.minTurnDeg == 45 && b.gpsMarginDeg == 10 && b.minWideDeg == 55)
        #expect(b.cornerDeg == 75 && b.cornerWideDeg == 20 && b.peakRadiusM == 25 && b.oneCurveM == 60 && b.minSideM == 25)
        #expect(b.plateauDeg == 5 && b.plateauReachM == 60)
        #expect(b.hairpinDeg == 150 && b.hairpinReachM == 25 && b.hairpinMinOffsetM == 4)
        let s = GuidanceTuning.standard.switchbacks
        #expect(s.chordM == 25 && s.hairpinMinDeg == 100 && s.minHairpins == 3 && s.extendMinDeg == 30)
        #expect(s.tipRadiusM == 15 && s.sameTipM == 30 && s.maxLegM == 80 && s.marginM == 25)
    }

    /// 300 m north, then 300 m east: one right turn, until the turn threshold is raised past it.
    @Test func aTurnFollowsTheTuningPassedIn() throws {
        let corner = Fixtures.densify(Fixtures.walk([(0, 300), (90, 300)]), stepM: 5).coords
        let line = WalkerBends.smoothed(LineMeasure(corner), tuning: .standard)
        let turns = WalkerBends.turns(on: line, unsmoothed: LineMeasure(corner), tuning: .standard)
        try #require(turns.count == 1)
        #expect(turns[0].dir == .right && abs(turns[0].deviationDeg - 90) < 15, "\(turns[0].deviationDeg)")
        var strict = GuidanceTuning()
        strict.bends.minTurnDeg = 120
        #expect(WalkerBends.turns(on: line, unsmoothed: LineMeasure(corner), tuning: strict).isEmpty)
        // A wider GPS margin asks more of the 100 m bend than the corner's.
        var wary = GuidanceTuning()
        wary.bends.gpsMarginDeg = 80
        wary.bends.cornerDeg = 170
        #expect(WalkerBends.turns(on: line, unsmoothed: LineMeasure(corner), tuning: wary).isEmpty)
    }

    /// Six hairpins make a run; asking for more than six in a row makes none.
    @Test func aSwitchbackRunFollowsTheTuningPassedIn() {
        let z = SwitchbackRunsTests.zigzag(hairpins: 6, legM: 40)
        let line = SwitchbackRunsTests.bendLine(z.coords)
        #expect(SwitchbackRuns.runs(on: line, tuning: .standard).count == 1)
        var more = GuidanceTuning()
        more.switchbacks.minHairpins = 7
        #expect(SwitchbackRuns.runs(on: line, tuning: more).isEmpty)
    }
}
