import PackJSON
import TrailpackCore

extension RoutingRules {
    /// The features of a parsed trails.geojson, or nil when it has no `features` array.
    static func trailFeatures(_ doc: JSONNode) -> [TrailFeature]? {
        guard let features = doc["features"], case .array(let items) = features.value else { return nil }
        return items.map { item in
            let properties = item["properties"]
            var name: String?
            if case .string(let s)? = properties?["name"] { name = s }
            let isRoute = properties?["routeId"].map { $0 != .null } ?? false
            let geometry = item["geometry"]
            func line(_ value: JSONValue) -> [LonLat?] {
                guard case .array(let positions) = value else { return [] }
                return positions.map { position in
                    guard case .array(let xy) = position, xy.count >= 2, case .number(let lon) = xy[0], case .number(let lat) = xy[1],
                          lon.isFinite, lat.isFinite else { return nil }
                    return LonLat(lon, lat)
                }
            }
            switch (geometry?["type"], geometry?["coordinates"]) {
            case (.string("LineString")?, let coordinates?):
                return TrailFeature(name: name, isRoute: isRoute, isMulti: false, parts: [line(coordinates)])
            case (.string("MultiLineString")?, .array(let parts)?):
                return TrailFeature(name: name, isRoute: isRoute, isMulti: true, parts: parts.map(line))
            default:
                return TrailFeature(name: name, isRoute: isRoute, isMulti: false, parts: [])
            }
        }
    }

    /// A route file's vertices (lon/lat), or nil when `coords` is malformed.
    static func routeLine(_ doc: JSONNode) -> [LonLat]? {
        guard let coords = doc["coords"], case .array(let items) = coords.value else { return nil }
        var out: [LonLat] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .array(let xyz) = item, xyz.count >= 2, case .number(let lon) = xyz[0], case .number(let lat) = xyz[1],
                  lon.isFinite, lat.isFinite else { return nil }
            out.append(LonLat(lon, lat))
        }
        return out
    }

    /// `routing.trail-coverage`: every vertex of a trail feature that at least one edge names
    /// lies within 5 m of an edge naming it (features no edge names are closed trails). The
    /// edges' segments go into a grid of cells at least 16 m wide, keyed by trail, so each
    /// vertex tests only the segments of its own trail in its 3x3 cells.
    func checkCoverage(edges: [Edge?], trails: (file: String, doc: JSONNode, features: [TrailFeature])) {
        let named = edges.compactMap { $0 }.filter { $0.trail != nil && $0.coords.count >= 2 }
        guard !named.isEmpty else { return }
        let farthestLat = named.reduce(0.0) { m, edge in edge.coords.reduce(m) { max($0, abs($1.lat)) } }
        var grid = SegmentCells(farthestLatDeg: farthestLat)
        for (e, edge) in named.enumerated() {
            for j in edge.coords.indices.dropFirst() {
                grid.insert(trail: edge.trail!, edge: e, segment: j, from: edge.coords[j - 1], to: edge.coords[j])
            }
        }
        let reachM = Self.coverageM + Self.coverageSlackM
        let covered = Set(named.map { $0.trail! })
        for f in covered.sorted() {
            let feature = trails.features[f]
            for (part, positions) in feature.parts.enumerated() {
                for (k, p) in positions.enumerated() {
                    guard let p else { continue }
                    let near = grid.candidates(trail: f, near: p).contains { c in
                        projectOntoSegment(p, named[c.edge].coords[c.segment - 1], named[c.edge].coords[c.segment]).planarM <= reachM
                    }
                    if near { continue }
                    var path = "features[\(f)].geometry.coordinates"
                    path += feature.isMulti ? "[\(part)][\(k)]" : "[\(k)]"
                    let node = locate(path, in: trails.doc)
                    log.add(.routingTrailCoverage, file: trails.file, node: node,
                            expected: "a vertex within \(format(Self.coverageM)) m of an edge of \(file) with trail \(f)",
                            found: "\(p), farther from every such edge")
                }
            }
        }
    }

    /// The node at a simple path (`a[1].b[2]`) of `doc`, or the deepest one found.
    private func locate(_ path: String, in doc: JSONNode) -> JSONNode {
        var node = doc
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if let next = node[String(rest[..<bracket])] { node = next } else { return node }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]"), let i = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                    if let next = node[i] { node = next } else { return node }
                    rest = rest[rest.index(after: close)...]
                }
            } else if let next = node[String(rest)] {
                node = next
            } else {
                return node
            }
        }
        return node
    }
}

/// Edge segments bucketed by trail and by cell (cells at least `cellM` wide everywhere in the
/// data's latitude range). A segment is entered in the cells of points spaced at most a
/// quarter cell along it, so any point of it lies within a quarter cell of an entered point,
/// and a point within 5 m of it finds it in its own or a neighbouring cell. Segments spanning
/// more than `maxSpanCells` (about 1 km; `routing.edge.step` reports them) are not entered, so
/// a hostile file cannot make the grid quadratic.
struct SegmentCells {
    struct Key: Hashable {
        var trail: Int
        var x: Int
        var y: Int
    }

    static let cellM = 16.0
    static let maxSpanCells = 64.0
    private let cellLonDeg: Double
    private let cellLatDeg: Double
    private var cells: [Key: [(edge: Int, segment: Int)]] = [:]

    /// Cells for data up to `farthestLatDeg` from the equator: a degree of longitude is
    /// shortest there and a degree of latitude at the equator, so cells are at least `cellM`
    /// wide in both directions everywhere (a degree of margin for the vertices tested).
    init(farthestLatDeg: Double) {
        let k = WGS84.metresPerDegree(atLatDeg: min(farthestLatDeg + 1, 89.9))
        cellLonDeg = Self.cellM / max(k.x, 1)
        cellLatDeg = Self.cellM / WGS84.metresPerDegree(atLatDeg: 0).y
    }

    private func key(_ trail: Int, _ p: LonLat) -> Key {
        Key(trail: trail, x: Int((p.lon / cellLonDeg).rounded(.down)), y: Int((p.lat / cellLatDeg).rounded(.down)))
    }

    mutating func insert(trail: Int, edge: Int, segment: Int, from a: LonLat, to b: LonLat) {
        let spanCells = max(abs(b.lon - a.lon) / cellLonDeg, abs(b.lat - a.lat) / cellLatDeg)
        guard spanCells <= Self.maxSpanCells else { return }
        let pieces = max(Int((spanCells * 4).rounded(.up)), 1)
        var last: Key?
        for s in 0...pieces {
            let t = Double(s) / Double(pieces)
            let k = key(trail, LonLat(a.lon + (b.lon - a.lon) * t, a.lat + (b.lat - a.lat) * t))
            if k != last { cells[k, default: []].append((edge, segment)) }
            last = k
        }
    }

    /// The segments of `trail` entered in the 3x3 cells around `p` (may repeat a segment).
    func candidates(trail: Int, near p: LonLat) -> [(edge: Int, segment: Int)] {
        let centre = key(trail, p)
        var out: [(edge: Int, segment: Int)] = []
        for dx in -1...1 {
            for dy in -1...1 {
                out.append(contentsOf: cells[Key(trail: trail, x: centre.x + dx, y: centre.y + dy)] ?? [])
            }
        }
        return out
    }
}
