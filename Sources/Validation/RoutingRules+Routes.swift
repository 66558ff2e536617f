import PackJSON
import TrailpackCore

extension RoutingRules {
    /// One `[edge, forward]` step of a route's path, with the nodes it walks from and to.
    struct Step {
        var edge: Int
        var forward: Bool
        var from: Int
        var to: Int
    }

    /// Every entry of `routes`: its id, path, the path's line against the route file, and its
    /// node list.
    func checkRoutes(_ routesNode: JSONNode, nodes: Nodes, edges: [Edge?], fields: JSONFields) {
        var seen: [String: Int] = [:]
        for (r, entry) in routesNode.children.enumerated() {
            guard fields.typed(entry, .object) != nil else { continue }
            var line: (file: String, coords: [LonLat])?
            if let id = fields.string(entry, "id"), let idNode = entry["id"] {
                if !context.routeIds.contains(id) {
                    log.add(.routingRouteId, file: file, node: idNode,
                            expected: "a route id of the manifest (\(context.routeIds.sorted().map(JSONWriter.quoted).joined(separator: ", ")))",
                            found: JSONWriter.quoted(id))
                } else if let first = seen[id] {
                    log.add(.routingRouteId, file: file, node: idNode, expected: "one entry per route",
                            found: "\(JSONWriter.quoted(id)) again (first at routes[\(first)])")
                } else {
                    seen[id] = r
                    line = context.routeLines[id]
                }
            }
            let steps = checkPath(entry, edges: edges, fields: fields)
            var laid: [LonLat]?
            var starts: [Int] = []
            if let steps { (laid, starts) = layOut(steps, edges: edges) }
            if let laid, let line, let pathNode = entry["path"] {
                compare(laid, starts: starts, with: line, pathNode: pathNode)
            }
            guard let nodesNode = fields.typed(fields.member(entry, "nodes"), .array) else { continue }
            // The joints are known when the path lays out to the route's line (or there is no line).
            let coords = line?.coords ?? laid
            let joints = laid != nil && (line == nil || line!.coords.count == laid!.count) ? steps : nil
            checkRouteNodes(nodesNode, coords: coords, nodes: nodes, steps: joints, starts: starts)
        }
    }

    /// The path's steps; nil when it is empty or any step is malformed or out of range.
    /// Reports gaps between consecutive edges and oneway edges walked from b to a.
    private func checkPath(_ entry: JSONNode, edges: [Edge?], fields: JSONFields) -> [Step]? {
        guard let pathNode = fields.typed(fields.member(entry, "path"), .array) else { return nil }
        if pathNode.count == 0 {
            log.add(.routingRoutePath, file: file, node: pathNode, expected: "at least one [edge, forward]", found: "an empty path")
            return nil
        }
        var steps: [Step] = []
        var ok = true
        for (j, item) in pathNode.children.enumerated() {
            let k = item[0].flatMap { JSONFields.integerValue($0) }
            guard item.type == .array, item.count == 2, let k, let forwardNode = item[1], case .bool(let forward) = forwardNode.value else {
                log.add(.routingRoutePath, file: file, node: item, expected: "[edge, forward]: an integer and a boolean", found: JSONFields.describe(item))
                ok = false
                continue
            }
            guard edges.indices.contains(k), let edge = edges[k], let a = edge.a, let b = edge.b else {
                if !edges.indices.contains(k) {
                    log.add(.routingRoutePath, file: file, node: item[0] ?? item, expected: "an edge index in 0...\(edges.count - 1)", found: "\(k)")
                }
                ok = false
                continue
            }
            let step = Step(edge: k, forward: forward, from: forward ? a : b, to: forward ? b : a)
            if !forward, edge.oneway {
                log.add(.routingRoutePath, file: file, node: forwardNode, expected: "true (edges[\(k)] is oneway: walkable from a to b only)",
                        found: "false")
            }
            if let previous = steps.last, previous.to != step.from {
                log.add(.routingRoutePath, file: file, node: item,
                        expected: "an edge walked from node \(previous.to), where path[\(j - 1)] (edges[\(previous.edge)]) ends",
                        found: "edges[\(k)] walked from node \(step.from)")
            }
            steps.append(step)
        }
        return ok ? steps : nil
    }

