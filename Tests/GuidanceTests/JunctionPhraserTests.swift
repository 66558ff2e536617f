import Testing
import TrailpackCore
@testable import Guidance

struct JunctionPhraserTests {
    typealias Branch = (deviationDeg: Double, trailName: String?)

    static func phrase(_ inName: String?, _ outName: String?, _ dev: Double, _ branches: [Branch]) -> (String, TurnDirection) {
        let r = JunctionPhraser.phrase(JunctionSituation(incomingTrail: inName, outgoingTrail: outName,
                                                         takenDeviationDeg: dev, branches: branches), tuning: .standard)
        return (r.instruction, r.dir)
    }

    @Test func forkSameTrailNamesTheBranchNotTaken() {
        let r = Self.phrase("Kilkenny Ridge Trail", "Kilkenny Ridge Trail", -10, [(10, "York Pond Trail")])
        #expect(r.0 == "Keep left at the junction with York Pond Trail")
        #expect(r.1 == .slightLeft)
        // An unnamed branch: the trail stayed on is named instead.
        #expect(Self.phrase("Kilkenny Ridge Trail", "Kilkenny Ridge Trail", 10, [(-10, nil)])
            == ("Keep right to stay on Kilkenny Ridge Trail", .slightRight))
    }

    /// Leaving the trails for a point off the network: a compass point and "off trail", the turn
    /// as `dir`, whatever the trails around (no trail is taken).
    @Test func aLegOffTheTrailsIsACompassPointOffTrail() {
        for (bearing, dev, expected) in [(225.0, -90.0, ("Head southwest, off trail", TurnDirection.left)),
                                         (10, 5, ("Head north, off trail", .straight)), (100, 60, ("Head east, off trail", .right))] {
            let r = JunctionPhraser.phrase(JunctionSituation(incomingTrail: "Bunnell Notch Trail", outgoingTrail: nil, takenDeviationDeg: dev,
                                                             branches: [(0, "Bunnell Notch Trail"), (-10, "York Pond Trail")],
                                                             offTrailBearingDeg: bearing), tuning: .standard)
            #expect(r.instruction == expected.0 && r.dir == expected.1, "\(bearing): \(r)")
        }
    }

    @Test func forkOntoANewTrail() {
        let r = Self.phrase("Kilkenny Ridge Trail", "York Pond Trail", 10, [(-10, "Kilkenny Ridge Trail")])
        #expect(r.0 == "Keep right onto York Pond Trail")
        #expect(r.1 == .slightRight)
    }

    @Test func forkOnAnUnnamedPathNamesTheBranchNotTaken() {
        let r = Self.phrase(nil, nil, 12, [(-8, "York Pond Trail")])
        #expect(r.0 == "Keep right at the junction with York Pond Trail")
        #expect(r.1 == .slightRight)
        #expect(Self.phrase(nil, nil, -12, [(8, nil)]).0 == "Keep left at the fork")
    }

    @Test func forkSideIsRelativeToTheRivalNotToStraight() {
        // Both leave to the right; the route takes the less-right one.
        let r = Self.phrase("A", "A", 15, [(28, "B")])
        #expect(r.0 == "Keep left at the junction with B")
        #expect(r.1 == .slightLeft)
    }

    @Test func crossingNamesTheCrossedTrail() {
        let r = Self.phrase("Kilkenny Ridge Trail", "Kilkenny Ridge Trail", 3, [(-88, "Bunnell Notch Trail"), (95, "Bunnell Notch Trail")])
        #expect(r.0 == "Continue straight across Bunnell Notch Trail")
        #expect(r.1 == .straight)
        #expect(Self.phrase("A", "A", -5, [(-90, nil), (90, nil)]).0 == "Continue straight across the path")
        #expect(Self.phrase("A", "C", 0, [(-90, "B"), (90, "B")]).0 == "Continue straight across B onto C")
    }

    @Test func straightPastASideTrail() {
        #expect(Self.phrase("A", "A", 2, [(80, "B")]) == ("Continue straight past B", .straight))
        #expect(Self.phrase("A", "A", 2, [(80, nil)]) == ("Continue on A", .straight))
        #expect(Self.phrase("A", "C", 2, [(80, "A")]) == ("Continue straight onto C", .straight))
        #expect(Self.phrase("A", nil, 2, [(80, "A")]) == ("Continue straight onto an unnamed trail", .straight))
        #expect(Self.phrase(nil, nil, 2, [(-80, "B")]) == ("Continue straight past B", .straight))
        #expect(Self.phrase(nil, nil, 2, [(-80, nil)]) == ("Continue on the path", .straight))
    }

    @Test(arguments: [
        (-90.0, TurnDirection.left, "Turn left onto York Pond Trail"),
        (90.0, .right, "Turn right onto York Pond Trail"),
        (-35.0, .slightLeft, "Keep left onto York Pond Trail"),
        (140.0, .sharpRight, "Turn sharp right onto York Pond Trail"),
        (-165.0, .uTurn, "Make a U-turn onto York Pond Trail"),
    ])
    func turnOntoANewTrail(dev: Double, dir: TurnDirection, text: String) {
        #expect(Self.phrase("Mt Cabot Trail", "York Pond Trail", dev, [(0, "Mt Cabot Trail")]) == (text, dir))
    }

    @Test func turnStayingOnTheTrail() {
        #expect(Self.phrase("A", "A", 90, [(0, "B")]) == ("Turn right at the junction with B", .right))
        #expect(Self.phrase("A", "A", 90, [(0, nil)]) == ("Turn right to stay on A", .right))
        // A slight bend away from a branch that leaves far behind (not a fork): the same rule.
        #expect(Self.phrase("Bunnell Notch Trail", "Bunnell Notch Trail", 39, [(-127, "Killkenny Ridge Trail")])
            == ("Keep right at the junction with Killkenny Ridge Trail", .slightRight))
        #expect(Self.phrase(nil, nil, 90, [(0, "B")]) == ("Turn right at the junction with B", .right))
        #expect(Self.phrase(nil, nil, -90, [(0, nil)]) == ("Turn left at the junction", .left))
        #expect(Self.phrase("A", nil, -90, [(0, "A")]) == ("Turn left onto an unnamed trail", .left))
    }
}
