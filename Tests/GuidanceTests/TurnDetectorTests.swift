import Testing
import TrailpackCore
@testable import Guidance

struct TurnDetectorTests {
    /// 120 m north, then 120 m at `deviationDeg` from north.
    static func corner(_ deviationDeg: Double) -> [LonLat] {
        Fixtures.walk([(0, 120), (deviationDeg, 120)])
    }

    @Test(arguments: [
        (30.0, TurnDirection.slightRight), (-30.0, .slightLeft), (60.0, .right), (-60.0, .left),
        (90.0, .right), (-90.0, .left), (140.0, .sharpRight), (-140.0, .sharpLeft), (170.0, .uTurn), (-170.0, .uTurn),
    ])
    func oneBendAtTheCorner(deviationDeg: Double, dir: TurnDirection) throws {
        let bends = TurnDetector.bends(on: Self.corner(deviationDeg))
        try #require(bends.count == 1)
        #expect(bends[0].pathIndex == 1)
        #expect(bends[0].dir == dir)
        #expect(abs(bends[0].deviationDeg - deviationDeg) < 0.5)
    }

    @Test func densifiedCornerStillOneBendAtTheCorner() throws {
        // Many vertices around the corner: the chords see the same corner from several vertices;
        // only the strongest (the corner itself) survives.
        let d = Fixtures.densify(Self.corner(-75), stepM: 3)
        let cornerIndex = d.indexMap[1]
        let bends = TurnDetector.bends(on: d.coords)
        try #require(bends.count == 1)
        #expect(bends[0].pathIndex == cornerIndex)
        #expect(bends[0].dir == .left)
    }

    @Test func bendsAreNeverMeasuredOnSingleSegments() {
        // A 4 m sideways jog (a GPS wobble): single segments turn by about 60 degrees, the
        // 25 m chords by less than 20, so no bend is reported.
        let line = Fixtures.walk([(0, 60), (60, 4), (300, 4), (0, 60)])
        let segmentTurn = Deviation.signedDeg(from: Geodesic.bearingDeg(line[0], line[1]), to: Geodesic.bearingDeg(line[1], line[2]))
        #expect(abs(segmentTurn) > 45)
        #expect(TurnDetector.bends(on: line).isEmpty)
    }

    @Test func noBendWithoutAFullWindow() {
        // A right angle 10 m from the start has no 25 m incoming chord.
        #expect(TurnDetector.bends(on: Fixtures.walk([(0, 10), (90, 100)])).isEmpty)
        #expect(TurnDetector.bends(on: Fixtures.walk([(0, 100), (90, 10)])).isEmpty)
    }
}

struct TurnDetectorHoldTests {
    @Test func zigzagOfShortLegsIsNotATurn() {
        // Legs of 10 m alternating 80 degrees either side of north: 25 m chords differ by
        // 45 degrees or more at some vertices, but no direction holds for 25 m.
        var legs: [(bearingDeg: Double, lengthM: Double)] = [(0, 60)]
        for k in 0..<8 { legs.append((k % 2 == 0 ? 80 : -80, 10)) }
        legs.append((0, 60))
        let line = Fixtures.walk(legs)
        let d = LineMeasure(line)
        let raw = (1..<(line.count - 1)).compactMap { d.deviationDeg(at: $0, windowM: 25) }.map(abs).max() ?? 0
        #expect(raw >= 45)
        #expect(TurnDetector.bends(on: line, minDeviationDeg: 45).isEmpty)
    }

    @Test func roundedHairpinIsStillATurn() throws {
        // 180 degrees spread evenly over 50 m (radius about 16 m), long straight legs either side.
        // The two 25 m chords each span half the arc, so the measured deviation is 90 degrees.
        var legs: [(bearingDeg: Double, lengthM: Double)] = [(0, 80)]
        for k in 1...10 { legs.append((Double(k) * 18 - 9, 5)) }
        legs.append((180, 80))
        let line = Fixtures.walk(legs)
        let bends = TurnDetector.bends(on: line, minDeviationDeg: 45)
        try #require(bends.count == 1)
        #expect(bends[0].dir == .right)
        #expect(abs(bends[0].deviationDeg - 90) < 3)
        // It is kept by the rounded-corner rule: its halves drift about 22.5 degrees from their
        // chords (more than the strict 20), but the direction only ever turns right.
        let measure = LineMeasure(line)
        #expect(!TurnDetector.isSteady(measure, at: bends[0].pathIndex, toleranceDeg: TurnDetector.holdToleranceDeg))
        #expect(TurnDetector.isSteady(measure, at: bends[0].pathIndex, toleranceDeg: TurnDetector.roundedHoldToleranceDeg))
        #expect(TurnDetector.turnsOneWay(measure, at: bends[0].pathIndex, sign: 1))
    }

    @Test func cornerWithAWobbleAgainstItIsNotARoundedCorner() {
        // A right turn of 100 degrees whose last 12.5 m before the corner swing 50 degrees left:
        // the halves lie 25 degrees off their chord (within 30) but turn left, then right.
        let line = Fixtures.walk([(0, 80), (310, 12.5), (100, 80)])
        let measure = LineMeasure(line)
        #expect(TurnDetector.isSteady(measure, at: 2, toleranceDeg: 30))
        #expect(!TurnDetector.turnsOneWay(measure, at: 2, sign: 1))
        #expect(TurnDetector.bends(on: line, minDeviationDeg: 45).isEmpty)
        // Control: without the wobble the corner is a turn.
        #expect(TurnDetector.bends(on: Fixtures.walk([(0, 80), (0, 12.5), (100, 80)]), minDeviationDeg: 45).map(\.pathIndex) == [2])
    }
}
