import Foundation
import Testing
import TrailpackCore
@testable import Guidance

/// `Guidance.waypoints(for:tuning:)` hands the tuning to every pass: one threshold of each area,
/// moved, changes the public result, on a route that has a cue of each kind.
struct GuidanceTuningInjectionTests {
    /// 400 m north, a right turn, 300 m east to a lookout 20 m off the path, back 300 m the way it came (a U-turn
    /// named after the lookout), then 400 m on north past the corner.
    static func route() -> GuidanceInput {
        let legs: [(bearingDeg: Double, lengthM: Double)] = [(0, 400), (90, 300), (270, 300), (0, 400)]
        let coords = Fixtures.densify(Fixtures.walk(legs), stepM: 5).coords
        let tip = Fixtures.walk(Array(legs.prefix(2)))[2]
        let lookout = PointOfInterest(name: "Lookout", kind: "viewpoint", location: Geodesic.destination(from: tip, bearingDeg: 0, distanceM: 20))
        return Fixtures.input(RoutePath(coords: coords), pois: [lookout])
    }

    static func cues(_ tuning: GuidanceTuning) throws -> [String] {
        try Fixtures.cues(Guidance.waypoints(for: route(), tuning: tuning)).map { "\($0.kind) \($0.dir.map { "\($0)" } ?? "-") \($0.name ?? "-")" }
    }

    @Test func theStandardTuningGivesTheTurnAndTheNamedUTurn() throws {
        let cues = try Self.cues(.standard)
        #expect(cues.contains("turn right -"), "\(cues)")
        #expect(cues.contains("turn uTurn Lookout"), "\(cues)")
    }

    @Test func eachAreaOfTheTuningReachesItsPass() throws {
        let standard = try Self.cues(.standard)
        var noTurns = GuidanceTuning()
        noTurns.bends.minTurnDeg = 179
        #expect(!(try Self.cues(noTurns)).contains("turn right -"))
        var noReversals = GuidanceTuning()
        noReversals.overlap.longWayBackMinDeg = 181
        #expect(!(try Self.cues(noReversals)).contains { $0.hasPrefix("turn uTurn") })
        var shortNames = GuidanceTuning()
        shortNames.cues.namingRadiusM = 10
        let unnamed = try Self.cues(shortNames)
        #expect(unnamed.contains("turn uTurn -") && !unnamed.contains("turn uTurn Lookout"), "\(unnamed)")
        #expect(try Self.cues(.standard) == standard, "the same tuning gives the same cues")
    }
}
