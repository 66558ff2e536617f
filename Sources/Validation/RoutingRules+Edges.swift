import PackJSON
import RouteCore
import TrailpackCore

extension RoutingRules {
    /// An edge as read, for the coverage and route checks.
    struct Edge {
        /// Node indices, nil when invalid.
        var a: Int?
        var b: Int?
        /// lon/lat of every vertex (empty when `coords` is malformed).
        var coords: [LonLat]
        /// The index of the trail feature it follows, when valid.
        var trail: Int?
        var oneway: Bool
        var node: JSONNode
    }

    /// Reads and checks `edges[k]`; nil when it is not an object.
    func checkEdge(_ node: JSONNode, nodes: Nodes, index: NodeIndex, model: HikingModel?, fields: JSONFields) -> Edge? {
        guard fields.typed(node, .object) != nil else { return nil }
        let a = nodeIndex(node, "a", count: nodes.count, fields: fields)
        var b = nodeIndex(node, "b", count: nodes.count, fields: fields)
        if let a, let same = b, a == same, let bNode = node["b"] {
            log.add(.routingEdgeEnds, file: file, node: bNode, expected: "a node other than a = \(a) (a closed loop is split by a node)",
                    found: "\(same)")
            b = nil
        }
        var edge = Edge(a: a, b: b, coords: [], trail: nil, oneway: false, node: node)
        let vertices = readCoords(node, fields: fields)
        if let vertices, let coordsNode = node["coords"] {
            edge.coords = vertices.map(\.p)
            checkEnds(edge, nodes: nodes, coordsNode: coordsNode)
            checkThrough(edge.coords, index: index, coordsNode: coordsNode)
            let cum = checkSteps(edge.coords, coordsNode: coordsNode)
            if let lengthM = fields.number(node, "lengthM"), let lengthNode = node["lengthM"], let total = cum.last,
               !(abs(lengthM - total) <= Self.lengthToleranceM) {
                log.add(.routingEdgeLength, file: file, node: lengthNode,
                        expected: "\(metres(total)) (sum of the geodesic steps, within \(format(Self.lengthToleranceM)) m)", found: format(lengthM))
            }
            for (j, v) in vertices.enumerated() {
                checkEle(v, rule: .routingEdgeEle) { coordsNode[j] ?? coordsNode }
            }
            checkProfile(node, ele: vertices.map(\.ele), cum: cum, model: model, fields: fields)
        } else {
            _ = fields.number(node, "lengthM")
            checkProfile(node, ele: nil, cum: nil, model: nil, fields: fields)
        }
        edge.oneway = checkTags(node)
        edge.trail = checkTrail(node, fields: fields)
        return edge
    }

    /// `a` or `b`: an integer index into `nodes`.
    private func nodeIndex(_ node: JSONNode, _ key: String, count: Int, fields: JSONFields) -> Int? {
        guard let value = fields.member(node, key) else { return nil }
        guard let n = JSONFields.integerValue(value) else {
            if !fields.reportSpelledInteger(value) {
                log.add(.jsonType, file: file, node: value, expected: "an integer (a node index)", found: JSONFields.describe(value))
            }
            return nil
        }
        guard (0..<count).contains(n) else {
            log.add(.routingEdgeEnds, file: file, node: value, expected: "a node index in 0...\(count - 1)", found: "\(n)")
            return nil
        }
        return n
    }

    /// `coords`: at least 2 `[lon, lat, ele]` inside the bbox; nil when any vertex is malformed.
    private func readCoords(_ node: JSONNode, fields: JSONFields) -> [(p: LonLat, ele: Double)]? {
        guard let coordsNode = fields.typed(fields.member(node, "coords"), .array), case .array(let items) = coordsNode.value else { return nil }
        if items.count < 2 {
            log.add(.routingEdgeCoords, file: file, node: coordsNode, expected: "at least 2 vertices", found: "\(items.count)")
            return nil
        }
        var out: [(p: LonLat, ele: Double)] = []
        out.reserveCapacity(items.count)
        for (j, item) in items.enumerated() {
            guard let v = Self.vertex(item) else {
                let at = coordsNode[j] ?? coordsNode
                log.add(.routingEdgeCoords, file: file, node: at, expected: "[lon, lat, ele], three finite numbers, lon/lat in range",
                        found: JSONFields.describe(at))
                return nil
            }
            if let bbox = context.bbox, !bbox.contains(v.p, toleranceDeg: Self.bboxToleranceDeg) {
                log.add(.routingEdgeCoords, file: file, node: coordsNode[j] ?? coordsNode, expected: "a vertex inside the region bbox \(bbox)",
                        found: "\(v.p)")
            }
            out.append(v)
        }
        return out
    }

