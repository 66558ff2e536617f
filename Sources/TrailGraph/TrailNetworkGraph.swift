import Foundation
import PackReader
import TrailpackCore

/// A routable graph of trail lines.
///
/// Lines are joined where they share a vertex, where vertices of different lines lie within
/// `vertexMergeM` (1 m) of each other, and where a line's free end lies within `endShiftM` (4 m) of
/// another line: that end moves onto the nearest point of the other line, which is split there
/// (or onto its vertex or end there, when that too is within 4 m). No vertex moves more than
/// `endSnapM` (5 m): the SPEC's bound between a trail and its edges.
/// Construction sorts the lines by id first, so the graph does not depend on input order.
public struct TrailNetworkGraph: Sendable {
    /// Vertices of different lines within this distance (metres) become one node.
    public static let vertexMergeM = 1.0
    /// No vertex of a line moves farther than this (metres) when the lines are joined: the
    /// SPEC's bound between a trail feature's vertices and the edges that name it.
    public static let endSnapM = 5.0
    /// A free line end within this distance (metres) of another line is snapped onto it, so that
    /// with the vertex merge after it (`vertexMergeM`) it moves at most `endSnapM`.
    public static let endShiftM = endSnapM - vertexMergeM
    /// A via point farther than this (metres) from the network is an error.
    public static let maxViaDistanceM = 200.0

    /// The graph, in the model of the network a pack carries (`routing.json`) before it is
    /// resampled with terrain (`NetworkAssembler`): nodes (line ends and shared vertices) without
    /// elevations; edges, each the stretch of one input line between two nodes, with its line's
    /// name, its `trail` the index of that line in `lineIds`, its `profile.lengthM` the geodesic
    /// length unrounded, walkable both ways (no times: the builder searches it by length).
    /// `router` searches it and finds points on it.
    public let router: NetworkRouter
    /// Ids of the input lines kept, in the graph's order (`TrailLine.id`; an edge's `trail`).
    public let lineIds: [String]
    /// Ids of input lines dropped because they have fewer than two distinct vertices, sorted.
    public let skippedLineIds: [String]

    /// The graph's nodes and edges.
    public var network: RoutingNetwork { router.network }

    /// Builds the network from `lines`.
    /// - Throws: `TrailNetworkError.invalidCoordinate` naming the line and vertex of a
    ///   non-finite or out-of-range coordinate.
    public init(lines input: [TrailLine]) throws(TrailNetworkError) {
        for line in input {
            for (k, c) in line.coords.enumerated() where !(c.isFinite && abs(c.lon) <= 180 && abs(c.lat) <= 90) {
                throw .invalidCoordinate(lineId: line.id, index: k)
            }
        }
        var lines: [TrailLine] = []
        var skipped: [String] = []
        for line in input.sorted(by: Self.lineOrder) {
            var coords: [LonLat] = []
            for c in line.coords where coords.last != c { coords.append(c) }
            if coords.count < 2 { skipped.append(line.id) } else {
                lines.append(TrailLine(id: line.id, name: line.name, coords: coords))
            }
        }
        skippedLineIds = skipped.sorted()
        lineIds = lines.map(\.id)
        guard let bounds = BBox(covering: lines.lazy.flatMap(\.coords)) else {
            router = NetworkRouter(network: RoutingNetwork(rates: HikingModel(), nodes: [], edges: []), cellM: 50)
            return
        }
        router = NetworkRouter(network: Self.splitIntoEdges(Self.snapFreeEnds(lines, bounds: bounds), bounds: bounds), cellM: 50)
    }

    /// Deterministic order of input lines: id, then name, then geometry.
    static func lineOrder(_ l: TrailLine, _ r: TrailLine) -> Bool {
        if l.id != r.id { return l.id < r.id }
        if l.name != r.name { return (l.name ?? "") < (r.name ?? "") || (l.name == nil && r.name != nil) }
        if l.coords.count != r.coords.count { return l.coords.count < r.coords.count }
        for (a, b) in zip(l.coords, r.coords) where a != b {
            return a.lon != b.lon ? a.lon < b.lon : a.lat < b.lat
        }
        return false
    }

