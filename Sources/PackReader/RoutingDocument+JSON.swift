import PackJSON
import PackSpec
import TrailpackCore

extension RoutingNetwork {
    /// The SPEC document: `formatVersion`, `rates`, `nodes`, `edges`, `routes` (keys sorted by the writer).
    public func json() -> JSONValue {
        let rates: JSONValue = ["horizontalKmh": .number(rates.flatSpeedKmh), "ascentMPerH": .number(rates.ascentRateMPerH),
                                "descentMPerH": .number(rates.descentRateMPerH), "climbThresholdM": .number(rates.climbThresholdM)]
        return ["formatVersion": .int(PackTree.formatVersion), "rates": rates,
                "nodes": .array(nodes.map { Self.position($0.location, $0.eleM) }),
                "edges": .array(edges.map(Self.edgeJSON)),
                "routes": .array(routes.map(Self.routeJSON))]
    }

    static func position(_ p: LonLat, _ eleM: Double) -> JSONValue { .array([.number(p.lon), .number(p.lat), .number(eleM)]) }

    static func edgeJSON(_ e: RoutingEdge) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("a", .int(e.a)), ("b", .int(e.b)), ("name", e.name.map { .string($0) } ?? .null), ("trail", .int(e.trail)),
            ("lengthM", .number(e.profile.lengthM)), ("ascentM", .number(e.profile.ascentM)),
            ("descentM", .number(e.profile.descentM)),
            ("timeS", .array(e.profile.timeS.map { $0.map { .int($0) } ?? .null })),
            ("coords", .array(zip(e.coords, e.elevationsM).map { position($0, $1) })),
        ]
        if e.oneway { members.append(("oneway", true)) }
        if e.steps { members.append(("steps", true)) }
        if let s = e.sacScale { members.append(("sacScale", .string(s))) }
        return .object(JSONObject(members))
    }

    static func routeJSON(_ r: NetworkRouteEntry) -> JSONValue {
        ["id": .string(r.id),
         "path": .array(r.path.map { .array([.int($0.edge), .bool($0.forward)]) }),
         "nodes": .array(r.nodes.map { .array([.int($0.i), .int($0.node)]) })]
    }
}

extension RoutingNetwork {
    /// Reads a `routing.json` document.
    /// - Throws: `JSONAccessError` naming the key path and position of the first value that is
    ///   missing, of the wrong type, or refers to a node or edge that does not exist.
    public init(json root: JSONNode) throws(JSONAccessError) {
        let version = try root.member("formatVersion")
        guard try version.int() == PackTree.formatVersion else { throw version.error("formatVersion \(try version.int()) is not \(PackTree.formatVersion)") }
        let r = try root.member("rates")
        let threshold = try r["climbThresholdM"].map { n throws(JSONAccessError) in try n.double(in: 0...1000) } ?? 5
        rates = HikingModel(flatSpeedKmh: try r.member("horizontalKmh").double(in: 0.01...1000),
                             ascentRateMPerH: try r.member("ascentMPerH").double(in: 0.01...100_000),
                             descentRateMPerH: try r.member("descentMPerH").double(in: 0.01...100_000), climbThresholdM: threshold)
        let nodeValues = try Self.positions(try root.member("nodes"))
        nodes = stride(from: 0, to: nodeValues.count, by: 3).map { RoutingNode(location: LonLat(nodeValues[$0], nodeValues[$0 + 1]), eleM: nodeValues[$0 + 2]) }
        let nodeCount = nodes.count
        edges = try root.member("edges").array().map { n throws(JSONAccessError) in try Self.readEdge(n, nodeCount: nodeCount) }
        let edgeCount = edges.count
        routes = try (root["routes"]?.array() ?? []).map { n throws(JSONAccessError) in try Self.readRoute(n, edgeCount: edgeCount, nodeCount: nodeCount) }
    }

    /// `[[lon, lat, ele], ...]` flattened; lon and lat in range.
    static func positions(_ n: JSONNode) throws(JSONAccessError) -> [Double] {
        let values = try n.numberRows(width: 3)
        for k in stride(from: 0, to: values.count, by: 3) where !(abs(values[k]) <= 180 && abs(values[k + 1]) <= 90) {
            throw (n[k / 3] ?? n).error("[lon, lat] out of range (lon -180...180, lat -90...90)")
        }
        return values
    }

    static func readEdge(_ n: JSONNode, nodeCount: Int) throws(JSONAccessError) -> RoutingEdge {
        let a = try n.member("a").int(in: 0...max(0, nodeCount - 1)), b = try n.member("b").int(in: 0...max(0, nodeCount - 1))
        let nameNode = try n.member("name")
        let values = try positions(try n.member("coords"))
        guard values.count >= 6 else { throw n.error("an edge needs at least 2 coords") }
        var coords: [LonLat] = [], elevationsM: [Double] = []
        coords.reserveCapacity(values.count / 3)
        elevationsM.reserveCapacity(values.count / 3)
        for k in stride(from: 0, to: values.count, by: 3) {
            coords.append(LonLat(values[k], values[k + 1]))
            elevationsM.append(values[k + 2])
        }
        let times = try n.member("timeS").array()
        guard times.count == 2 else { throw n.error("timeS needs [a to b, b to a]") }
        let timeS = try times.map { t throws(JSONAccessError) in t.isNull ? nil : try t.int(in: 0...Int(Int32.max)) }
        let profile = EdgeProfile(lengthM: try n.member("lengthM").double(in: 0...1e8), ascentM: try n.member("ascentM").double(in: 0...1e6),
                                  descentM: try n.member("descentM").double(in: 0...1e6), timeS: timeS)
        return RoutingEdge(a: a, b: b, name: nameNode.isNull ? nil : try nameNode.string(), trail: try n.member("trail").int(in: 0...Int(Int32.max)),
                           coords: coords, elevationsM: elevationsM, profile: profile,
                           oneway: try n["oneway"]?.bool() ?? false, steps: try n["steps"]?.bool() ?? false,
                           sacScale: try n["sacScale"]?.string())
    }

    static func readRoute(_ n: JSONNode, edgeCount: Int, nodeCount: Int) throws(JSONAccessError) -> NetworkRouteEntry {
        let path = try n.member("path").array().map { s throws(JSONAccessError) -> PathStep in
            let pair = try s.array()
            guard pair.count == 2 else { throw s.error("a path step is [edge, forward]") }
            return PathStep(edge: try pair[0].int(in: 0...max(0, edgeCount - 1)), forward: try pair[1].bool())
        }
        let visits = try n.member("nodes").array().map { s throws(JSONAccessError) -> NodeVisit in
            let pair = try s.array()
            guard pair.count == 2 else { throw s.error("a node visit is [i, node]") }
            return NodeVisit(i: try pair[0].int(in: 0...Int(Int32.max)), node: try pair[1].int(in: 0...max(0, nodeCount - 1)))
        }
        return NetworkRouteEntry(id: try n.member("id").string(), path: path, nodes: visits)
    }
}
