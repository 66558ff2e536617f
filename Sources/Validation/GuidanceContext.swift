import Foundation
import PackJSON
import TrailpackCore

/// What the guidance rules need from the rest of a region, read once per region: the trails
/// (trails.geojson features without a `routeId`), the branching nodes of routing.json and the
/// POIs of pois.geojson.
struct GuidanceContext {
    /// A POI of pois.geojson.
    struct Poi {
        var name: String
        var kind: String
        var location: LonLat
    }

    /// The nodes of trails.geojson's network (SPEC, routing.json `nodes`: where trails branch
    /// or end): every line end, and every position that three or more line ends share (a vertex
    /// inside a line counts two).
    private(set) var trailNodes: [LonLat] = []
    /// routing.json's nodes (junctions, dead ends, and the ends and vias of routes), lon/lat.
    private(set) var routingNodes: [LonLat] = []
    /// routing.json's nodes where three or more edge ends meet, with the bearing (degrees) of
    /// each edge end from the node to the point `branchReachM` along it (the builder's branches).
    private(set) var routingBranches: [(node: LonLat, bearingsDeg: [Double])] = []
    /// Branch bearings are measured this far out along each edge, metres (the builder's
    /// `LineWalk.branchBearingDistanceM`).
    static let branchReachM = 25.0
    /// True when routing.json was read.
    private(set) var hasRouting = false
    /// True when trails.geojson was read.
    private(set) var hasTrails = false
    /// POIs of pois.geojson; nil when it could not be read.
    private(set) var pois: [Poi]?
    /// Every trail and POI name of the region (a distance inside a name is no distance).
    private(set) var names: Set<String> = []

    /// `routingNodes` then `trailNodes`, bucketed for the junction check (cells of 75 m).
    private(set) var networkNodes = NearPoints([], cellM: 75)
    /// `routingBranches`' nodes, bucketed for the fork check.
    private(set) var branchNodes = NearPoints([], cellM: 75)

    init() {}

    /// Adds trails.geojson's features (`RoutingRules.trailFeatures`); routes are left out.
    mutating func addTrails(_ features: [RoutingRules.TrailFeature]) {
        hasTrails = true
        var count: [LonLat: (ends: Int, total: Int)] = [:]
        for feature in features {
            if let name = feature.name { names.insert(name) }
            guard !feature.isRoute else { continue }
            for part in feature.parts {
                let points = part.compactMap { $0 }
                for (k, p) in points.enumerated() {
                    let isEnd = k == 0 || k == points.count - 1
                    let c = count[p, default: (0, 0)]
                    count[p] = (c.ends + (isEnd ? 1 : 0), c.total + (isEnd ? 1 : 2))
                }
            }
        }
        trailNodes = count.filter { $0.value.ends > 0 || $0.value.total >= 3 }.map(\.key).sorted { ($0.lon, $0.lat) < ($1.lon, $1.lat) }
        networkNodes = NearPoints(routingNodes + trailNodes, cellM: 75)
    }

    /// Adds routing.json's nodes.
    mutating func addRouting(_ doc: JSONNode) {
        guard let nodesNode = doc["nodes"], case .array(let nodes) = nodesNode.value else { return }
        hasRouting = true
        routingNodes = nodes.compactMap { RoutingRules.vertex($0)?.p }
        networkNodes = NearPoints(routingNodes + trailNodes, cellM: 75)
        guard case .array(let edges)? = doc["edges"]?.value else { return }
        var bearings = [[Double]](repeating: [], count: nodes.count)
        for edge in edges {
            guard case .array(let coords)? = edge["coords"] else { continue }
            let line = coords.compactMap { RoutingRules.vertex($0)?.p }
            guard line.count >= 2, line.count == coords.count else { continue }
            for (key, ends) in [("a", line), ("b", line.reversed())] {
                guard case .number(let v)? = edge[key], let k = Int(exactly: v), bearings.indices.contains(k),
                      let b = GuidanceLine.bearingDeg(ends[0], GuidanceLine(ends).point(atM: Self.branchReachM)) else { continue }
                bearings[k].append(b)
            }
        }
        for (k, node) in nodes.enumerated() where bearings[k].count >= 3 {
            if let p = RoutingRules.vertex(node)?.p { routingBranches.append((p, bearings[k])) }
        }
        branchNodes = NearPoints(routingBranches.map(\.node), cellM: 75)
    }

    /// Adds pois.geojson's Point features that have a string `name`.
    mutating func addPois(_ doc: JSONNode) {
        guard let features = doc["features"], case .array(let items) = features.value else { return }
        var out: [Poi] = []
        for item in items {
            guard case .string(let name)? = item["properties"]?["name"],
                  case .array(let xy)? = item["geometry"]?["coordinates"], xy.count >= 2,
                  case .number(let lon) = xy[0], case .number(let lat) = xy[1], lon.isFinite, lat.isFinite else { continue }
            var kind = ""
            if case .string(let k)? = item["properties"]?["kind"] { kind = k }
            out.append(Poi(name: name, kind: kind, location: LonLat(lon, lat)))
            names.insert(name)
        }
        pois = out
    }

    /// The POIs an instruction or a waypoint name refers to: those whose name equals `name`, or
    /// (when none does) whose name the instruction holds.
    func poisNamed(_ name: String?, instruction: String?) -> [Poi] {
        guard let pois else { return [] }
        if let name {
            let exact = pois.filter { $0.name == name }
            if !exact.isEmpty { return exact }
        }
        guard let instruction else { return [] }
        return pois.filter { !$0.name.isEmpty && instruction.contains($0.name) }
    }
}
