import PackJSON
import PackSpec
import RouteCore
import TrailpackCore

/// The optional `routing.json` (SPEC "routing.json"; trailpack's choices in docs/FORMAT.md):
/// the manifest's counts, the rates, nodes against the bbox and terrain.bin, every edge against
/// its nodes, its own coordinates, terrain.bin, the hiking model and its trail feature, the
/// trails' coverage by the edges that name them, and each route entry against its route file.
/// Linear in the file size: coordinates are read from `JSONValue`s (a node is made only to
/// locate a problem), node positions are hashed, coverage uses a grid.
struct RoutingRules {
    /// What the rules need from the rest of the region (each nil when it could not be read).
    struct Context {
        var bbox: BBox?
        var terrain: TerrainGrid?
        /// trails.geojson's features in file order, with the parsed document to locate problems.
        var trails: (file: String, doc: JSONNode, features: [TrailFeature])?
        /// Every route id of the manifest.
        var routeIds: Set<String> = []
        /// Each readable route file's vertices (lon/lat), by route id.
        var routeLines: [String: (file: String, coords: [LonLat])] = [:]
    }

    /// A trails.geojson feature as the routing rules see it.
    struct TrailFeature {
        /// The `name` property (nil for null or absent).
        var name: String?
        /// True when the feature carries a `routeId` (a route, not a trail).
        var isRoute: Bool
        /// True for a MultiLineString (positions are then `coordinates[part][k]`).
        var isMulti: Bool
        /// The positions of each line part; nil where a position is malformed.
        var parts: [[LonLat?]]
    }

    /// A node as read: its position, or nil when malformed.
    typealias Nodes = [LonLat?]

    let file: String
    let manifestFile: String
    let log: ProblemLog
    let context: Context

    /// Nodes and edge vertices may lie this far outside the region bbox (coordinate rounding).
    static let bboxToleranceDeg = 1e-7
    /// `ele` against terrain.bin: whole-metre samples, one-decimal output.
    static let eleToleranceM = 0.15
    /// The SPEC's 12.0 m, computed on the written coordinates (plus floating-point slack).
    static let maxStepM = PackLimits.maxStepM + 1e-6
    /// `lengthM` is the rounded sum of the steps: 0.05 m rounding plus slack.
    static let lengthToleranceM = 0.06
    /// `ascentM`/`descentM`: 0.05 m rounding of the output plus slack.
    static let climbToleranceM = 0.11
    /// `timeS`: whole seconds rounded, plus slack for the geodesic's last digits.
    static let timeToleranceS = 1.0
    /// A trail vertex must lie this close to an edge naming its feature (SPEC), plus 1 cm for
    /// rounded coordinates.
    static let coverageM = 5.0
    static let coverageSlackM = 0.01
    /// Route file coordinates against the edges laid end to end.
    static let routeToleranceDeg = 1e-7
    /// The ascent hysteresis when `rates` carries no `climbThresholdM` (trailpack's default).
    static let defaultClimbThresholdM = 5.0

    /// Checks `doc`, the parsed `raw` bytes of routing.json; `entry` is the manifest's
    /// `files.routing` object. Returns the region's hiking model from `rates` (nil when unusable).
    @discardableResult
    func check(_ doc: JSONNode, raw: [UInt8], entry: JSONNode) -> HikingModel? {
        let fields = JSONFields(file: file, log: log)
        guard fields.typed(doc, .object) != nil else { return nil }
        FormatRules.checkRoutingKeys(doc, file: file, log: log)
        if let node = fields.member(doc, "formatVersion"), JSONFields.integerValue(node) != PackTree.formatVersion {
            log.add(.formatVersion, file: file, node: node, expected: "\(PackTree.formatVersion)", found: JSONFields.describe(node))
        }
        let model = readRates(doc, fields: fields)
        let nodesNode = fields.typed(fields.member(doc, "nodes"), .array)
        let edgesNode = fields.typed(fields.member(doc, "edges"), .array)
        let routesNode = fields.typed(fields.member(doc, "routes"), .array)
        checkCounts(entry, nodes: nodesNode?.count, edges: edgesNode?.count)
        let nodes = nodesNode.map(readNodes) ?? []
        var edges: [Edge?] = []
        if let edgesNode {
            let index = NodeIndex(nodes)
            edges = edgesNode.children.map { checkEdge($0, nodes: nodes, index: index, model: model, fields: fields) }
            if let nodesNode { checkNodesUsed(nodesNode, nodes: nodes, edges: edges) }
        }
        if let trails = context.trails, edgesNode != nil {
            checkCoverage(edges: edges, trails: trails)
        }
        if let routesNode, edgesNode != nil, nodesNode != nil {
            checkRoutes(routesNode, nodes: nodes, edges: edges, fields: fields)
        }
        checkDecimals(raw)
        return model
    }

    // MARK: - Header

    /// The hiking model of `rates`; nil when a rate is missing or not positive.
    private func readRates(_ doc: JSONNode, fields: JSONFields) -> HikingModel? {
        guard let rates = fields.object(doc, "rates") else { return nil }
        var values: [Double] = []
        for key in ["horizontalKmh", "ascentMPerH", "descentMPerH"] {
            guard let value = fields.number(rates, key), let node = rates[key] else { continue }
            if value > 0 { values.append(value) } else {
                log.add(.routingRates, file: file, node: node, expected: "a positive number", found: format(value))
            }
        }
        var threshold = Self.defaultClimbThresholdM
        if let node = rates["climbThresholdM"] {
            if let value = JSONFields.numberValue(node), value >= 0 { threshold = value } else {
                log.add(.routingRates, file: file, node: node, expected: "a number >= 0 (metres)", found: JSONFields.describe(node))
                return nil
            }
        }
        guard values.count == 3 else { return nil }
        return HikingModel(flatSpeedKmh: values[0], ascentRateMPerH: values[1], descentRateMPerH: values[2], climbThresholdM: threshold)
    }

