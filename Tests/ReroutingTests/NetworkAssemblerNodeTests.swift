import RouteCore
import Testing
import TrailGraph
import TrailpackCore
@testable import Rerouting

/// An edge never passes through a third node (SPEC, `routing.edge.through`), also where a
/// resampled vertex of one line rounds exactly onto another line's junction: three seeded tiny
/// lines of a dense trails file, two side by side 1 m apart, whose middles met at one point.
@Suite struct NetworkAssemblerNodeTests {
    static let lines = [
        TrailLine(id: "24508", name: "Path 24508", coords: [LonLat(-71.2800362, 44.2951027), LonLat(-71.2798362, 44.2952027), LonLat(-71.2796362, 44.2953027)]),
        TrailLine(id: "33868", name: "Path 33868", coords: [LonLat(-71.2802536, 44.2950151), LonLat(-71.2800536, 44.2951151), LonLat(-71.2798536, 44.2952151)]),
        TrailLine(id: "41588", name: "Path 41588", coords: [LonLat(-71.2802408, 44.2950176), LonLat(-71.2800408, 44.2951176), LonLat(-71.2798408, 44.2952176)]),
    ]

    @Test func noResampledVertexLiesOnANode() throws {
        let graph = try TrailNetworkGraph(lines: Self.lines)
        let facts = Dictionary(uniqueKeysWithValues: Self.lines.enumerated().map { ($0.element.id, TrailFacts(feature: $0.offset, use: TrailUse())) })
        let network = NetworkAssembler.assemble(graph: graph, facts: facts, rates: HikingModel(), elevationM: { _ in 1000 })
        let nodes = Set(network.nodes.map(\.location))
        // The graph's middle line, resampled into four equal steps, puts its middle vertex on the junction.
        let resampled = try #require(network.edges.first { $0.name == "Path 33868" })
        #expect(resampled.coords.count == 5)
        for edge in network.edges {
            for (k, c) in edge.coords.enumerated().dropFirst().dropLast() {
                #expect(!nodes.contains(c), "\(edge.name ?? "") coords[\(k)] \(c) is a node")
            }
            for (a, b) in zip(edge.coords, edge.coords.dropFirst()) { #expect(Geodesic.distanceM(a, b) <= 12.0) }
        }
        let junction = LonLat(-71.2800408, 44.2951176)
        #expect(nodes.contains(junction))
        let moved = resampled.coords[2]
        #expect(Geodesic.distanceM(moved, junction) < 0.012 && moved != junction)
    }
}
