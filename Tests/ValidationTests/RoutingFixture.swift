import Foundation
import PackJSON
import RouteCore
import TestSupport
import TrailpackCore

/// Writes a valid routing.json for a pack, computed straightforwardly from the contract
/// (notes/routing-contract.md, docs/FORMAT.md), independent of the pipeline: each edge follows
/// given vertices of its trail feature, resampled at <= 11.9 m between them, rounded to 7
/// decimals; `ele` is terrain.bin's bilinear sample rounded to one decimal; `lengthM`, climbs
/// and times from the rounded coordinates with `RouteStatistics.extremeIndices` and
/// `HikingModel.legDurationS`.
enum RoutingFixture {
    struct EdgeSpec {
        /// Index of the trail feature in trails.geojson.
        var trail: Int
        /// The vertices from a to b (resampled between them).
        var line: [LonLat]
        var oneway = false
        var steps = false
        var sacScale: String? = nil
    }

    struct Spec {
        var edges: [EdgeSpec]
        /// Route entries: id and `[edge, forward]` steps.
        var routes: [(id: String, path: [(edge: Int, forward: Bool)])]
    }

    static let model = HikingModel()

    static func r(_ v: Double, _ decimals: Int) -> Double { JSONValue.number(v, decimals: decimals).double }

    /// `line` resampled at <= 11.9 m between its own vertices, rounded to 7 decimals.
    static func resample(_ line: [LonLat]) -> [LonLat] {
        var out = [LonLat(r(line[0].lon, 7), r(line[0].lat, 7))]
        for (p, q) in zip(line, line.dropFirst()) {
            let n = max(1, Int((Geodesic.distanceM(p, q) / 11.9).rounded(.up)))
            for k in 1...n {
                let x = k == n ? q : Geodesic.interpolate(p, q, fraction: Double(k) / Double(n))
                out.append(LonLat(r(x.lon, 7), r(x.lat, 7)))
            }
        }
        return out
    }

    /// routing.json's value, with the number of nodes and edges.
    static func document(_ spec: Spec, names: [String?], terrain: TerrainGrid) -> (value: JSONValue, nodes: Int, edges: Int) {
        var nodes: [LonLat] = []
        var nodeIndex: [LonLat: Int] = [:]
        func node(_ p: LonLat) -> Int {
            if let k = nodeIndex[p] { return k }
            nodes.append(p)
            nodeIndex[p] = nodes.count - 1
            return nodes.count - 1
        }
        func ele(_ p: LonLat) -> Double { r(terrain.elevationM(at: p)!, 1) }
        var edges: [JSONValue] = []
        var ends: [(a: Int, b: Int, count: Int)] = []
        for e in spec.edges {
            let coords = resample(e.line)
            let a = node(coords.first!), b = node(coords.last!)
            let eles = coords.map(ele)
            let cum = Geodesic.cumulativeDistancesM(coords)
            let extremes = RouteStatistics.extremeIndices(eles, thresholdM: model.climbThresholdM)
            var up = 0.0, down = 0.0, forward = 0.0, backward = 0.0
            for (p, q) in zip(extremes, extremes.dropFirst()) {
                let rise = eles[q] - eles[p]
                if rise > 0 { up += rise } else { down -= rise }
                forward += model.legDurationS(horizontalM: cum[q] - cum[p], riseM: rise)
                backward += model.legDurationS(horizontalM: cum[q] - cum[p], riseM: -rise)
            }
            var object: JSONObject = [
                "a": .int(a), "b": .int(b), "name": names[e.trail].map(JSONValue.string) ?? .null, "trail": .int(e.trail),
                "lengthM": .number(cum.last!, decimals: 1), "ascentM": .number(up, decimals: 1), "descentM": .number(down, decimals: 1),
                "timeS": [.int(Int(forward.rounded())), e.oneway ? .null : .int(Int(backward.rounded()))],
                "coords": .array(zip(coords, eles).map { p, z in [.number(p.lon), .number(p.lat), .number(z)] }),
            ]
            if e.oneway { object["oneway"] = true }
            if e.steps { object["steps"] = true }
            if let sac = e.sacScale { object["sacScale"] = .string(sac) }
            edges.append(.object(object))
            ends.append((a, b, coords.count))
        }
        let routes: [JSONValue] = spec.routes.map { route in
            var pairs: [JSONValue] = []
            var i = 0
            for (j, step) in route.path.enumerated() {
                let end = ends[step.edge]
                let (from, to) = step.forward ? (end.a, end.b) : (end.b, end.a)
                if j == 0 { pairs.append([0, .int(from)]) }
                i += end.count - 1
                pairs.append([.int(i), .int(to)])
            }
            return ["id": .string(route.id), "path": .array(route.path.map { [.int($0.edge), .bool($0.forward)] }), "nodes": .array(pairs)]
        }
        let value: JSONValue = [
            "formatVersion": 1,
            "rates": ["horizontalKmh": 4, "ascentMPerH": 300, "descentMPerH": 500, "climbThresholdM": 5],
            "nodes": .array(nodes.map { [.number($0.lon), .number($0.lat), .number(ele($0))] }),
            "edges": .array(edges),
            "routes": .array(routes),
        ]
        return (value, nodes.count, edges.count)
    }

