import Foundation
import Testing
import TrailpackCore
@testable import Guidance

/// The one precedence table: the order of waypoints at equal `i`, and how cues merge.
struct CuePrecedenceTests {
    @Test func theTableOrdersWaypointsAtEqualIndex() {
        #expect(CuePrecedence.table.map(\.waypointClass) == [.start, .junction, .turn, .summit, .uTurn, .poi, .end])
        let shuffled = [
            Waypoint(i: 3, kind: .poi, name: "P", instruction: "Pass P"),
            Waypoint(i: 3, kind: .turn, instruction: "Turn around", dir: .uTurn),
            Waypoint(i: 3, kind: .summit, name: "S", instruction: "Reach the summit of S"),
            Waypoint(i: 3, kind: .turn, instruction: "Turn left", dir: .left),
            Waypoint(i: 0, kind: .start, instruction: "Head north"),
            Waypoint(i: 3, kind: .junction, instruction: "Turn left onto X", dir: .left),
        ]
        #expect(CuePrecedence.ordered(shuffled).map(\.instruction)
                == ["Head north", "Turn left onto X", "Turn left", "Reach the summit of S", "Turn around", "Pass P"])
    }

    /// Cues on a straight line east with vertices every 10 m.
    static let line = LineMeasure(Fixtures.walk(Array(repeating: (90.0, 10.0), count: 20)))

    static func cue(_ k: Int, _ kind: WaypointKind, _ dir: TurnDirection, _ deviationDeg: Double) -> Cue {
        Cue(pathIndex: k, kind: kind, name: nil, instruction: "\(kind) \(k)", dir: dir, deviationDeg: deviationDeg)
    }

    @Test func aUTurnAbsorbsItsJunctionAndTurnsWithin40m() {
        let cues = [Self.cue(5, .junction, .sharpLeft, -150), Self.cue(9, .junction, .left, -90), Self.cue(2, .turn, .right, 90),
                    Self.cue(14, .turn, .left, -80), Self.cue(5, .turn, .uTurn, 178)]
        let merged = CuePrecedence.merged(cues, on: Self.line, tuning: .standard)
        // The junction 40 m on stays (only the one at the tip goes); of the turns 30 m and 90 m
        // away the first goes, the second (50 m past the junction) stays.
        #expect(merged.map(\.instruction) == ["turn 5", "junction 9", "turn 14"])
        #expect(merged.map(\.dir) == [.uTurn, .left, .left])
    }

    @Test func aJunctionBeatsATurnAndTheLargerTurnWins() {
        let cues = [Self.cue(2, .turn, .right, 100), Self.cue(5, .junction, .slightLeft, -30), Self.cue(10, .turn, .left, -60),
                    Self.cue(13, .turn, .right, 70), Self.cue(15, .junction, .right, 60)]
        let merged = CuePrecedence.merged(cues, on: Self.line, tuning: .standard)
        // 2 (turn) and 5 (junction) 30 m apart: the junction. 10 is 50 m from 5: kept, then 13
        // (30 m on, larger) replaces it, and the junction 20 m on replaces that.
        #expect(merged.map(\.instruction) == ["junction 5", "junction 15"])
        // Two junctions never merge.
        let two = CuePrecedence.merged([Self.cue(3, .junction, .left, -90), Self.cue(4, .junction, .right, 90)], on: Self.line, tuning: .standard)
        #expect(two.count == 2)
    }

    @Test func onlyAReversalIsAUTurn() {
        #expect(ReversalPass.directionNotReversing(deviationDeg: 170) == .sharpRight)
        #expect(ReversalPass.directionNotReversing(deviationDeg: -175) == .sharpLeft)
        #expect(ReversalPass.directionNotReversing(deviationDeg: 150) == .sharpRight)
        #expect(ReversalPass.directionNotReversing(deviationDeg: -90) == .left)
        // A junction taken back on itself reads sharp, by the side of the way taken.
        let s = JunctionSituation(incomingTrail: "A", outgoingTrail: "B", takenDeviationDeg: -165, branches: [(10, "A")])
        #expect(JunctionPhraser.phrase(s, tuning: .standard, direction: ReversalPass.directionNotReversing) == ("Turn sharp left onto B", .sharpLeft))
        #expect(JunctionPhraser.phrase(s, tuning: .standard) == ("Make a U-turn onto B", .uTurn))
    }
}
