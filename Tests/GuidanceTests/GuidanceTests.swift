import Foundation
import Testing
import TrailpackCore
@testable import Guidance

/// End-to-end waypoints from `Guidance.waypoints(for:)` on constructed routes.
struct GuidanceTests {
    // MARK: Turns off the network

    @Test(arguments: [
        (60.0, TurnDirection.right, "Turn right"), (-60.0, .left, "Turn left"),
        (100.0, .right, "Turn right"), (-100.0, .left, "Turn left"),
        (140.0, .sharpRight, "Turn sharp right"), (-140.0, .sharpLeft, "Turn sharp left"),
        (155.0, .sharpRight, "Turn sharp right"), (-155.0, .sharpLeft, "Turn sharp left"),
        // Legs 150 m long 10 degrees apart run within 30 m of each other: the route reverses.
        (170.0, .uTurn, "Turn around"), (-170.0, .uTurn, "Turn around"),
    ])
    func offNetworkTurnClasses(deviationDeg: Double, dir: TurnDirection, text: String) throws {
        let path = RoutePath(coords: Fixtures.walk([(20, 150), (20 + deviationDeg, 150)]))
        let input = Fixtures.input(path)
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        try #require(cues.count == 1)
        #expect(cues[0].kind == .turn)
        #expect(cues[0].dir == dir)
        #expect(cues[0].instruction == text)
        #expect(cues[0].i == input.resampledIndexOfPathVertex[1])
        #expect(cues[0].name == nil)
    }

    @Test(arguments: [30.0, -30.0, 40.0, -40.0])
    func offNetworkSlightBendsAreDetectedButNotAnnounced(deviationDeg: Double) throws {
        // The bend is slight, on the right side, with the right wording...
        let coords = Fixtures.walk([(0, 150), (deviationDeg, 150)])
        let measured = try #require(LineMeasure(coords).deviationDeg(at: 1, windowM: GuidanceTuning.standard.cues.angleChordM))
        #expect(abs(measured - deviationDeg) < 0.01)
        let dir = Deviation.direction(forDeviationDeg: measured)
        #expect(dir == (deviationDeg > 0 ? .slightRight : .slightLeft))
        #expect(Deviation.turnVerb(dir) == (deviationDeg > 0 ? "Bear right" : "Bear left"))
        // ...but off the network only changes of 45 degrees or more become waypoints.
        #expect(Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: coords)))).isEmpty)
    }

    @Test(arguments: [0.0, 10.0, -15.0, 19.0])
    func straightGivesNothing(deviationDeg: Double) throws {
        let path = RoutePath(coords: Fixtures.walk([(200, 150), (200 + deviationDeg, 150), (200, 150)]))
        let w = try Guidance.waypoints(for: Fixtures.input(path))
        #expect(w.map(\.kind) == [.start, .end])
    }

    /// Three hairpins of 155 degrees whose legs spread apart (a switchback, not a way back).
    static let switchbacks: [(bearingDeg: Double, lengthM: Double)] = [(45, 120), (200, 70), (45, 70), (200, 120)]