    /// Writes routing.json into the region of `editor` and lists it in the manifest (signed).
    static func install(_ spec: Spec, in editor: PackEditor) throws {
        let terrain = try TER1.decode(try editor.bytes("terrain.bin"))
        guard case .array(let features) = try editor.json("trails.geojson")["features"]! else { preconditionFailure("no features") }
        let names: [String?] = features.map { if case .string(let s)? = $0["properties"]?["name"] { s } else { nil } }
        let doc = document(spec, names: names, terrain: terrain)
        try editor.write("routing.json", try JSONWriter(style: .compact).bytes(doc.value))
        try editor.set("manifest.json", "files.routing", ["path": "routing.json", "bytes": 0, "sha256": .string(String(repeating: "0", count: 64)),
                                                          "nodes": .int(doc.nodes), "edges": .int(doc.edges)])
        try PackSigner.resign(root: editor.root)
    }

    /// The route's vertex where the fixture splits it into two edges.
    static var ridgeSplit: Int { PackFixture.routeCoords().count / 2 }

    /// The fixture pack plus two trails (the route's line as "Ridge Path", and "Closed Path",
    /// which no edge names) and routing.json: Fixture Trail (0), the unnamed way (1, oneway,
    /// steps, sacScale), Ridge Path in two edges (3: start to split; 4: end back to split), and
    /// the route `ridge-walk` over 2 forward then 3 backward.
    static func write(root: URL) throws {
        try FileManager.default.copyItem(at: try SharedPacks.fixtureRoot(), to: root)
        let editor = PackEditor(root: root, regionId: PackFixture.regionId)
        let route = PackFixture.routeCoords()
        let position = { (p: LonLat) -> JSONValue in [.number(p.lon), .number(p.lat)] }
        try editor.editJSON("trails.geojson") { t in
            guard case .array(var features) = t["features"]! else { return }
            features.append(PackFixture.feature(["type": "LineString", "coordinates": .array(route.map(position))], ["name": "Ridge Path"]))
            features.append(PackFixture.feature(["type": "LineString", "coordinates": [position(LonLat(-71.395, 44.41)), position(LonLat(-71.393, 44.411))]],
                                                ["name": "Closed Path"]))
            t.set("features", .array(features))
        }
        let trails = try editor.json("trails.geojson")
        func line(_ k: Int, part: Int? = nil) -> [LonLat] {
            let coordinates = part.map { trails.get("features[\(k)].geometry.coordinates[\($0)]")! } ?? trails.get("features[\(k)].geometry.coordinates")!
            guard case .array(let ps) = coordinates else { return [] }
            return ps.map { LonLat($0[0]!.double, $0[1]!.double) }
        }
        let split = ridgeSplit
        let spec = Spec(edges: [
            EdgeSpec(trail: 0, line: line(0)),
            EdgeSpec(trail: 1, line: line(1, part: 0), oneway: true, steps: true, sacScale: "mountain_hiking"),
            EdgeSpec(trail: 3, line: Array(route[...split])),
            EdgeSpec(trail: 3, line: Array(route[split...].reversed())),
        ], routes: [(PackFixture.routeId, [(2, true), (3, false)])])
        try install(spec, in: editor)
    }
}

extension SharedPacks {
    private static let routing: Result<URL, any Error> = Result {
        let root = TestData.scratchFolder("validation-routing").appendingPathComponent("pack")
        try RoutingFixture.write(root: root)
        return root
    }

    /// The fixture pack with routing.json (see `RoutingFixture.write`).
    static func routingRoot() throws -> URL { try routing.get() }

    /// A private copy of the routing pack to corrupt.
    static func routingCopy() throws -> PackEditor {
        try PackEditor.copy(try routingRoot(), regionId: PackFixture.regionId)
    }
}
