import PackJSON
import TrailpackCore

/// Typed, located views of a pack's JSON documents. Each accessor reads its value leniently
/// (nil when absent or of another type), and each view keeps the `JSONNode` it reads, so a
/// caller can say where a value is: the validator reports problems there, the preview throws
/// `PackReadError` there.

/// Numbers and strings of a JSON node, leniently.
public extension JSONNode {
    /// The string value, or nil.
    var stringValue: String? { if case .string(let s) = value, type == .string { s } else { nil } }
    /// The finite number value, or nil.
    var doubleValue: Double? {
        guard type == .number, case .number(let d) = value, d.isFinite else { return nil }
        return d
    }
    /// A whole number within ±2^53 written as an integer literal, or nil.
    var intValue: Int? {
        guard let d = doubleValue, isIntegerLiteral, abs(d) <= 9_007_199_254_740_992, d.rounded(.towardZero) == d else { return nil }
        return Int(d)
    }
    /// A `[west, south, east, north]` box of four numbers (not checked for order), or nil.
    var bboxValue: BBox? {
        guard type == .array, count == 4 else { return nil }
        let v = children.compactMap(\.doubleValue)
        return v.count == 4 ? BBox(west: v[0], south: v[1], east: v[2], north: v[3]) : nil
    }
    /// A `[lon, lat]` or `[lon, lat, ele]` position's lon/lat, or nil.
    var lonLatValue: LonLat? {
        guard case .array(let items) = value, (2...3).contains(items.count), case .number(let lon) = items[0],
              case .number(let lat) = items[1], lon.isFinite, lat.isFinite else { return nil }
        return LonLat(lon, lat)
    }
}

/// Required values, thrown as `PackReadError.malformed` at the node.
public extension JSONNode {
    func required(_ key: String, in file: String) throws(PackReadError) -> JSONNode {
        guard let node = self[key] else { throw PackReadError.at(self, in: file, "missing key \"\(key)\"") }
        return node
    }
    func requiredString(_ key: String, in file: String) throws(PackReadError) -> String {
        let node = try required(key, in: file)
        guard let s = node.stringValue else { throw PackReadError.at(node, in: file, "expected a string") }
        return s
    }
    func requiredDouble(_ key: String, in file: String) throws(PackReadError) -> Double {
        let node = try required(key, in: file)
        guard let d = node.doubleValue else { throw PackReadError.at(node, in: file, "expected a number") }
        return d
    }
    func requiredInt(_ key: String, in file: String) throws(PackReadError) -> Int {
        let node = try required(key, in: file)
        guard let i = node.intValue else { throw PackReadError.at(node, in: file, "expected an integer") }
        return i
    }
    func requiredArray(_ key: String, in file: String) throws(PackReadError) -> [JSONNode] {
        let node = try required(key, in: file)
        guard node.type == .array else { throw PackReadError.at(node, in: file, "expected an array") }
        return node.children
    }
}

/// A `{ path, bytes, sha256, ... }` entry of a manifest or route file.
public struct FileEntryView: Sendable {
    public let node: JSONNode
    public init(_ node: JSONNode) { self.node = node }
    public var path: String? { node["path"]?.stringValue }
    public var bytes: Int? { node["bytes"]?.intValue }
    public var sha256: String? { node["sha256"]?.stringValue }
    public var bounds: BBox? { node["bounds"]?.bboxValue }
    public var width: Int? { node["width"]?.intValue }
    public var height: Int? { node["height"]?.intValue }
    public var resolutionM: Double? { node["resolutionM"]?.doubleValue }
    public var intervalM: Double? { node["intervalM"]?.doubleValue }
}

/// A region's `manifest.json`.
public struct ManifestView: Sendable {
    public let root: JSONNode
    public init(_ root: JSONNode) { self.root = root }

    public var id: String? { root["id"]?.stringValue }
    public var name: String? { root["name"]?.stringValue }
    public var bbox: BBox? { root["bbox"]?.bboxValue }
    public var attribution: [String] { root["attribution"]?.children.compactMap(\.stringValue) ?? [] }
    /// `files.<key>` (`terrain`, `hillshade`, `contours`, `trails`, `pois`).
    public func file(_ key: String) -> FileEntryView? { root["files"]?[key].map(FileEntryView.init) }
    /// The `routes` entries, in order.
    public var routes: [ManifestRouteView] { (root["routes"]?.children ?? []).map(ManifestRouteView.init) }
    /// The well-formed route ids, in order.
    public var routeIds: [String] { routes.compactMap(\.id) }

    /// The void-filled areas recorded in `files.terrain.filledVoids`: every valid box of
    /// `areas` (which lists the largest first), or `largestBounds` alone when a manifest has no
    /// `areas`; nil when the manifest records no filled voids (trailpack writes `filledVoids`
    /// whenever it filled one, so absence means none). The largest is not listed twice.
    public var filledVoidAreas: [BBox]? {
        guard let voids = root["files"]?["terrain"]?["filledVoids"] else { return nil }
        if let areas = voids["areas"], areas.type == .array {
            return areas.children.compactMap { $0.bboxValue }.filter { $0.problem == nil }
        }
        if let b = voids["largestBounds"]?.bboxValue, b.problem == nil { return [b] }
        return []
    }

