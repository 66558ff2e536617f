import Foundation
import PackJSON
import PackReader
import Pipeline
import Rerouting
import TestSupport
import Testing

/// The `routing.json` of built regions: PackReader's reader gives back what the build wrote, byte
/// for byte, and the router's least times over it are a plain Dijkstra's.
@Suite struct BuiltNetworkTests {
    static let demo: Result<URL, any Error> = Result { try DemoBuild.get().region }

    @Test(arguments: ["demo", "grid"])
    func readingThenWritingGivesTheSameBytes(region: String) throws {
        let folder = region == "demo" ? try Self.demo.get() : try GridRegion.built.get().folder
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("routing.json")))
        let network = try RoutingNetwork(json: try JSONParser.parse(bytes))
        #expect(try JSONWriter(style: .compact).bytes(network.json()) == bytes)
        #expect(!network.routes.isEmpty && network.edges.count > 10)
    }

    /// The demo network: least times between 200 seeded node pairs equal a plain Dijkstra's over
    /// the file read with Foundation (within 1 s).
    @Test func demoLeastTimesMatchAPlainDijkstra() throws {
        let folder = try Self.demo.get()
        let region = try RegionNetwork(folder: folder.path)
        let ref = try ReferenceGraph(file: folder.appendingPathComponent("routing.json"))
        var random = SeededRandom(seed: 0xDE30)
        var compared = 0
        for _ in 0..<20 {
            let source = Int.random(in: 0..<ref.nodes.count, using: &random)
            let times = ref.times(from: source)
            for _ in 0..<10 {
                let target = Int.random(in: 0..<ref.nodes.count, using: &random)
                let steps = region.router.shortestPath(from: source, to: target)
                #expect((steps == nil) == !times[target].isFinite)
                if let steps { #expect(abs(Double(region.network.timeS(of: steps)!) - times[target]) <= 1) }
                compared += 1
            }
        }
        #expect(compared == 200)
    }
}
