import Testing
import TrailpackCore
@testable import Guidance

struct DeviationTests {
    @Test(arguments: [
        (10.0, 350.0, -20.0), (350.0, 10.0, 20.0), (0.0, 180.0, 180.0), (180.0, 0.0, 180.0),
        (90.0, 45.0, -45.0), (-90.0, 90.0, 180.0), (720.0, 30.0, 30.0),
    ])
    func signedDifference(from: Double, to: Double, expected: Double) {
        #expect(abs(Deviation.signedDeg(from: from, to: to) - expected) < 1e-9)
    }

    @Test(arguments: [
        (0.0, TurnDirection.straight), (19.9, .straight), (-19.9, .straight),
        (20.0, .slightRight), (-20.0, .slightLeft), (44.9, .slightRight),
        (45.0, .right), (-45.0, .left), (119.9, .right),
        (120.0, .sharpRight), (-120.0, .sharpLeft), (159.9, .sharpRight), (-159.9, .sharpLeft),
        (160.0, .uTurn), (-160.0, .uTurn), (180.0, .uTurn),
    ])
    func classBoundaries(deviationDeg: Double, dir: TurnDirection) {
        #expect(Deviation.direction(forDeviationDeg: deviationDeg) == dir)
    }

    @Test func verbs() {
        #expect(Deviation.turnVerb(.slightRight) == "Bear right")
        #expect(Deviation.turnVerb(.left) == "Turn left")
        #expect(Deviation.turnVerb(.sharpRight) == "Turn sharp right")
        #expect(Deviation.turnVerb(.uTurn) == "Make a U-turn")
        #expect(Deviation.junctionVerb(.slightLeft) == "Keep left")
        #expect(Deviation.junctionVerb(.right) == "Turn right")
    }
}
