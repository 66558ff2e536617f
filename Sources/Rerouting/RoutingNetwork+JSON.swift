import PackJSON
import TrailpackCore

extension RoutingNetwork {
    /// The SPEC document: `formatVersion`, `rates`, `nodes`, `edges`, `routes` (keys sorted by the writer).
    public func json() -> JSONValue {
        let rates: JSONValue = ["horizontalKmh": .number(rates.horizontalKmh), "ascentMPerH": .number(rates.ascentMPerH),
                                "descentMPerH": .number(rates.descentMPerH), "climbThresholdM": .number(rates.climbThresholdM)]
        return ["formatVersion": 1, "rates": rates,
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
        guard try version.int() == 1 else { throw version.error("formatVersion \(try version.int()) is not 1") }
        let r = try root.member("rates")
        let threshold = try r["climbThresholdM"].map { n throws(JSONAccessError) in try n.double(in: 0...1000) } ?? 5
        rates = RoutingRates(horizontalKmh: try r.member("horizontalKmh").double(in: 0.01...1000),
                             ascentMPerH: try r.member("ascentMPerH").double(in: 0.01...100_000),
                             descentMPerH: try r.member("descentMPerH").double(in: 0.01...100_000), climbThresholdM: threshold)
        nodes = try root.member("nodes").array().map { n throws(JSONAccessError) in
            let (p, e) = try Self.readPosition(n)
            return RoutingNode(location: p, eleM: e)
        }
        let nodeCount = nodes.count
        edges = try root.member("edges").array().map { n throws(JSONAccessError) in try Self.readEdge(n, nodeCount: nodeCount) }
        let edgeCount = edges.count
        routes = try (root["routes"]?.array() ?? []).map { n throws(JSONAccessError) in try Self.readRoute(n, edgeCount: edgeCount, nodeCount: nodeCount) }
    }

    static func readPosition(_ n: JSONNode) throws(JSONAccessError) -> (LonLat, Double) {
        let parts = try n.array()
        guard parts.count >= 3 else { throw n.error("a position needs [lon, lat, ele]") }
        return (LonLat(try parts[0].double(in: -180...180), try parts[1].double(in: -90...90)), try parts[2].double())
    }

    static func readEdge(_ n: JSONNode, nodeCount: Int) throws(JSONAccessError) -> RoutingEdge {
        let a = try n.member("a").int(in: 0...max(0, nodeCount - 1)), b = try n.member("b").int(in: 0...max(0, nodeCount - 1))
        let nameNode = try n.member("name")
        let positions = try n.member("coords").array().map { p throws(JSONAccessError) in try readPosition(p) }
        guard positions.count >= 2 else { throw n.error("an edge needs at least 2 coords") }
        let times = try n.member("timeS").array()
        guard times.count == 2 else { throw n.error("timeS needs [a to b, b to a]") }
        let timeS = try times.map { t throws(JSONAccessError) in t.isNull ? nil : try t.int(in: 0...Int(Int32.max)) }
        let profile = EdgeProfile(lengthM: try n.member("lengthM").double(in: 0...1e8), ascentM: try n.member("ascentM").double(in: 0...1e6),
                                  descentM: try n.member("descentM").double(in: 0...1e6), timeS: timeS)
        return RoutingEdge(a: a, b: b, name: nameNode.isNull ? nil : try nameNode.string(), trail: try n.member("trail").int(in: 0...Int(Int32.max)),
                           coords: positions.map(\.0), elevationsM: positions.map(\.1), profile: profile,
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
