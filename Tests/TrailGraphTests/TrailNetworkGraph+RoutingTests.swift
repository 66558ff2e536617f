import Foundation
import Testing
import TrailpackCore
@testable import TrailGraph

@Suite struct RoutingConstructedTests {
    @Test func fourWayCrossingIsOneJunctionWithTwoBranches() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "East West Trail", [(-200, 0), (0, 0), (200, 0)]),
            Local.line("b", "North South Trail", [(0, -200), (0, 0), (0, 200)]),
        ])
        let routed = try graph.route(via: [Local.via("west", -200, 0), Local.via("east", 200, 0)])
        #expect(routed.path.coords.count == 3)
        #expect(routed.path.onNetwork)
        #expect(routed.path.segmentTrailNames == ["East West Trail", "East West Trail"])
        #expect(routed.path.junctions.count == 1)
        let junction = try #require(routed.path.junctions.first)
        #expect(junction.index == 1)
        #expect(junction.branches.count == 2)
        let north = Geodesic.bearingDeg(Local.p(0, 0), Local.p(0, 25))
        let south = Geodesic.bearingDeg(Local.p(0, 0), Local.p(0, -25))
        #expect(junction.branches.contains { angleDiffDeg($0.bearingDeg, north) < 0.1 })
        #expect(junction.branches.contains { angleDiffDeg($0.bearingDeg, south) < 0.1 })
        #expect(junction.branches.allSatisfy { $0.trailName == "North South Trail" })
        #expect(abs(routed.lengthM - 400) < 0.01)
    }

    @Test func tJunctionSeenFromTheThroughTrailAndFromTheTurn() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "Valley Trail", [(-200, 0), (0, 0), (200, 0)]),
            Local.line("b", "Spur Trail", [(0, 0), (0, 150)]),
        ])
        let through = try graph.route(via: [Local.via("west", -200, 0), Local.via("east", 200, 0)])
        #expect(through.path.junctions.count == 1)
        let j1 = try #require(through.path.junctions.first)
        #expect(j1.index == 1)
        #expect(j1.branches.count == 1)
        #expect(j1.branches.first?.trailName == "Spur Trail")
        #expect(angleDiffDeg(j1.branches[0].bearingDeg, Geodesic.bearingDeg(Local.p(0, 0), Local.p(0, 25))) < 0.1)

        let turn = try graph.route(via: [Local.via("west", -200, 0), Local.via("spur top", 0, 150)])
        #expect(turn.trailNames == ["Valley Trail", "Spur Trail"])
        let j2 = try #require(turn.path.junctions.first)
        #expect(turn.path.junctions.count == 1)
        #expect(j2.branches.count == 1)
        #expect(j2.branches.first?.trailName == "Valley Trail")
        #expect(angleDiffDeg(j2.branches[0].bearingDeg, Geodesic.bearingDeg(Local.p(0, 0), Local.p(25, 0))) < 0.1)
    }

    /// Vias join the builder's graph as a client's query joins the pack's network: one split
    /// (`RoutingNetwork.splitting`), so a via within 0.5 m of a trail vertex is that vertex, a cut
    /// between vertices lies at 7 decimals, and a via's cut is no junction.
    @Test func viasJoinTheGraphAsAQueryJoinsThePacksNetwork() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "Valley Trail", [(-200, 0), (-100, 0), (0, 0), (200, 0)]),
            Local.line("b", "Spur Trail", [(0, 0), (0, 150)]),
        ])
        // 20 m north of the trail between its vertices; 0.3 m east and 0.2 m south of vertex (-100, 0).
        let between = Local.via("between", -151.234, 20), nearVertex = Local.via("near vertex", -99.7, -0.2)
        let routed = try graph.route(via: [between, nearVertex, Local.via("spur top", 0, 150)])
        let at = routed.viaIndices.map { routed.path.coords[$0] }
        let cut = try #require(graph.locate(between.location))
        #expect(cut.point != cut.point.rounded7 && at[0] == cut.point.rounded7)
        #expect(at[1] == Local.p(-100, 0))
        #expect(abs(routed.viaSnapDistancesM[0] - 20) < 0.01)
        // Not a vertex more than the trail's own and the one cut; the junction only at (0, 0).
        #expect(routed.path.coords.count == 4)
        #expect(routed.path.junctions.map(\.index) == [2])
        #expect(routed.trailNames == ["Valley Trail", "Spur Trail"])
    }

    @Test func sameTrailContinuingOntoItsNextWayIsNotAJunction() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("w1", "Ridge Trail", [(-200, 0), (-50, 10), (0, 0)]),
            Local.line("w2", "Ridge Trail", [(0, 0), (80, -5), (200, 0)]),
        ])
        let routed = try graph.route(via: [Local.via("west", -200, 0), Local.via("east", 200, 0)])
        #expect(routed.path.junctions.isEmpty)
        #expect(routed.trailNames == ["Ridge Trail"])
        #expect(routed.path.coords.count == 5)
    }

    @Test func viasSplitEdgesAndLegsJoinWithoutRepeatingTheVia() throws {
        let graph = try TrailNetworkGraph(lines: [Local.line("a", "A", [(-200, 0), (200, 0)])])
        // Vias 3 m off the trail, at -120, 10 and 150 m along it.
        let routed = try graph.route(via: [Local.via("start", -120, 3), Local.via("middle", 10, -3), Local.via("end", 150, 3)])
        #expect(routed.path.coords.count == 3)
        #expect(routed.viaIndices == [0, 1, 2])
        #expect(Geodesic.distanceM(routed.path.coords[0], Local.p(-120, 0)) < 0.05)
        #expect(Geodesic.distanceM(routed.path.coords[1], Local.p(10, 0)) < 0.05)
        #expect(Geodesic.distanceM(routed.path.coords[2], Local.p(150, 0)) < 0.05)
        #expect(abs(routed.lengthM - 270) < 0.05)
        #expect(routed.viaSnapDistancesM.allSatisfy { abs($0 - 3) < 0.05 })
        #expect(routed.path.junctions.isEmpty)
    }

    @Test func outAndBackOverTheSameEdge() throws {
        let graph = try TrailNetworkGraph(lines: [Local.line("a", "A", [(-200, 0), (0, 0), (200, 0)])])
        let routed = try graph.route(via: [Local.via("a", -100, 0), Local.via("b", 100, 0), Local.via("c", -50, 0)])
        #expect(abs(routed.lengthM - 350) < 0.05)
        #expect(routed.viaIndices.count == 3)
        #expect(Geodesic.distanceM(routed.path.coords[routed.viaIndices[1]], Local.p(100, 0)) < 0.05)
    }

    @Test func shortestOfTwoAlternativesIsChosen() throws {
        // A square loop: north side 400 m, south detour 200 + 400 + 200 m.
        let graph = try TrailNetworkGraph(lines: [
            Local.line("n", "North", [(0, 0), (400, 0)]),
            Local.line("s", "South", [(0, 0), (0, -200), (400, -200), (400, 0)]),
        ])
        let routed = try graph.route(via: [Local.via("w", 0, 0), Local.via("e", 400, 0)])
        #expect(routed.trailNames == ["North"])
        #expect(abs(routed.lengthM - 400) < 0.05)
    }

    @Test func unreachableViaNamesBothVias() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "Island Trail", [(0, 0), (300, 0)]),
            Local.line("b", "Other Trail", [(0, 500), (300, 500)]),
        ])
        let error = #expect(throws: RoutingError.self) {
            try graph.route(via: [Local.via("Start Hut", 10, 0), Local.via("Lake", 290, 500)])
        }
        #expect(error == .unreachable(fromLabel: "Start Hut", toLabel: "Lake"))
        #expect(error?.description.contains("Start Hut") == true)
        #expect(error?.description.contains("Lake") == true)
    }

    @Test func tooFewViasAndEmptyNetwork() throws {
        let graph = try TrailNetworkGraph(lines: [Local.line("a", "A", [(0, 0), (300, 0)])])
        #expect(throws: RoutingError.tooFewVias(count: 1)) { try graph.route(via: [Local.via("x", 0, 0)]) }
        let empty = try TrailNetworkGraph(lines: [])
        #expect(throws: RoutingError.emptyNetwork) {
            try empty.route(via: [Local.via("x", 0, 0), Local.via("y", 1, 0)])
        }
    }

    @Test func equalLengthAlternativesAreBrokenTheSameWayWhateverTheInputOrder() throws {
        // Two mirror-image paths of equal length between w and e.
        let lines = [
            Local.line("up", "Upper", [(0, 0), (100, 100), (200, 0)]),
            Local.line("down", "Lower", [(0, 0), (100, -100), (200, 0)]),
        ]
        let a = try TrailNetworkGraph(lines: lines).route(via: [Local.via("w", 0, 0), Local.via("e", 200, 0)])
        let b = try TrailNetworkGraph(lines: lines.reversed()).route(via: [Local.via("w", 0, 0), Local.via("e", 200, 0)])
        #expect(a == b)
    }
}