    /// The first and last lon/lat are exactly those of nodes[a] and nodes[b].
    private func checkEnds(_ edge: Edge, nodes: Nodes, coordsNode: JSONNode) {
        for (key, n, j) in [("a", edge.a, 0), ("b", edge.b, edge.coords.count - 1)] {
            guard let n, let p = nodes[n], edge.coords[j] != p else { continue }
            log.add(.routingEdgeEnds, file: file, node: coordsNode[j] ?? coordsNode,
                    expected: "[\(format(p.lon)), \(format(p.lat))], exactly the lon/lat of nodes[\(n)] (\(key))",
                    found: "[\(format(edge.coords[j].lon)), \(format(edge.coords[j].lat))]")
        }
    }

    /// No interior vertex lies at a node (an edge never passes through a third node).
    private func checkThrough(_ coords: [LonLat], index: NodeIndex, coordsNode: JSONNode) {
        for j in coords.indices.dropFirst().dropLast() {
            guard let n = index.node(at: coords[j]) else { continue }
            log.add(.routingEdgeThrough, file: file, node: coordsNode[j] ?? coordsNode,
                    expected: "an interior vertex at no node (the edge would pass through a third node)",
                    found: "the lon/lat of nodes[\(n)]")
        }
    }

    /// Reports steps over 12.0 m; returns the running geodesic sum (the profile's `cum`).
    private func checkSteps(_ coords: [LonLat], coordsNode: JSONNode) -> [Double] {
        var cum = [0.0]
        cum.reserveCapacity(coords.count)
        var sum = 0.0
        for j in coords.indices.dropFirst() {
            let stepM = Geodesic.distanceM(coords[j - 1], coords[j])
            sum += stepM
            cum.append(sum)
            if stepM > Self.maxStepM {
                log.add(.routingEdgeStep, file: file, node: coordsNode[j] ?? coordsNode,
                        expected: "a step from coords[\(j - 1)] of at most 12.0 m", found: metres(stepM))
            }
        }
        return cum
    }

    /// `ascentM`, `descentM` and `timeS` against the profile (nil when coords are unusable:
    /// types only).
    private func checkProfile(_ node: JSONNode, ele: [Double]?, cum: [Double]?, model: HikingModel?, fields: JSONFields) {
        let ascent = fields.number(node, "ascentM"), descent = fields.number(node, "descentM")
        let times = readTimes(node, fields: fields)
        guard let ele, let cum, let model else { return }
        let extremes = RouteStatistics.extremeIndices(ele, thresholdM: model.climbThresholdM)
        var up = 0.0, down = 0.0, forwardS = 0.0, backwardS = 0.0
        for (p, q) in zip(extremes, extremes.dropFirst()) {
            let riseM = ele[q] - ele[p]
            if riseM > 0 { up += riseM } else { down -= riseM }
            forwardS += model.legDurationS(horizontalM: cum[q] - cum[p], riseM: riseM)
            backwardS += model.legDurationS(horizontalM: cum[q] - cum[p], riseM: -riseM)
        }
        for (key, found, expected) in [("ascentM", ascent, up), ("descentM", descent, down)] {
            guard let found, !(abs(found - expected) <= Self.climbToleranceM), let at = node[key] else { continue }
            log.add(.routingEdgeClimb, file: file, node: at,
                    expected: "\(metres(expected)) (between the profile's extremes from a to b, threshold \(format(model.climbThresholdM)) m, within \(format(Self.climbToleranceM)) m)",
                    found: format(found))
        }
        guard let times else { return }
        for (j, expected, direction) in [(0, forwardS, "a to b"), (1, backwardS, "b to a")] {
            guard let found = times[j], !(abs(Double(found) - expected) <= Self.timeToleranceS), let timesNode = node["timeS"] else { continue }
            log.add(.routingEdgeTime, file: file, node: timesNode[j] ?? timesNode,
                    expected: "\(Int(expected.rounded())) s (DIN 33466 per leg from \(direction) with the region's rates, within 1 s)",
                    found: "\(found)")
        }
    }

