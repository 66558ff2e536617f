import PackJSON
import PackReader
import Testing
import TrailpackCore

/// `routing.json`'s writer and reader: a network with every optional member comes back equal
/// and its bytes unchanged, and a bad value is named by its key path.
@Suite struct RoutingDocumentTests {
    /// Three nodes, a one-way stair of SAC grade T2 and an unnamed way back, one route over both.
    static let network: RoutingNetwork = {
        let a = LonLat(-71.25, 44.3), b = LonLat(-71.2499, 44.3001), c = LonLat(-71.2498, 44.3)
        let stair = RoutingEdge(a: 0, b: 1, name: "Stair Trail", trail: 3, coords: [a, b], elevationsM: [500, 512.5],
                                profile: EdgeProfile(lengthM: 13.6, ascentM: 12.5, descentM: 0, timeS: [160, nil]),
                                oneway: true, steps: true, sacScale: "mountain_hiking")
        let back = RoutingEdge(a: 1, b: 2, name: nil, trail: 0, coords: [b, LonLat(-71.24985, 44.30005), c], elevationsM: [512.5, 506, 500.1],
                               profile: EdgeProfile(lengthM: 13.7, ascentM: 0, descentM: 12.4, timeS: [21, 150]))
        let nodes = [RoutingNode(location: a, eleM: 500), RoutingNode(location: b, eleM: 512.5), RoutingNode(location: c, eleM: 500.1)]
        let rates = HikingModel(flatSpeedKmh: 4.5, ascentRateMPerH: 350, descentRateMPerH: 550, climbThresholdM: 3)
        return RoutingNetwork(rates: rates, nodes: nodes, edges: [stair, back], routes: [
            NetworkRouteEntry(id: "loop", path: [PathStep(edge: 0, forward: true), PathStep(edge: 1, forward: true)],
                              nodes: [NodeVisit(i: 0, node: 0), NodeVisit(i: 1, node: 1), NodeVisit(i: 3, node: 2)]),
        ])
    }()

    @Test func whatIsWrittenIsReadBackAndWrittenTheSame() throws {
        let bytes = try JSONWriter(style: .compact).bytes(Self.network.json())
        let read = try RoutingNetwork(json: try JSONParser.parse(bytes))
        #expect(read == Self.network)
        #expect(try JSONWriter(style: .compact).bytes(read.json()) == bytes)
    }

    @Test func aBadValueIsNamedByItsKeyPath() throws {
        let text = String(decoding: try JSONWriter(style: .compact).bytes(Self.network.json()), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "\"b\":1,", with: "\"b\":99999,")
        #expect(broken != text)
        let error = #expect(throws: JSONAccessError.self) { try RoutingNetwork(json: try JSONParser.parse(broken)) }
        #expect(error?.path.description == "edges[0].b", "\(String(describing: error))")
    }
}