@Suite struct RoutingRealDataTests {
    /// The Bunnell Notch Trail trailhead: the way's eastern end near York Pond Road (its western
    /// end is up in Bunnell Notch, 930 m, where it meets the Kilkenny Ridge and Mt Cabot trails).
    static var bunnellTrailhead: LonLat { get throws { try #require(try Pliney.way("546924572").coords.last) } }
    /// Mount Cabot summit: the Kilkenny Ridge Trail's highest stretch, where the unnamed summit
    /// spur (way 733246920) leaves; SRTM's highest cell (1264 m) is at (-71.4142, 44.5058).
    static let cabotSummit = LonLat(-71.4145351, 44.5061467)

    @Test func mountCabotFromTheBunnellNotchTrailhead() throws {
        #expect(Geodesic.distanceM(try Self.bunnellTrailhead, LonLat(-71.3609, 44.4943)) < 10)
        let routed = try Pliney.graph.route(via: [
            ViaPoint(label: "Bunnell Notch trailhead", location: Self.bunnellTrailhead),
            ViaPoint(label: "Mount Cabot", location: Self.cabotSummit),
        ])
        #expect(routed.trailNames == ["Bunnell Notch Trail", "Killkenny Ridge Trail"])
        // AMC White Mountain Guide: about 3.9 mi (6.3 km) to the summit this way; mapped trails
        // differ from guidebook wheel measurements, so allow 15 %.
        #expect(abs(routed.lengthM - 6_300) < 0.15 * 6_300)
        // Independently: both Bunnell Notch ways plus the Kilkenny Ridge way up to the summit vertex.
        let ridge = try Pliney.way("18844726").coords
        let summitIndex = try #require(ridge.firstIndex(of: Self.cabotSummit))
        let expectedM = Geodesic.lengthM(try Pliney.way("546924572").coords) + Geodesic.lengthM(try Pliney.way("1111569458").coords)
            + Geodesic.lengthM(Array(ridge[0...summitIndex]))
        #expect(abs(routed.lengthM - expectedM) < 1)
        #expect(routed.path.coords.first == (try Self.bunnellTrailhead))
        #expect(routed.path.coords.last == Self.cabotSummit)
        #expect(routed.path.segmentTrailNames.count == routed.path.coords.count - 1)
        // In Bunnell Notch the Mt Cabot Trail leaves, heading west.
        let notch = LonLat(-71.4180925, 44.4962174)
        let atNotch = try #require(routed.path.junctions.first { routed.path.coords[$0.index] == notch })
        #expect(atNotch.branches.map(\.trailName) == ["Mt Cabot Trail"])
        // Where Bunnell Notch Trail meets the ridge, the Kilkenny Ridge Trail leaves south.
        let ridgeJunction = LonLat(-71.4102176, 44.4949866)
        let atRidge = try #require(routed.path.junctions.first { routed.path.coords[$0.index] == ridgeJunction })
        #expect(atRidge.branches.map(\.trailName) == ["Killkenny Ridge Trail"])
        // Junction indices are increasing and inside the path.
        let indices = routed.path.junctions.map(\.index)
        #expect(indices == indices.sorted())
        #expect(indices.allSatisfy { $0 >= 0 && $0 < routed.path.coords.count })
    }

    @Test func publishedCabotCoordinateIsTooFarFromTheTrails() throws {
        // The often-quoted (-71.4089, 44.5061) is east of the trail; it must be rejected, and the
        // reported distance must match a brute-force search.
        let published = LonLat(-71.4089, 44.5061)
        let error = #expect(throws: RoutingError.self) {
            try Pliney.graph.route(via: [ViaPoint(label: "trailhead", location: Self.bunnellTrailhead),
                                         ViaPoint(label: "Cabot (published)", location: published)])
        }
        guard case let .viaOffNetwork(label, _, nearest, distanceM, _) = try #require(error) else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(label == "Cabot (published)")
        #expect(abs(distanceM - (try Pliney.bruteForceDistanceM(to: published))) < 2)
        #expect(abs(Geodesic.distanceM(published, nearest) - distanceM) < 0.01)
    }

    @Test func viaTwoKilometresFromAnyTrailIsAClearError() throws {
        // 2 km west of the Starr King trailhead, in the valley with no mapped trail.
        let trailhead = try Pliney.way("18845520").coords.last!
        let far = Geodesic.destination(from: trailhead, bearingDeg: 270, distanceM: 2_000)
        let expectedM = try Pliney.bruteForceDistanceM(to: far)
        #expect(expectedM > 1_900)
        let error = #expect(throws: RoutingError.self) {
            try Pliney.graph.route(via: [ViaPoint(label: "trailhead", location: trailhead),
                                         ViaPoint(label: "via 2", location: far)])
        }
        guard case let .viaOffNetwork(label, location, nearest, distanceM, maxDistanceM) = try #require(error) else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(label == "via 2")
        #expect(location == far)
        #expect(maxDistanceM == 200)
        #expect(abs(distanceM - expectedM) < 2)
        #expect(abs(Geodesic.distanceM(far, nearest) - distanceM) < 0.01)
        #expect(error?.description.contains("via 2") == true)
    }

