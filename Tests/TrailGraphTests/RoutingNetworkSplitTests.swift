import Foundation
import PackReader
import Testing
import TrailpackCore
@testable import TrailGraph

/// The one edge split: where points join a network, and the pieces it leaves.
@Suite struct RoutingNetworkSplitTests {
    /// One straight edge of vertices every 12 m due east, 600 m long, on flat ground.
    static let network: RoutingNetwork = {
        let coords = (0...50).map { Local.p(Double($0) * 12, 0) }
        let profile = EdgeProfile.measure(coords: coords, elevationsM: coords.map { _ in 100 }, rates: HikingModel(), oneway: false)
        return RoutingNetwork(rates: HikingModel(), nodes: [RoutingNode(location: coords[0], eleM: 100), RoutingNode(location: coords[50], eleM: 100)],
                              edges: [RoutingEdge(a: 0, b: 1, name: "East Trail", trail: 0, coords: coords, elevationsM: coords.map { _ in 100 }, profile: profile)])
    }()

    static func point(eastM: Double) throws -> EdgeLocation {
        try #require(NetworkRouter(network: network).locate(Local.p(eastM, 3)))
    }

    @Test func pointsACentimetreApartJoinAtOneNode() throws {
        // Two points 1.4 cm apart between vertices (the ways of two recordings of one walk), and one 0.6 m on.
        let points = try [Self.point(eastM: 100.3), Self.point(eastM: 100.314), Self.point(eastM: 100.9)]
        let (split, nodes) = Self.network.splitting(at: points) { _ in 100 }
        #expect(nodes[0] == nodes[1] && nodes[2] != nodes[0])
        #expect(split.nodes.count == 4 && split.edges.count == 3)
        let shortestM = split.edges.map { Geodesic.lengthM($0.coords) }.min() ?? 0
        #expect(shortestM > 0.5, "a piece of \(shortestM) m")
        #expect(abs(split.edges.map(\.profile.lengthM).reduce(0, +) - 600) < 0.2)
    }

    @Test func aPointNearAVertexIsThatVertexAndAtAnEndIsItsNode() throws {
        let points = try [Self.point(eastM: 96.3), Self.point(eastM: 0.2), Self.point(eastM: 599.9)]
        let (split, nodes) = Self.network.splitting(at: points) { _ in 100 }
        #expect(split.nodes[nodes[0]].location == Local.p(96, 0))
        #expect(nodes[1] == 0 && nodes[2] == 1)
        #expect(split.edges.count == 2 && split.edges[0].coords.last == Local.p(96, 0))
    }
}
