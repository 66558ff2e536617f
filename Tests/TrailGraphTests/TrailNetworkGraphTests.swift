import Foundation
import PackReader
import Testing
import TrailpackCore
@testable import TrailGraph

@Suite struct TrailNetworkGraphTests {
    @Test func sharedVertexMakesOneNodeOfDegreeFour() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "East West Trail", [(-200, 0), (0, 0), (200, 0)]),
            Local.line("b", "North South Trail", [(0, -200), (0, 0), (0, 200)]),
        ])
        #expect(graph.network.nodes.count == 5)
        #expect(graph.network.edges.count == 4)
        let centre = try #require(graph.network.nodes.map(\.location).firstIndex(of: Local.p(0, 0)))
        #expect(graph.degree(ofNode: centre) == 4)
        let totalM = graph.network.edges.map(\.profile.lengthM).reduce(0, +)
        #expect(abs(totalM - 800) < 0.01)
    }

    @Test func verticesWithinOneMetreJoin() throws {
        // b's interior vertex is 0.58 m from a's interior vertex: one node.
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "A", [(-200, 0), (0, 0), (200, 0)]),
            Local.line("b", "B", [(0.5, -200), (0.5, 0.3), (0.5, 200)]),
        ])
        #expect(graph.network.nodes.count == 5)
        #expect(graph.network.nodes.map(\.location).contains { graph.degree(ofNode: graph.network.nodes.map(\.location).firstIndex(of: $0)!) == 4 })
        let routed = try graph.route(via: [Local.via("west", -200, 0), Local.via("north", 0.5, 200)])
        #expect(routed.trailNames == ["A", "B"])
    }

    @Test func verticesThreeMetresApartDoNotJoin() throws {
        // Interior vertices 3 m apart (a bridge over a trail, say) stay separate.
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "A", [(-200, 0), (0, 0), (200, 0)]),
            Local.line("b", "B", [(3, -200), (3, 0), (3, 200)]),
        ])
        #expect(graph.network.nodes.count == 4)
        #expect(graph.network.edges.count == 2)
        #expect(throws: RoutingError.unreachable(fromLabel: "west", toLabel: "north")) {
            try graph.route(via: [Local.via("west", -200, 0), Local.via("north", 3, 200)])
        }
    }

    @Test func endWithinFourMetresIsSnappedOntoTheOtherLine() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "Main Trail", [(-200, 0), (200, 0)]),
            Local.line("b", "Side Trail", [(30, 3.5), (30, 150)]),
        ])
        // a is split at the foot of b: 4 nodes, 3 edges.
        #expect(graph.network.nodes.count == 4)
        #expect(graph.network.edges.count == 3)
        let foot = Local.p(30, 0)
        let joint = try #require(graph.network.nodes.map(\.location).first { Geodesic.distanceM($0, foot) < 0.05 })
        #expect(graph.degree(ofNode: graph.network.nodes.map(\.location).firstIndex(of: joint)!) == 3)
        let routed = try graph.route(via: [Local.via("west", -200, 0), Local.via("top", 30, 150)])
        #expect(routed.trailNames == ["Main Trail", "Side Trail"])
        let expectedM = Geodesic.distanceM(Local.p(-200, 0), foot) + Geodesic.distanceM(foot, Local.p(30, 150))
        #expect(abs(routed.lengthM - expectedM) < 0.1)
    }

    /// 4.5 m: joined, then merged with a vertex up to 1 m on, the end could move past the SPEC's
    /// 5 m between a trail feature and its edges.
    @Test func endFourAndAHalfMetresAwayIsNotJoined() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "Main Trail", [(-200, 0), (200, 0)]),
            Local.line("b", "Side Trail", [(30, 4.5), (30, 150)]),
        ])
        #expect(graph.network.nodes.count == 4 && graph.network.edges.count == 2)
    }

    /// c's free end finds b 3.5 m away, 0.9 m from b's first vertex, but b's end there has moved
    /// 3.5 m west onto a: following it would move c's end 5.6 m. It joins b at its own foot
    /// instead, and every vertex of every line stays within the SPEC's 5 m of an edge of its line.
    @Test func noVertexMovesFartherThanTheSPECAllows() throws {
        let lines = [
            Local.line("a", "A", [(-3.5, -200), (-3.5, 200)]),
            Local.line("b", "B", [(0, 0), (200, 0)]),
            // Heading off square to where its end would have gone: 5.6 m from that line.
            Local.line("c", "C", [(0.9, 3.5), (-34.8, 39.3)]),
        ]
        let graph = try TrailNetworkGraph(lines: lines)
        for line in lines {
            let own = graph.network.edges.filter { graph.lineIds[$0.trail] == line.id }
            for p in line.coords {
                let nearestM = own.flatMap { e in zip(e.coords, e.coords.dropFirst()).map { projectOntoSegment(p, $0, $1).planarM } }.min() ?? .infinity
                #expect(nearestM <= TrailNetworkGraph.endSnapM, "\(line.id) \(p): \(nearestM) m")
            }
        }
        // All three are joined: b to a, c to b.
        let routed = try graph.route(via: [Local.via("a", -3.5, 200), Local.via("c", -34.8, 39.3)])
        #expect(routed.trailNames == ["A", "B", "C"])
    }

    @Test func endEightMetresAwayIsNotJoined() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "Main Trail", [(-200, 0), (200, 0)]),
            Local.line("b", "Side Trail", [(30, 8), (30, 150)]),
        ])
        #expect(graph.network.nodes.count == 4)
        #expect(graph.network.edges.count == 2)
        #expect(throws: RoutingError.unreachable(fromLabel: "west", toLabel: "top")) {
            try graph.route(via: [Local.via("west", -200, 0), Local.via("top", 30, 150)])
        }
    }

    @Test func twoFreeEndsAFewMetresApartMeet() throws {
        // a ends at (0, 0), b starts 3 m east: whichever snaps, they must end up connected.
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "A", [(-200, 0), (0, 0)]),
            Local.line("b", "B", [(3, 0), (200, 0)]),
        ])
        #expect(graph.network.nodes.count == 3)
        let routed = try graph.route(via: [Local.via("w", -200, 0), Local.via("e", 200, 0)])
        #expect(routed.trailNames == ["A", "B"])
    }

    @Test(arguments: [UInt64(1), 7, 42])
    func inputOrderDoesNotChangeTheGraph(seed: UInt64) throws {
        let lines = try Pliney.lines
        let reference = try Pliney.graph
        let other = try TrailNetworkGraph(lines: shuffled(lines, seed: seed))
        #expect(other.network == reference.network && other.lineIds == reference.lineIds)
    }

    @Test(arguments: [UInt64(3), 11, 99])
    func inputOrderDoesNotChangeSnappingOrMerging(seed: UInt64) throws {
        let lines = [
            Local.line("a", "Main Trail", [(-200, 0), (0, 0), (200, 0)]),
            Local.line("b", "Side Trail", [(30, 3.5), (30, 150)]),
            Local.line("c", "Other Side", [(-60, -3), (-60, -150)]),
            Local.line("d", "Crossing", [(0.4, -100), (0.4, 0.5), (0.4, 100)]),
            Local.line("e", "Gap Trail", [(203, 0), (400, 0)]),
        ]
        let reference = try TrailNetworkGraph(lines: lines)
        // a is split by b and c; d crosses a at a merged vertex; e joins a's east end.
        // Nodes: a's ends (one shared with e), a at 0/-60/30 m, b's top, c's foot, d's two
        // ends, e's far end. Edges: a in 4 pieces, d in 2, b, c, e.
        #expect(reference.network.nodes.count == 10)
        #expect(reference.network.edges.count == 9)
        let other = try TrailNetworkGraph(lines: shuffled(lines, seed: seed))
        #expect(other.network == reference.network && other.lineIds == reference.lineIds)
    }

    @Test func realDataBuildsOneEdgePerWayPieceAndKeepsLength() throws {
        let graph = try Pliney.graph
        #expect(graph.skippedLineIds.isEmpty)
        // Every way is represented, and splitting does not change the total length by more
        // than the few metres end snapping can move.
        let inputM = try Pliney.ways.map { Geodesic.lengthM($0.coords) }.reduce(0, +)
        let networkM = graph.network.edges.map(\.profile.lengthM).reduce(0, +)
        #expect(abs(networkM - inputM) < 50)
        #expect(Set(graph.network.edges.map { graph.lineIds[$0.trail] }) == Set(try Pliney.ways.map(\.id)))
        // Bunnell Notch, Mt Cabot and Kilkenny Ridge trails meet at one node in the notch.
        let notch = LonLat(-71.4180925, 44.4962174)
        let node = try #require(graph.network.nodes.map(\.location).firstIndex(of: notch))
        #expect(graph.degree(ofNode: node) == 3)
    }

    @Test func degenerateLinesAreSkippedAndBadCoordinatesThrow() throws {
        let graph = try TrailNetworkGraph(lines: [
            Local.line("a", "A", [(0, 0), (100, 0)]),
            Local.line("dot", "Dot", [(50, 50), (50, 50)]),
        ])
        #expect(graph.skippedLineIds == ["dot"])
        #expect(graph.network.edges.count == 1)
        #expect(throws: TrailNetworkError.invalidCoordinate(lineId: "bad", index: 1)) {
            try TrailNetworkGraph(lines: [TrailLine(id: "bad", name: nil, coords: [LonLat(0, 0), LonLat(.nan, 1)])])
        }
    }

    @Test func nearestFindsTheFootOfThePerpendicular() throws {
        let graph = try TrailNetworkGraph(lines: [Local.line("a", "A", [(-200, 0), (200, 0)])])
        let hit = try #require(graph.locate(Local.p(37, 60)))
        #expect(Geodesic.distanceM(hit.point, Local.p(37, 0)) < 0.5)
        #expect(abs(hit.distanceM - 60) < 0.5)
        #expect(try TrailNetworkGraph(lines: []).locate(Local.origin) == nil)
    }
}
