import Testing
import TrailpackCore
@testable import Guidance

/// `TurnAgreement`: a turn cue never contradicts the route's written line, read as
/// `trailpack validate` reads it (side, class, the 100 m hold; hairpins by the way after).
@Suite struct TurnAgreementTests {
    /// A line of `legs` densified to 12 m steps, with the vertex nearest `atM` metres along.
    static func line(_ legs: [(bearingDeg: Double, lengthM: Double)], atM: Double) -> (LineMeasure, Int) {
        let d = Fixtures.densify(Fixtures.walk(legs))
        let k = d.cumM.indices.min { abs(d.cumM[$0] - atM) < abs(d.cumM[$1] - atM) }!
        return (LineMeasure(coords: d.coords, cumM: d.cumM), k)
    }

    @Test func aRightCornerAgreesWithRightCuesOfItsClassOrTheNext() {
        let (corner, k) = Self.line([(0, 240), (90, 240)], atM: 240)
        let measured = WalkerBends.bendDeg(corner, at: k, windowM: 50)!
        #expect(abs(measured - 90) < 5)
        for deviationDeg in [50.0, 90, 130] {
            #expect(TurnAgreement.agrees(deviationDeg: deviationDeg, at: k, on: corner, tuning: .standard), "\(deviationDeg)")
        }
        #expect(!TurnAgreement.agrees(deviationDeg: -90, at: k, on: corner, tuning: .standard))  // the wrong side
    }

    @Test func aSharpCueOnANearlyStraightLineIsRefused() {
        let (gentle, k) = Self.line([(0, 240), (30, 240)], atM: 240)
        #expect(TurnAgreement.agrees(deviationDeg: 30, at: k, on: gentle, tuning: .standard))
        // Two classes off: "sharp right" where the line bends 30 degrees.
        #expect(!TurnAgreement.agrees(deviationDeg: 130, at: k, on: gentle, tuning: .standard))
    }

    @Test func aTurnThatDoesNotHoldOver100MetresIsRefused() {
        // An S-bend: 70 degrees right, 24 m on, 70 degrees back left: the 100 m bend is small.
        let (sBend, k) = Self.line([(0, 240), (70, 24), (0, 240)], atM: 252)
        let wide = WalkerBends.bendDeg(sBend, at: k, windowM: 100)!
        #expect(abs(wide) < GuidanceTuning.standard.bends.cornerWideDeg)
        #expect(!TurnAgreement.agrees(deviationDeg: 60, at: k, on: sBend, tuning: .standard))
    }

    @Test func aHairpinsSideIsWhereTheWayAfterLies() {
        // North 240 m, 8 m east, back south: a right-hand hairpin whose 50 m bend is near 180.
        let (hairpin, k) = Self.line([(0, 240), (90, 8), (180, 240)], atM: 244)
        let measured = WalkerBends.bendDeg(hairpin, at: k, windowM: 50)!
        #expect(abs(measured) >= GuidanceTuning.standard.bends.hairpinDeg)
        #expect(TurnAgreement.settledSide(bendDeg: measured, at: k, on: hairpin, tuning: .standard) == true)
        #expect(TurnAgreement.agrees(deviationDeg: 150, at: k, on: hairpin, tuning: .standard))
        #expect(!TurnAgreement.agrees(deviationDeg: -150, at: k, on: hairpin, tuning: .standard))
    }

    @Test func aTurnBackWithin100MetresIsNoSideAt100Metres() {
        // 110 degrees right, then 40 m on, right again: the 100 m bend turns back, its sign noise.
        let (uShape, k) = Self.line([(0, 240), (110, 40), (200, 240)], atM: 240)
        let wide = WalkerBends.bendDeg(uShape, at: k, windowM: 100)!
        #expect(abs(wide) >= GuidanceTuning.standard.bends.hairpinDeg)
        #expect(TurnAgreement.agrees(deviationDeg: 110, at: k, on: uShape, tuning: .standard))
        #expect(WalkerBends.sidesAgree(b50Deg: 110, b100Deg: -wide.magnitude, at: k, on: uShape, tuning: .standard))
    }
}
