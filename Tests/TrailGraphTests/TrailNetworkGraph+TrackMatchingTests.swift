import Foundation
import Testing
import TrailpackCore
@testable import TrailGraph

@Suite struct TrackMatchingTests {
    static var crossing: TrailNetworkGraph { get throws { try builtCrossing.get() } }
    private static let builtCrossing = Result {
        try TrailNetworkGraph(lines: [
            Local.line("a", "East West Trail", [(-300, 0), (0, 0), (300, 0)]),
            Local.line("b", "North South Trail", [(0, -300), (0, 0), (0, 300)]),
        ])
    }

    @Test func trackAlongATrailKeepsItsVerticesAndFindsTheCrossing() throws {
        // A recorded track 4 m north of the east-west trail, a vertex every 20 m.
        let track = stride(from: -280.0, through: 280, by: 20).map { Local.p($0, 4) }
        let matched = try Self.crossing.matchTrack(track)
        #expect(matched.coords == track)
        #expect(matched.onNetwork)
        #expect(matched.segmentTrailNames.count == track.count - 1)
        #expect(matched.segmentTrailNames.allSatisfy { $0 == "East West Trail" })
        #expect(matched.junctions.count == 1)
        let junction = try #require(matched.junctions.first)
        // The track vertex nearest the crossing is the one at east 0.
        #expect(junction.index == 14)
        #expect(junction.branches.count == 2)
        #expect(junction.branches.contains { angleDiffDeg($0.bearingDeg, 0) < 0.5 })
        #expect(junction.branches.contains { angleDiffDeg($0.bearingDeg, 180) < 0.5 })
    }

    @Test func trackFarFromTheNetworkIsOffNetwork() throws {
        let track = stride(from: -280.0, through: 280, by: 20).map { Local.p($0, 200) }
        let matched = try Self.crossing.matchTrack(track)
        #expect(!matched.onNetwork)
        #expect(matched.coords == track)
        #expect(matched.segmentTrailNames.isEmpty)
        #expect(matched.junctions.isEmpty)
    }

    @Test func trackHalfOnTheNetworkIsOffNetwork() throws {
        // 300 m along the trail, then 300 m straight north but 50 m east of the north-south trail.
        let along = stride(from: -300.0, through: 0, by: 20).map { Local.p($0, 0) }
        let away = stride(from: 20.0, through: 300, by: 20).map { Local.p(50, $0) }
        let matched = try Self.crossing.matchTrack(along + [Local.p(50, 0)] + away)
        #expect(!matched.onNetwork)
    }

    @Test func recordedCabotTrackMatchesTheNetwork() throws {
        // A "recorded" track: the routed Cabot path displaced 6 m east.
        let routed = try Pliney.graph.route(via: [
            ViaPoint(label: "trailhead", location: RoutingRealDataTests.bunnellTrailhead),
            ViaPoint(label: "Mount Cabot", location: RoutingRealDataTests.cabotSummit),
        ])
        let track = routed.path.coords.map { Geodesic.destination(from: $0, bearingDeg: 90, distanceM: 6) }
        let matched = try Pliney.graph.matchTrack(track)
        #expect(matched.onNetwork)
        #expect(RoutedPath.collapsingRepeats(matched.segmentTrailNames) == ["Bunnell Notch Trail", "Killkenny Ridge Trail"])
        let notch = LonLat(-71.4180925, 44.4962174)
        let atNotch = try #require(matched.junctions.first { Geodesic.distanceM(track[$0.index], notch) < 20 })
        #expect(atNotch.branches.map(\.trailName) == ["Mt Cabot Trail"])
    }
}