    /// Moves every free line end (shared with no vertex of any other line) that lies within
    /// `endSnapM` of another line onto that line's nearest point, inserting it there as a vertex.
    static func snapFreeEnds(_ lines: [TrailLine], bounds: BBox) -> [TrailLine] {
        var clusters = VertexClusters(bounds: bounds, radiusM: vertexMergeM)
        var clusterOf: [[Int]] = []
        var linesAtCluster: [Int: Set<Int>] = [:]
        for (li, line) in lines.enumerated() {
            let ids = line.coords.map { clusters.assign($0) }
            clusterOf.append(ids)
            for id in ids { linesAtCluster[id, default: []].insert(li) }
        }
        var grid = SegmentGrid(bounds: bounds, cellM: 50)
        var owner: [(line: Int, seg: Int)] = []
        for (li, line) in lines.enumerated() {
            for s in 0..<(line.coords.count - 1) {
                grid.insert(line.coords[s], line.coords[s + 1])
                owner.append((li, s))
            }
        }
        // Current position of each line's ends, updated as ends move.
        var ends: [[LonLat]] = lines.map { [$0.coords[0], $0.coords[$0.coords.count - 1]] }
        var settled: [[Bool]] = lines.map { _ in [false, false] }
        var insertions: [Int: [(seg: Int, t: Double, point: LonLat)]] = [:]
        for li in lines.indices {
            for endIndex in 0...1 where !settled[li][endIndex] {
                let vertex = endIndex == 0 ? 0 : lines[li].coords.count - 1
                let cluster = clusterOf[li][vertex]
                guard linesAtCluster[cluster]?.count == 1 else { continue }
                // A closed line's ends share a cluster; that is not a free end.
                if clusterOf[li][0] == clusterOf[li][lines[li].coords.count - 1] { continue }
                let p = lines[li].coords[vertex]
                guard let hit = grid.nearest(to: p, maxM: endShiftM + 0.5, accept: { owner[$0].line != li }),
                      Geodesic.distanceM(p, hit.point) <= endShiftM else { continue }
                let (ol, os) = owner[hit.item]
                let a = lines[ol].coords[os], b = lines[ol].coords[os + 1]
                var atStart = Geodesic.distanceM(hit.point, a) <= vertexMergeM, atEnd = !atStart && Geodesic.distanceM(hit.point, b) <= vertexMergeM
                let lastSeg = os + 1 == lines[ol].coords.count - 1
                var target = atStart ? (os == 0 ? ends[ol][0] : a) : atEnd ? (lastSeg ? ends[ol][1] : b) : hit.point
                // The end moves at most `endShiftM` (with the vertex merge after it, within
                // `endSnapM` of where it was): a vertex or moved end farther off gives way to the point itself.
                if Geodesic.distanceM(p, target) > endShiftM { (target, atStart, atEnd) = (hit.point, false, false) }
                if atStart && os == 0 { settled[ol][0] = true }
                if atEnd && lastSeg { settled[ol][1] = true }
                if !atStart && !atEnd { insertions[ol, default: []].append((os, hit.t, hit.point)) }
                ends[li][endIndex] = target
                settled[li][endIndex] = true
            }
        }
        return lines.enumerated().map { li, line in
            var coords: [LonLat] = []
            let extra = (insertions[li] ?? []).sorted { l, r in
                l.seg != r.seg ? l.seg < r.seg : l.t != r.t ? l.t < r.t
                    : l.point.lon != r.point.lon ? l.point.lon < r.point.lon : l.point.lat < r.point.lat
            }
            var next = 0
            for s in 0..<line.coords.count {
                let c = s == 0 ? ends[li][0] : s == line.coords.count - 1 ? ends[li][1] : line.coords[s]
                if coords.last != c { coords.append(c) }
                while next < extra.count, extra[next].seg == s {
                    if coords.last != extra[next].point { coords.append(extra[next].point) }
                    next += 1
                }
            }
            return TrailLine(id: line.id, name: line.name, coords: coords)
        }
    }

    /// Merges vertices within `vertexMergeM`, makes nodes of line ends and shared vertices, and
    /// cuts each line into edges at its nodes.
    static func splitIntoEdges(_ lines: [TrailLine], bounds: BBox) -> RoutingNetwork {
        var clusters = VertexClusters(bounds: bounds, radiusM: vertexMergeM)
        var clusterOf: [[Int]] = []
        var uses: [Int: Int] = [:]
        for line in lines {
            var ids: [Int] = []
            for c in line.coords {
                let id = clusters.assign(c)
                if ids.last != id { ids.append(id) }
            }
            clusterOf.append(ids)
            for id in ids { uses[id, default: 0] += 1 }
        }
        var nodeOfCluster: [Int: Int] = [:]
        var nodes: [RoutingNode] = []
        var edges: [RoutingEdge] = []
        func node(_ cluster: Int) -> Int {
            if let n = nodeOfCluster[cluster] { return n }
            nodeOfCluster[cluster] = nodes.count
            nodes.append(RoutingNode(location: clusters.representatives[cluster], eleM: 0))
            return nodes.count - 1
        }
        for (li, line) in lines.enumerated() {
            let ids = clusterOf[li]
            guard ids.count >= 2 else { continue }
            var start = 0
            for k in 1..<ids.count where k == ids.count - 1 || (uses[ids[k]] ?? 0) >= 2 {
                let coords = ids[start...k].map { clusters.representatives[$0] }
                let from = node(ids[start]), to = node(ids[k])
                let profile = EdgeProfile(lengthM: Geodesic.lengthM(coords), ascentM: 0, descentM: 0, timeS: [0, 0])
                edges.append(RoutingEdge(a: from, b: to, name: line.name, trail: li, coords: coords,
                                         elevationsM: Array(repeating: 0, count: coords.count), profile: profile))
                start = k
            }
        }
        return RoutingNetwork(rates: HikingModel(), nodes: nodes, edges: edges)
    }

    /// The nearest point of the network to `p`; nil when the network is empty.
    public func locate(_ p: LonLat) -> EdgeLocation? { router.locate(p) }

    /// Degree (number of edge ends) of node `n`.
    public func degree(ofNode n: Int) -> Int { router.outgoing[n].count }
}