    /// The path's coordinates end to end (reversed where walked backwards, each joint once),
    /// and the index in them where each step starts; nil when an edge's coords are unusable.
    private func layOut(_ steps: [Step], edges: [Edge?]) -> ([LonLat]?, [Int]) {
        var laid: [LonLat] = []
        var starts: [Int] = []
        for step in steps {
            guard let coords = edges[step.edge]?.coords, coords.count >= 2 else { return (nil, []) }
            starts.append(max(laid.count - 1, 0))
            let ordered = step.forward ? coords : coords.reversed()
            laid.append(contentsOf: laid.isEmpty ? ordered[...] : ordered.dropFirst())
        }
        return (laid, starts)
    }

    /// Reports the first vertex where the laid-out path and the route file differ, or a
    /// difference in length.
    private func compare(_ laid: [LonLat], starts: [Int], with line: (file: String, coords: [LonLat]), pathNode: JSONNode) {
        let tolerance = Self.routeToleranceDeg
        for i in 0..<min(laid.count, line.coords.count) {
            let p = laid[i], q = line.coords[i]
            guard !(abs(p.lon - q.lon) <= tolerance && abs(p.lat - q.lat) <= tolerance) else { continue }
            let j = starts.lastIndex { $0 <= i } ?? 0
            log.add(.routingRouteCoords, file: file, node: pathNode[j] ?? pathNode,
                    expected: "\(q), coords[\(i)] of \(line.file) (within 1e-7 deg)",
                    found: "\(p), vertex \(i) of the path's edges laid end to end (in path[\(j)])")
            return
        }
        if laid.count != line.coords.count {
            log.add(.routingRouteCoords, file: file, node: pathNode,
                    expected: "\(line.coords.count) vertices (the coords of \(line.file))",
                    found: "\(laid.count) vertices laid end to end")
        }
    }

    /// `nodes`: `[i, node]` pairs ascending in `i`, each route vertex at its node; the first and
    /// last vertex and every joint of the path listed with the node the path passes there.
    private func checkRouteNodes(_ nodesNode: JSONNode, coords: [LonLat]?, nodes: Nodes, steps: [Step]?, starts: [Int]) {
        let last = coords.map { $0.count - 1 }
        var listed: [Int: Int] = [:]
        var previous: Int?
        for pair in nodesNode.children {
            let ints = pair.type == .array ? pair.children.compactMap { JSONFields.integerValue($0) } : []
            guard pair.count == 2, ints.count == 2 else {
                log.add(.routingRouteNodes, file: file, node: pair, expected: "[i, node], two integers", found: JSONFields.describe(pair))
                continue
            }
            let (i, n) = (ints[0], ints[1])
            if let previous, i <= previous {
                log.add(.routingRouteNodes, file: file, node: pair, expected: "i > \(previous) (ascending in i)", found: "[\(i), \(n)]")
            }
            previous = max(previous ?? i, i)
            guard i >= 0, i <= last ?? Int.max, nodes.indices.contains(n) else {
                log.add(.routingRouteNodes, file: file, node: pair,
                        expected: "i in 0...\(last.map(String.init) ?? "?"), node in 0...\(nodes.count - 1)", found: "[\(i), \(n)]")
                continue
            }
            listed[i] = n
            if let coords, let p = nodes[n], !(abs(coords[i].lon - p.lon) <= Self.routeToleranceDeg && abs(coords[i].lat - p.lat) <= Self.routeToleranceDeg) {
                log.add(.routingRouteNodes, file: file, node: pair, expected: "route vertex \(i) at nodes[\(n)] \(p)",
                        found: "route vertex \(i) at \(coords[i])")
            }
        }
        guard let steps, let first = steps.first, let end = steps.last, let last else { return }
        var expected: [(i: Int, node: Int, what: String)] = [(0, first.from, "the first vertex")]
        for j in steps.indices.dropFirst() { expected.append((starts[j], steps[j].from, "the joint of path[\(j - 1)] and path[\(j)]")) }
        expected.append((last, end.to, "the last vertex"))
        for e in expected where listed[e.i] != e.node {
            log.add(.routingRouteNodes, file: file, node: nodesNode, expected: "[\(e.i), \(e.node)] (\(e.what))",
                    found: listed[e.i].map { "[\(e.i), \($0)]" } ?? "no entry for i = \(e.i)")
        }
    }
}