    /// `files.routing.nodes` and `.edges` against the arrays.
    private func checkCounts(_ entry: JSONNode, nodes: Int?, edges: Int?) {
        let fields = JSONFields(file: manifestFile, log: log)
        for (key, actual) in [("nodes", nodes), ("edges", edges)] {
            guard let listed = fields.integer(entry, key, in: 0...Int(Int32.max)), let actual, listed != actual,
                  let node = entry[key] else { continue }
            log.add(.routingCount, file: manifestFile, node: node, expected: "\(actual) (the length of \(file)'s \(key))", found: "\(listed)")
        }
    }

    // MARK: - Nodes

    /// Reads every node, reporting malformed ones, ones outside the bbox, off the terrain, or
    /// at the position of an earlier node.
    private func readNodes(_ nodesNode: JSONNode) -> Nodes {
        guard case .array(let items) = nodesNode.value else { return [] }
        var out: Nodes = []
        out.reserveCapacity(items.count)
        var first: [LonLat: Int] = [:]
        for (k, item) in items.enumerated() {
            let at = { nodesNode[k] ?? nodesNode }
            guard let v = Self.vertex(item) else {
                log.add(.routingNode, file: file, node: at(), expected: "[lon, lat, ele], three finite numbers, lon/lat in range",
                        found: JSONFields.describe(at()))
                out.append(nil)
                continue
            }
            if let bbox = context.bbox, !bbox.contains(v.p, toleranceDeg: Self.bboxToleranceDeg) {
                log.add(.routingNode, file: file, node: at(), expected: "a node inside the region bbox \(bbox)", found: "\(v.p)")
            }
            if let j = first[v.p] {
                log.add(.routingNode, file: file, node: at(), expected: "a position no other node has", found: "the lon/lat of nodes[\(j)]")
            } else {
                first[v.p] = k
            }
            checkEle(v, rule: .routingNodeEle, at: at)
            out.append(v.p)
        }
        return out
    }

    /// `ele` against terrain.bin; `at` makes the vertex's node (only when a problem is found).
    func checkEle(_ v: (p: LonLat, ele: Double), rule: ValidationRule, at: () -> JSONNode) {
        guard let terrain = context.terrain else { return }
        guard let sampled = terrain.elevationM(at: v.p) else {
            log.add(rule, file: file, node: at(), expected: "a position inside terrain.bin \(terrain.bounds)", found: "\(v.p)")
            return
        }
        if !(abs(sampled - v.ele) <= Self.eleToleranceM) {
            let vertex = at()
            log.add(rule, file: file, node: vertex[2] ?? vertex,
                    expected: "\(metres(sampled)) (terrain.bin at lon/lat, within \(format(Self.eleToleranceM)) m)", found: format(v.ele))
        }
    }

    /// A node that is no edge's end is neither a junction nor a dead end.
    private func checkNodesUsed(_ nodesNode: JSONNode, nodes: Nodes, edges: [Edge?]) {
        var used = [Bool](repeating: false, count: nodes.count)
        for edge in edges {
            if let a = edge?.a { used[a] = true }
            if let b = edge?.b { used[b] = true }
        }
        for k in nodes.indices where !used[k] && nodes[k] != nil {
            log.add(.routingNode, file: file, node: nodesNode[k] ?? nodesNode, expected: "a node that is an end of at least one edge",
                    found: "no edge has a or b = \(k)")
        }
    }

    /// `[lon, lat, ele]` of finite numbers with lon/lat in range, or nil.
    static func vertex(_ value: JSONValue) -> (p: LonLat, ele: Double)? {
        guard case .array(let items) = value, items.count == 3,
              case .number(let lon) = items[0], case .number(let lat) = items[1], case .number(let ele) = items[2],
              lon.isFinite, lat.isFinite, ele.isFinite, (-180...180).contains(lon), (-90...90).contains(lat) else { return nil }
        return (LonLat(lon, lat), ele)
    }

    // MARK: - Decimals

    /// At most 7 decimals for lon/lat, 1 for ele, lengthM, ascentM and descentM.
    private func checkDecimals(_ raw: [UInt8]) {
        let oneDecimal: Set<String> = ["lengthM", "ascentM", "descentM"]
        let findings = RawNumberScanner.scan(raw, minimumLimit: 1) { path in
            switch (path.first, path.count) {
            case (.key("nodes"), 3):
                return path[2] == .index(2) ? 1 : 7
            case (.key("edges"), 5) where path[2] == .key("coords"):
                return path[4] == .index(2) ? 1 : 7
            case (.key("edges"), 3):
                if case .key(let key) = path[2], oneDecimal.contains(key) { return 1 }
                return nil
            default:
                return nil
            }
        }
        for finding in findings {
            log.add(.routingDecimals, file: file,
                    at: ProblemLocation(jsonPath: finding.path.description, line: finding.line, column: finding.column, byteOffset: finding.offset),
                    expected: "at most \(finding.allowed) decimal\(finding.allowed == 1 ? "" : "s")",
                    found: "\(finding.text) (\(finding.decimals) decimals)")
        }
    }
}

/// The nodes by exact position (edge ends and interior vertices are compared bit for bit).
struct NodeIndex {
    private var byPosition: [LonLat: Int] = [:]

    init(_ nodes: RoutingRules.Nodes) {
        byPosition.reserveCapacity(nodes.count)
        for (k, p) in nodes.enumerated() {
            if let p, byPosition[p] == nil { byPosition[p] = k }
        }
    }

    func node(at p: LonLat) -> Int? { byPosition[p] }
}
