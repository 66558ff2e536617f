import Foundation
import Testing
import TrackGeometry
import TrailpackCore
@testable import Guidance

/// `Reversals`: which evidence makes a vertex a reversal, on drawn lines (no GPS error, so the
/// evidence is known).
struct ReversalsTests {
    static let tuning = GuidanceTuning.standard.overlap

    /// Out 400 m due north, then back: the way back `offsetM` metres east of the way in.
    static func outAndBack(offsetM: Double) -> LineMeasure {
        let up = Fixtures.walk([(0, 400)])
        let back = Fixtures.walk(from: Geodesic.destination(from: up[1], bearingDeg: 90, distanceM: offsetM), [(180, 400)])
        return LineMeasure(Fixtures.densify(up + back, stepM: 5).coords)
    }

    /// The evidence at each reversal `Reversals.reversals` finds on `line`.
    static func evidence(_ line: LineMeasure, drawn: Bool) -> [Reversals.Evidence?] {
        let bends = WalkerBends.walkBends(on: line, tuning: .standard)
        return Reversals.reversals(on: line, walkBends: bends, drawn: drawn, tuning: .standard).map {
            Reversals.evidence(at: $0.pathIndex, line, line.geometry, bends50: bends, drawn: drawn, .standard)
        }
    }

    @Test func aWayBackOnTheWayInIsAnExactReversal() {
        let line = Self.outAndBack(offsetM: 0)
        let found = Reversals.reversals(on: line, drawn: true, tuning: .standard)
        #expect(found.count == 1)
        #expect(found.first.map { abs(line.cumM[$0.pathIndex] - 400) <= 5 } == true)
        #expect(Self.evidence(line, drawn: true) == [.exact])
    }

    /// 4 m apart: within `drawnWithinM` of the way in all along, a reversal retraced on a drawn
    /// line and on a recording.
    @Test func aWayBackBesideTheWayInRetraces() {
        let line = Self.outAndBack(offsetM: 4)
        #expect(Self.evidence(line, drawn: true) == [.retraced])
        #expect(Self.evidence(line, drawn: false) == [.retraced])
    }

    /// 9 m apart: farther than `drawnWithinM`, a hairpin on a drawn line; within `nearWithinM`, a
    /// way walked back on a recording.
    @Test func legsNineMetresApartAreAHairpinDrawnAndAReversalRecorded() {
        let line = Self.outAndBack(offsetM: 9)
        #expect(Self.evidence(line, drawn: true).isEmpty)
        #expect(Self.evidence(line, drawn: false) == [.retraced])
    }

    /// Legs spreading 15 degrees apart from a tip: no way back at all.
    @Test func spreadingLegsAreNoReversal() {
        let up = Fixtures.walk([(0, 400)])
        let line = LineMeasure(Fixtures.densify(up + Fixtures.walk(from: up[1], [(165, 400)]), stepM: 5).coords)
        #expect(Reversals.reversals(on: line, drawn: false, tuning: .standard).isEmpty)
        #expect(Reversals.reversals(on: line, drawn: true, tuning: .standard).isEmpty)
    }

    /// The far rule on its own: a way back 25 m beside the way in (two passes' drift) is too far
    /// for the near rule but reverses on a recording; never on a drawn line.
    @Test func aWayBackTwentyFiveMetresAwayRetracesOnTheFarRuleAlone() {
        let line = Self.outAndBack(offsetM: 25)
        let g = line.geometry
        let tip = Reversals.reversals(on: line, drawn: false, tuning: .standard).map(\.pathIndex)
        #expect(tip.count == 1)
        if let k = tip.first {
            let verdict = Retrace.verdict(g, at: k, drawn: false, Self.tuning)
            #expect(verdict.far && !verdict.near)
        }
        #expect(Reversals.reversals(on: line, drawn: true, tuning: .standard).isEmpty)
    }
}