    /// `files.terrain.filledVoids.areaCount`: how many void areas the build filled (`areas`
    /// lists at most 1000 of them); nil when not recorded.
    public var filledVoidAreaCount: Int? { root["files"]?["terrain"]?["filledVoids"]?["areaCount"]?.intValue }
}

/// One entry of a manifest's `routes`.
public struct ManifestRouteView: Sendable {
    public let node: JSONNode
    public init(_ node: JSONNode) { self.node = node }
    public var id: String? { node["id"]?.stringValue }
    public var name: String? { node["name"]?.stringValue }
    public var file: FileEntryView? { node["file"].map(FileEntryView.init) }
    public var arPatch: FileEntryView? { node["arPatch"].map(FileEntryView.init) }
    public var stats: JSONNode? { node["stats"] }

    /// `arPatch.filledVoids`: the route's run over filled DEM voids as the build measured it
    /// (metres in all, the longest stretch and its first and last vertex); nil when not recorded
    /// or malformed (vertices not two whole numbers in order).
    public var filledStretches: FilledStretches? {
        guard let voids = node["arPatch"]?["filledVoids"], let vertices = voids["vertices"]?.children, vertices.count == 2,
              let from = vertices[0].intValue, let to = vertices[1].intValue, from >= 0, from <= to,
              let totalM = voids["routeM"]?.doubleValue, let longestM = voids["longestM"]?.doubleValue else { return nil }
        return FilledStretches(totalM: totalM, longestM: longestM, from: from, to: to)
    }
}

/// A `routes/<routeId>.json` file.
public struct RouteView: Sendable {
    public let root: JSONNode
    public init(_ root: JSONNode) { self.root = root }
    public var id: String? { root["id"]?.stringValue }
    public var name: String? { root["name"]?.stringValue }
    public var blurb: String? { root["blurb"]?.stringValue }
    public var arPatch: FileEntryView? { root["arPatch"].map(FileEntryView.init) }
    public var stats: JSONNode? { root["stats"] }
    public var waypoints: [JSONNode] { root["waypoints"]?.children ?? [] }
    public var landmarks: [JSONNode] { root["landmarks"]?.children ?? [] }
    /// `coords` as (lon/lat, ele), nil when any vertex is not three finite numbers.
    public var coords: [(p: LonLat, eleM: Double)]? {
        guard case .array(let items)? = root["coords"]?.value else { return nil }
        var out: [(LonLat, Double)] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .array(let xyz) = item, xyz.count == 3, case .number(let lon) = xyz[0], case .number(let lat) = xyz[1],
                  case .number(let ele) = xyz[2], lon.isFinite, lat.isFinite, ele.isFinite else { return nil }
            out.append((LonLat(lon, lat), ele))
        }
        return out
    }
    /// `cum`, nil when any value is not a finite number.
    public var cum: [Double]? {
        guard case .array(let items)? = root["cum"]?.value else { return nil }
        var out: [Double] = []
        for item in items {
            guard case .number(let d) = item, d.isFinite else { return nil }
            out.append(d)
        }
        return out
    }
}

/// A GeoJSON FeatureCollection's features, with their line parts or point read leniently.
public struct FeatureCollectionView: Sendable {
    public let root: JSONNode
    public init(_ root: JSONNode) { self.root = root }
    /// True when the root is `{"type": "FeatureCollection", "features": [...]}`.
    public var isFeatureCollection: Bool { root["type"]?.stringValue == "FeatureCollection" && root["features"]?.type == .array }
    public var features: [FeatureView] { (root["features"]?.children ?? []).map(FeatureView.init) }
}

/// One GeoJSON Feature.
public struct FeatureView: Sendable {
    public let node: JSONNode
    public init(_ node: JSONNode) { self.node = node }
    public var geometryType: String? { node["geometry"]?["type"]?.stringValue }
    public var properties: JSONNode? { node["properties"] }
    /// The lines of a LineString or MultiLineString (nil for other geometries or a bad position).
    public var lineParts: [[LonLat]]? {
        guard case .array(let coordinates)? = node["geometry"]?["coordinates"]?.value else { return nil }
        func line(_ value: JSONValue) -> [LonLat]? {
            guard case .array(let positions) = value else { return nil }
            var out: [LonLat] = []
            for position in positions {
                guard case .array(let xy) = position, xy.count >= 2, case .number(let lon) = xy[0], case .number(let lat) = xy[1] else { return nil }
                out.append(LonLat(lon, lat))
            }
            return out
        }
        switch geometryType {
        case "LineString": return line(.array(coordinates)).map { [$0] }
        case "MultiLineString": return coordinates.compactMap(line)
        default: return nil
        }
    }
    /// The position of a Point (nil otherwise).
    public var point: LonLat? {
        guard geometryType == "Point" else { return nil }
        return node["geometry"]?["coordinates"]?.lonLatValue
    }
}

/// A pack root's `catalog.json`.
public struct CatalogView: Sendable {
    public let root: JSONNode
    public init(_ root: JSONNode) { self.root = root }
    /// The `regions` entries, in order.
    public var regions: [JSONNode] { root["regions"]?.children ?? [] }
}
