import Foundation
import Testing
import TrailpackCore
@testable import Navigation

/// The walking clock of docs/NAVIGATION.md ("ETA"): stops of `breakMinS` within `stopRadiusM`
/// are breaks, whether the recorder paused or kept fixing; shorter pauses and slow walking are not.
@Suite struct WalkingClockTests {
    static let tuning = NavigationTuning.standard
    static let start = LonLat(14.0, 46.0)

    /// Fixes `northM` metres north of the start at `timeS`, all reporting no accuracy.
    static func fixes(_ points: [(timeS: Double, northM: Double)]) -> [Fix] {
        points.map { Fix(location: SyntheticWalk.offset(start, eastM: 0, northM: $0.northM), timeS: $0.timeS) }
    }

    static func walking(_ fixes: [Fix]) -> [Double] {
        var clock = WalkingClock()
        return fixes.map { clock.add($0, tuning: tuning); return clock.walkingS }
    }

    @Test func aPausedRecorderIsABreak() {
        // Walking at 1.2 m/s, then a fix 20 minutes later 8 m on (a hut), then walking on.
        let walk = Self.fixes([(0, 0), (10, 12), (20, 24), (1220, 32), (1230, 44), (1240, 56)])
        let w = Self.walking(walk)
        // The run from the fix at 20 s (the last before the pause) to the one at 1230 s, within 25 m of it, is a
        // break: 1210 s. The ten seconds from 1220 to 1230 s are lost with it (a fix interval; documented).
        #expect(w == [0, 10, 20, 20, 20, 30])
    }

    @Test func aPhoneFixingThroughLunchGivesTheSameBreakAsARecorderPaused() {
        var points: [(Double, Double)] = [(0, 0), (10, 12), (20, 24)]
        // 20 minutes of fixes every 5 s wandering within 6 m of where the walker sat down.
        for k in 1...240 { points.append((20 + Double(k) * 5, 24 + 6 * sin(Double(k)))) }
        points += [(1230, 44), (1240, 56)]
        let w = Self.walking(Self.fixes(points))
        let paused = Self.walking(Self.fixes([(0, 0), (10, 12), (20, 24), (1220, 32), (1230, 44), (1240, 56)]))
        #expect(w.last == paused.last && w.last == 30)
        // The run counts as walking until it is two minutes long, then as a break as a whole: the clock goes back.
        #expect(w[2 + 23] == 135 && w[2 + 24] == 20)
    }

    /// In hindsight each break is known in full: the fixes of the lunch are all at the time the
    /// walker sat down (the live clock counted its first two minutes as walking), and the end
    /// agrees with the live clock; a lunch still going at the last fix is a break too.
    @Test func inHindsightEveryBreakIsKnownInFull() {
        var points: [(Double, Double)] = [(0, 0), (10, 12), (20, 24)]
        for k in 1...240 { points.append((20 + Double(k) * 5, 24 + 6 * sin(Double(k)))) }
        points += [(1230, 44), (1240, 56)]
        let fixes = Self.fixes(points)
        let hindsight = WalkingClock.hindsight(fixes, tuning: Self.tuning)
        #expect(hindsight.count == fixes.count)
        #expect(hindsight[2 + 23] == 20 && hindsight[2 + 1] == 20 && Self.walking(fixes)[2 + 23] == 135)
        #expect(hindsight.last == Self.walking(fixes).last)
        let stillEating = Array(fixes.prefix(2 + 100))
        #expect(WalkingClock.hindsight(stillEating, tuning: Self.tuning).last == 20)
        #expect(Self.walking(Self.fixes([(0, 0), (10, 12), (110, 14), (120, 26)]))
                == WalkingClock.hindsight(Self.fixes([(0, 0), (10, 12), (110, 14), (120, 26)]), tuning: Self.tuning))
    }

    /// An ETA error of a few seconds either way prints as "+0 min", never "-0 min".
    @Test func aSignedMinuteIsNeverMinusZero() {
        #expect(String(format: "%+.0f", ETAAccuracy.minutes(-20)) == "+0")
        #expect(String(format: "%+.0f", ETAAccuracy.minutes(-31)) == "-1" && String(format: "%+.0f", ETAAccuracy.minutes(95)) == "+2")
    }

    @Test func aShortPauseAndASlowSteepClimbAreWalking() {
        // A 100 s pause at a gate: under breakMinS.
        let pause = Self.walking(Self.fixes([(0, 0), (10, 12), (110, 14), (120, 26)]))
        #expect(pause == [0, 10, 110, 120])
        // 0.3 m/s horizontally (a 28% slope at DIN's 300 m/h of climb), a fix every 20 s: leaves 25 m in under 100 s.
        let climb = Self.walking(Self.fixes((0...30).map { (Double($0) * 20, Double($0) * 6) }))
        #expect(climb.last == 600)
    }

    @Test func thePaceFactorStartsAtDINsAndMovesTowardsTheWalkersOwn() {
        #expect(RouteETA.paceFactor(elapsedS: 0, walkedDinS: 0) == 1)
        // An hour of DIN walking taken in 1.5 h: half way from 1 to 1.5 (the prior is an hour).
        #expect(abs(RouteETA.paceFactor(elapsedS: 5400, walkedDinS: 3600) - 1.25) < 1e-12)
        // Ten hours: the walker's own pace nearly, 1.4545...
        #expect(abs(RouteETA.paceFactor(elapsedS: 54000, walkedDinS: 36000) - 57600.0 / 39600) < 1e-12)
        #expect(RouteETA.paceFactor(elapsedS: 1e6, walkedDinS: 10) == Self.tuning.paceFactorMax)
    }
}