    @Test func unknownPondFromYorkPondRoad() throws {
        let trailhead = try Pliney.way("1097124355").coords.last!
        let pond = try Pliney.way("64142024").coords.first!
        let routed = try Pliney.graph.route(via: [ViaPoint(label: "trailhead", location: trailhead),
                                                  ViaPoint(label: "Unknown Pond", location: pond)])
        #expect(routed.trailNames == ["Unknown Pond Trail"])
        let expectedM = try ["1097124355", "1097124357", "64142024"].map { Geodesic.lengthM(try Pliney.way($0).coords) }.reduce(0, +)
        #expect(abs(routed.lengthM - expectedM) < 1)
    }

    @Test func mountStarrKingFromJefferson() throws {
        let starrKing = try Pliney.way("18845520").coords
        let trailhead = starrKing.last!
        let summit = starrKing[8]  // the trail's highest vertex (about 1182 m)
        let routed = try Pliney.graph.route(via: [ViaPoint(label: "trailhead", location: trailhead),
                                                  ViaPoint(label: "Mount Starr King", location: summit)])
        #expect(routed.trailNames == ["Starr King Trail"])
        #expect(abs(routed.lengthM - Geodesic.lengthM(Array(starrKing[8...]))) < 1)
        // AMC: Starr King Trail, trailhead to summit, about 2.6 mi (4.2 km); allow 15 %.
        #expect(abs(routed.lengthM - 4_200) < 0.15 * 4_200)
        #expect(routed.path.junctions.isEmpty)
    }

    @Test func routingIsDeterministic() throws {
        let vias = [ViaPoint(label: "trailhead", location: try Self.bunnellTrailhead),
                    ViaPoint(label: "Mount Cabot", location: Self.cabotSummit)]
        let first = try Pliney.graph.route(via: vias)
        let second = try Pliney.graph.route(via: vias)
        #expect(first == second)
        let shuffledGraph = try TrailNetworkGraph(lines: shuffled(Pliney.lines, seed: 2026))
        #expect(try shuffledGraph.route(via: vias) == first)
    }
}
