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