    @Test func switchbacksOnOneNetworkTrailGiveNoTurn() throws {
        let coords = Fixtures.walk(Self.switchbacks)
        let onTrail = RoutePath(coords: coords, segmentTrailNames: Array(repeating: "Mt Cabot Trail", count: coords.count - 1),
                                junctions: [], onNetwork: true)
        let w = try Guidance.waypoints(for: Fixtures.input(onTrail))
        #expect(w.map(\.kind) == [.start, .end])
        #expect(w[0].instruction == "Head northeast on Mt Cabot Trail")
        // The same geometry as a recorded track off the network is a switchback run: no cue
        // (SwitchbackRuns), and never a U-turn (the route does not come back on itself).
        let offTrail = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: coords))))
        #expect(offTrail.isEmpty, "\(offTrail)")
        // Two of its hairpins alone are no run: sharp turns, never a U-turn.
        let zigzag = Fixtures.walk(Array(Self.switchbacks.prefix(2)) + [(45, 120)])
        let two = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: zigzag))))
        #expect(two.count == 2)
        #expect(two.map(\.dir) == [.sharpRight, .sharpLeft], "\(two)")
    }

    /// A turn must clear 45 degrees by the GPS margin over 100 m (`GuidanceTuning.Bends.gpsMarginDeg`): a
    /// corner of 50 degrees between straight legs, which a recording reads anywhere from 40 to
    /// 60, gives no cue; one of 60 degrees does; so does each corner of two right angles 80 m
    /// apart, right then left (corners of 75 degrees or more on the smoothed line, where a right
    /// angle reads 79), while two bends of 50 degrees, the trail winding, give none.
    @Test func aTurnClearsTheGPSMargin() throws {
        func dirs(_ legs: [(Double, Double)]) throws -> [TurnDirection?] {
            Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: Fixtures.densify(Fixtures.walk(legs), stepM: 5).coords))))
                .map(\.dir)
        }
        #expect(try dirs([(0, 200), (50, 200)]).isEmpty)
        #expect(try dirs([(0, 200), (60, 200)]) == [.right])
        #expect(try dirs([(0, 200), (90, 80), (0, 200)]) == [.right, .left])
        #expect(try dirs([(0, 200), (50, 60), (0, 200)]).isEmpty)
    }

    @Test func twoTurnsTwentyMetresApartMergeIntoOne() throws {
        let coords = Fixtures.walk([(0, 150), (50, 20), (100, 150)])
        let input = Fixtures.input(RoutePath(coords: coords))
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        try #require(cues.count == 1)
        #expect(cues[0].kind == .turn)
        #expect(cues[0].dir == .right)
        #expect([input.resampledIndexOfPathVertex[1], input.resampledIndexOfPathVertex[2]].contains(cues[0].i))
        // Control: 60 m apart they are two separate cues.
        let apart = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: Fixtures.walk([(0, 150), (50, 60), (100, 150)])))))
        #expect(apart.map(\.dir) == [.right, .right])
    }

    @Test func oneCurveDrawnWithTwoSharperCornersIsOneCue() throws {
        // 120 degrees right over 50 m: corners of 50, 20 and 50 degrees 25 m apart (as a sparse
        // recording draws a curve): one cue.
        let coords = Fixtures.walk([(0, 200), (50, 25), (70, 25), (120, 200)])
        let input = Fixtures.input(RoutePath(coords: coords))
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        try #require(cues.count == 1, "\(cues.map(\.instruction))")
        #expect(cues[0].dir == .right || cues[0].dir == .sharpRight)
        #expect((1...3).map { input.resampledIndexOfPathVertex[$0] }.contains(cues[0].i))
        // The rule on its own: two right turns 50 m apart (farther than turns merge at, 40 m) on one
        // curve are one; the same two with a left bend between them stay two.
        let line = WalkerBends.smoothed(LineMeasure(Fixtures.densify(coords, stepM: 5).coords), tuning: .standard)
        let bends = WalkerBends.walkBends(on: line, tuning: .standard)
        let a = line.cumM.firstIndex { $0 >= 225 }!, b = line.cumM.firstIndex { $0 >= 275 }!
        let two = [Bend(pathIndex: a, deviationDeg: 60), Bend(pathIndex: b, deviationDeg: 62)]
        #expect(WalkerBends.oneCurveOneCue(two, line: line, walkBends: bends, tuning: .standard) == [two[1]])
        var kinked = bends
        kinked[(a + b) / 2] = -25
        #expect(WalkerBends.oneCurveOneCue(two, line: line, walkBends: kinked, tuning: .standard) == two)
    }

    @Test func junctionBeatsANearbyTurn() throws {
        // Off-network geometry with a known junction 20 m after a 60 degree bend.
        let coords = Fixtures.walk([(0, 150), (60, 20), (60, 150)])
        let path = RoutePath(coords: coords, junctions: [RouteJunction(index: 2, branches: [JunctionBranch(bearingDeg: 150, trailName: "B")])])
        let input = Fixtures.input(path)
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        try #require(cues.count == 1)
        #expect(cues[0].kind == .junction)
        #expect(cues[0].i == input.resampledIndexOfPathVertex[2])
    }

    // MARK: Junctions (constructed network)

    /// A route arriving northward over `inM` metres, leaving at `outBearingDeg`; a junction at vertex 1.
    static func networkRoute(inName: String?, outName: String?, outBearingDeg: Double, branches: [JunctionBranch]) -> RoutePath {
        RoutePath(coords: Fixtures.walk([(0, 150), (outBearingDeg, 150)]), segmentTrailNames: [inName, outName],
                  junctions: [RouteJunction(index: 1, branches: branches)], onNetwork: true)
    }

    @Test(arguments: [(-10.0, "Keep left", TurnDirection.slightLeft), (10.0, "Keep right", .slightRight)])
    func forkAtTenDegrees(takenDeg: Double, verb: String, dir: TurnDirection) throws {
        let path = Self.networkRoute(inName: "Kilkenny Ridge Trail", outName: "Kilkenny Ridge Trail", outBearingDeg: takenDeg,
                                     branches: [JunctionBranch(bearingDeg: -takenDeg + 360, trailName: "York Pond Trail")])
        let input = Fixtures.input(path)
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        try #require(cues.count == 1)
        #expect(cues[0].kind == .junction)
        #expect(cues[0].i == input.resampledIndexOfPathVertex[1])
        #expect(cues[0].instruction == "\(verb) at the junction with York Pond Trail")
        #expect(cues[0].dir == dir)
        #expect(cues[0].name == "Kilkenny Ridge Trail")
    }

    @Test func straightThroughAFourWayCrossing() throws {
        let path = Self.networkRoute(inName: "Kilkenny Ridge Trail", outName: "Kilkenny Ridge Trail", outBearingDeg: 0, branches: [
            JunctionBranch(bearingDeg: 92, trailName: "Bunnell Notch Trail"), JunctionBranch(bearingDeg: 268, trailName: "Bunnell Notch Trail"),
        ])
        let cues = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(path)))
        try #require(cues.count == 1)
        #expect(cues[0].instruction == "Continue straight across Bunnell Notch Trail")
        #expect(cues[0].dir == .straight)
        #expect(cues[0].name == "Kilkenny Ridge Trail")
    }

    @Test(arguments: [(270.0, TurnDirection.left, "Turn left onto York Pond Trail", 90.0), (90.0, .right, "Turn right onto York Pond Trail", 270.0)])
    func turnAtATJunction(outBearingDeg: Double, dir: TurnDirection, text: String, otherArmDeg: Double) throws {
        let path = Self.networkRoute(inName: "Mt Cabot Trail", outName: "York Pond Trail", outBearingDeg: outBearingDeg,
                                     branches: [JunctionBranch(bearingDeg: otherArmDeg, trailName: "York Pond Trail")])
        let cues = Fixtures.cues(try Guidance.waypoints(for: Fixtures.input(path)))
        try #require(cues.count == 1)
        #expect(cues[0].kind == .junction)
        #expect(cues[0].dir == dir)
        #expect(cues[0].instruction == text)
        #expect(cues[0].name == "York Pond Trail")
    }

    @Test func everyJunctionGivesExactlyOneWaypointEvenWhenClose() throws {
        // Two junctions 20 m apart on a straight trail: both kept.
        let coords = Fixtures.walk([(0, 150), (0, 20), (0, 150)])
        let path = RoutePath(coords: coords, segmentTrailNames: ["A", "A", "A"], junctions: [
            RouteJunction(index: 1, branches: [JunctionBranch(bearingDeg: 90, trailName: "B")]),
            RouteJunction(index: 2, branches: [JunctionBranch(bearingDeg: 270, trailName: "C")]),
            RouteJunction(index: 2, branches: [JunctionBranch(bearingDeg: 270, trailName: "C")]),
        ], onNetwork: true)
        let input = Fixtures.input(path)
        let cues = Fixtures.cues(try Guidance.waypoints(for: input))
        #expect(cues.map(\.i) == [input.resampledIndexOfPathVertex[1], input.resampledIndexOfPathVertex[2]])
        #expect(cues.map(\.instruction) == ["Continue straight past B", "Continue straight past C"])
    }

    // MARK: Summits and POIs

    /// 600 m straight east, peaking at 300 m with `peakM` and `dropM` lower at both ends.
    static func peakRoute(peakM: Double, dropM: Double, pois: [PointOfInterest] = []) -> GuidanceInput {
        let path = RoutePath(coords: Fixtures.walk([(90, 300), (90, 300)]))
        return Fixtures.input(path, pois: pois) { peakM - dropM * abs($0 - 300) / 300 }
    }

    @Test func unnamedSummitReadsItsElevation() throws {
        let input = Self.peakRoute(peakM: 1234, dropM: 60)
        let summits = try Guidance.waypoints(for: input).filter { $0.kind == .summit }
        try #require(summits.count == 1)
        #expect(summits[0].i == input.resampledIndexOfPathVertex[1])
        #expect(summits[0].name == "Summit 1,234 m")
        #expect(summits[0].instruction == "Reach the summit, 1,234 m")
    }

    @Test func summitTakesTheNearestPoiWithin150mAndAbsorbsIt() throws {
        let peak = Fixtures.walk([(90, 300)])[1]
        let near = PointOfInterest(name: "Mount Cabot", kind: "peak", location: Geodesic.destination(from: peak, bearingDeg: 0, distanceM: 30))
        let farther = PointOfInterest(name: "The Horn", kind: "peak", location: Geodesic.destination(from: peak, bearingDeg: 180, distanceM: 120))
        let input = Self.peakRoute(peakM: 1100, dropM: 60, pois: [farther, near])
        let w = try Guidance.waypoints(for: input)
        let summits = w.filter { $0.kind == .summit }
        try #require(summits.count == 1)
        #expect(summits[0].name == "Mount Cabot")
        #expect(summits[0].instruction == "Reach the summit of Mount Cabot")
        // Mount Cabot is 30 m from the route but appears once, as the summit.
        #expect(!w.contains { $0.kind == .poi && $0.name == "Mount Cabot" })
    }

    @Test func summitBeyond150mOfAnyPoiIsUnnamed() throws {
        let peak = Fixtures.walk([(90, 300)])[1]
        let far = PointOfInterest(name: "Mount Cabot", kind: "peak", location: Geodesic.destination(from: peak, bearingDeg: 0, distanceM: 160))
        let summits = try Guidance.waypoints(for: Self.peakRoute(peakM: 999.6, dropM: 60, pois: [far])).filter { $0.kind == .summit }
        #expect(summits.map(\.name) == ["Summit 1,000 m"])
    }

    @Test(arguments: [(20.5, 1), (15.0, 0)])
    func summitNeedsTwentyMetresOfDrop(dropM: Double, summits: Int) throws {
        let w = try Guidance.waypoints(for: Self.peakRoute(peakM: 800, dropM: dropM))
        #expect(w.filter { $0.kind == .summit }.count == summits)
    }

    @Test(arguments: [(49.0, true), (-49.0, true), (60.0, false), (-60.0, false)])
    func poiWithin50mOfTheRoute(offsetM: Double, expected: Bool) throws {
        let coords = Fixtures.walk([(30, 400)])
        let pond = PointOfInterest(name: "Unknown Pond", kind: "water", location: Fixtures.beside(coords[0], coords[1], fraction: 0.43, offsetM: offsetM))
        let input = Fixtures.input(RoutePath(coords: coords), pois: [pond])
        let pois = try Guidance.waypoints(for: input).filter { $0.kind == .poi }
        if expected {
            try #require(pois.count == 1)
            #expect(pois[0].name == "Unknown Pond")
            #expect(pois[0].instruction == "Pass Unknown Pond")
            // At the closest vertex, found here by brute force.
            let closest = input.resampledCoords.indices.min { Geodesic.distanceM(input.resampledCoords[$0], pond.location) < Geodesic.distanceM(input.resampledCoords[$1], pond.location) }
            #expect(pois[0].i == closest)
        } else {
            #expect(pois.isEmpty)
        }
    }

    @Test func poiDistanceIsToTheLineNotOnlyToVertices() {
        // Between two vertices 12 m apart, a POI 49.5 m off the line is 49.86 m from both vertices.
        let line = Fixtures.walk([(0, 12)])
        let p = Fixtures.beside(line[0], line[1], fraction: 0.5, offsetM: 49.5)
        let r = PoiMatcher.nearest(to: p, on: line)
        #expect(abs(r.distanceM - 49.5) < 0.05)
    }

    // MARK: Start and end

    @Test(arguments: [
        (0.0, "north"), (45.0, "northeast"), (90.0, "east"), (135.0, "southeast"),
        (180.0, "south"), (225.0, "southwest"), (270.0, "west"), (315.0, "northwest"),
    ])
    func startHeadsInTheCompassDirectionOfTheFirst50m(bearingDeg: Double, name: String) throws {
        let coords = Fixtures.walk([(bearingDeg + 15, 50), (bearingDeg - 80, 100)])
        let off = try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: coords)))
        #expect(off.first == Waypoint(i: 0, kind: .start, instruction: "Head \(name)"))
        let on = RoutePath(coords: coords, segmentTrailNames: ["Bunnell Notch Trail", "Other"], onNetwork: true)
        let w = try Guidance.waypoints(for: Fixtures.input(on))
        #expect(w.first == Waypoint(i: 0, kind: .start, name: "Bunnell Notch Trail", instruction: "Head \(name) on Bunnell Notch Trail"))
    }

    @Test func unnamedFirstTrailHeadsWithoutAName() throws {
        let on = RoutePath(coords: Fixtures.walk([(45, 200)]), segmentTrailNames: [nil], onNetwork: true)
        #expect(try Guidance.waypoints(for: Fixtures.input(on)).first?.instruction == "Head northeast")
    }

    @Test func endArrivesAtTheNearestPoiWithin150m() throws {
        let coords = Fixtures.walk([(0, 300)])
        let cabot = PointOfInterest(name: "Mount Cabot", kind: "peak", location: Geodesic.destination(from: coords[1], bearingDeg: 90, distanceM: 40))
        let hut = PointOfInterest(name: "Cabot Cabin", kind: "shelter", location: Geodesic.destination(from: coords[1], bearingDeg: 270, distanceM: 90))
        let input = Fixtures.input(RoutePath(coords: coords), pois: [hut, cabot])
        let w = try Guidance.waypoints(for: input)
        let last = input.resampledCoords.count - 1
        #expect(w.last == Waypoint(i: last, kind: .end, name: "Mount Cabot", instruction: "Arrive at Mount Cabot"))
        // Mount Cabot is within 50 m of the route but is not announced twice; the cabin is 90 m off.
        #expect(w.filter { $0.kind == .poi }.isEmpty)

        let far = PointOfInterest(name: "Mount Cabot", kind: "peak", location: Geodesic.destination(from: coords[1], bearingDeg: 0, distanceM: 160))
        let w2 = try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: coords), pois: [far]))
        #expect(w2.last == Waypoint(i: last, kind: .end, instruction: "Arrive at the end of the route"))
    }

    @Test func orderAndEndsOnABusyRoute() throws {
        // Summit (at 400 m), POI (at 90 m, far from the summit), turn (300 m) and junction (600 m) on one route.
        let coords = Fixtures.walk([(0, 300), (90, 300), (0, 200)])
        let pond = PointOfInterest(name: "Unknown Pond", kind: "water", location: Fixtures.beside(coords[0], coords[1], fraction: 0.3, offsetM: 20))
        let path = RoutePath(coords: coords, junctions: [RouteJunction(index: 2, branches: [JunctionBranch(bearingDeg: 90, trailName: "B")])])
        let input = Fixtures.input(path, pois: [pond]) { 500 + 100 * sin($0 / 800 * Double.pi) }
        let w = try Guidance.waypoints(for: input)
        let first = try #require(w.first), last = try #require(w.last)
        #expect(first.kind == .start && first.i == 0)
        #expect(last.kind == .end && last.i == input.resampledCoords.count - 1)
        #expect(w.filter { $0.kind == .start || $0.kind == .end }.count == 2)
        let indices = w.map(\.i)
        #expect(indices == indices.sorted())
        let kinds: Set<WaypointKind> = Set(w.map(\.kind))
        #expect(kinds == Set<WaypointKind>([.start, .turn, .junction, .summit, .poi, .end]))
    }

    // MARK: Errors

    @Test func mismatchedArraysThrow() {
        var input = Fixtures.input(RoutePath(coords: Fixtures.walk([(0, 100)])))
        input.elevationsM.removeLast()
        #expect(throws: GuidanceError.countMismatch(what: "elevationsM", expected: input.cumM.count, found: input.cumM.count - 1)) {
            try Guidance.waypoints(for: input)
        }
        var bad = Fixtures.input(RoutePath(coords: Fixtures.walk([(0, 100), (90, 100)])))
        bad.resampledIndexOfPathVertex[1] = 10_000
        #expect(throws: GuidanceError.badIndexMap(index: 1)) { try Guidance.waypoints(for: bad) }
        var outside = Fixtures.input(RoutePath(coords: Fixtures.walk([(0, 100)])))
        outside.path.junctions = [RouteJunction(index: 5, branches: [])]
        #expect(throws: GuidanceError.junctionOutOfRange(index: 5)) { try Guidance.waypoints(for: outside) }
    }
}