    /// `timeS`: `[Int?, Int?]` (nil for null), or nil when malformed (reported).
    private func readTimes(_ node: JSONNode, fields: JSONFields) -> [Int?]? {
        guard let timesNode = fields.member(node, "timeS") else { return nil }
        guard timesNode.type == .array, timesNode.count == 2 else {
            log.add(.routingEdgeTime, file: file, node: timesNode, expected: "[a to b, b to a], two whole numbers of seconds or null",
                    found: JSONFields.describe(timesNode))
            return nil
        }
        var out: [Int?] = []
        for item in timesNode.children {
            if item.isNull { out.append(nil); continue }
            guard let s = JSONFields.integerValue(item), s >= 0 else {
                if !fields.reportSpelledInteger(item) {
                    log.add(.routingEdgeTime, file: file, node: item, expected: "a whole number of seconds >= 0, or null",
                            found: JSONFields.describe(item))
                }
                return nil
            }
            out.append(s)
        }
        checkDirections(node, times: out)
        return out
    }

    /// `oneway` <=> `timeS[1]` null; `timeS[0]` never null.
    private func checkDirections(_ node: JSONNode, times: [Int?]) {
        let oneway = node["oneway"].map { $0.value == .bool(true) } ?? false
        guard let timesNode = node["timeS"] else { return }
        if times[0] == nil {
            log.add(.routingOneway, file: file, node: timesNode[0] ?? timesNode,
                    expected: "a time from a to b (an edge runs the way it may be walked; oneway edges from a to b)", found: "null")
        }
        if oneway, let s = times[1] {
            log.add(.routingOneway, file: file, node: timesNode[1] ?? timesNode, expected: "null (oneway: b to a may not be walked)",
                    found: "\(s)")
        } else if !oneway, times[1] == nil {
            log.add(.routingOneway, file: file, node: timesNode[1] ?? timesNode,
                    expected: "a time from b to a (null only with oneway: true)", found: "null")
        }
    }

    /// `oneway` and `steps` only `true`, `sacScale` a non-empty string; returns `oneway`.
    private func checkTags(_ node: JSONNode) -> Bool {
        if let oneway = node["oneway"], oneway.value != .bool(true) {
            log.add(.routingOneway, file: file, node: oneway, expected: "true, or no oneway key", found: JSONFields.describe(oneway))
        }
        if let steps = node["steps"], steps.value != .bool(true) {
            log.add(.routingEdgeTags, file: file, node: steps, expected: "true, or no steps key", found: JSONFields.describe(steps))
        }
        if let sac = node["sacScale"], (JSONFields.stringValue(sac) ?? "").allSatisfy(\.isWhitespace) {
            log.add(.routingEdgeTags, file: file, node: sac, expected: "a non-empty string (OpenStreetMap sac_scale)", found: JSONFields.describe(sac))
        }
        return node["oneway"]?.value == .bool(true)
    }

    /// `trail` indexes a trail feature (no `routeId`), and `name` equals its name; returns the
    /// index when valid.
    private func checkTrail(_ node: JSONNode, fields: JSONFields) -> Int? {
        var name: String?? = nil
        if let nameNode = fields.member(node, "name") {
            if nameNode.isNull { name = .some(nil) } else if let s = JSONFields.stringValue(nameNode) { name = .some(s) } else {
                log.add(.routingEdgeName, file: file, node: nameNode, expected: "a string or null", found: JSONFields.describe(nameNode))
            }
        }
        guard let trailNode = fields.member(node, "trail") else { return nil }
        guard let trail = JSONFields.integerValue(trailNode) else {
            if !fields.reportSpelledInteger(trailNode) {
                log.add(.routingEdgeTrail, file: file, node: trailNode, expected: "an integer (an index into trails.geojson's features)",
                        found: JSONFields.describe(trailNode))
            }
            return nil
        }
        guard let trails = context.trails else { return nil }
        guard trails.features.indices.contains(trail) else {
            log.add(.routingEdgeTrail, file: file, node: trailNode,
                    expected: "an index into \(trails.file)'s features (0...\(trails.features.count - 1))", found: "\(trail)")
            return nil
        }
        let feature = trails.features[trail]
        if feature.isRoute {
            log.add(.routingEdgeTrail, file: file, node: trailNode, expected: "a trail feature (a feature with a routeId is a route)",
                    found: "features[\(trail)], a route")
            return nil
        }
        if let name, name != feature.name, let nameNode = node["name"] {
            log.add(.routingEdgeName, file: file, node: nameNode,
                    expected: "\(feature.name.map(JSONWriter.quoted) ?? "null") (the name of \(trails.file)'s features[\(trail)])",
                    found: name.map(JSONWriter.quoted) ?? "null")
        }
        return trail
    }
}
