import PackJSON
import PackReader
import TrailpackCore

/// What the region's GeoJSON holds against the region itself: `geojson.in-region` (contours and
/// trails inside the region, POIs on its terrain) and `route.trail-feature` (each route drawn
/// once in trails.geojson, on its own line and under its own name).
struct RegionContentRules {
    let log: ProblemLog
    /// The manifest's bbox and terrain.bin's bounds, when valid.
    let bbox: BBox?
    let terrainBounds: BBox?

    /// Coordinates are written with 7 decimals.
    static let roundingDeg = 1e-7

    /// A GeoJSON file of the region, parsed.
    struct Layer {
        var file: String
        var doc: JSONNode
    }

    /// A route of the manifest: its id, name and written line.
    struct Route {
        var id: String
        var name: String?
        var coords: [LonLat]
    }

    /// Contours must lie on the terrain (or in the bbox), trails in the bbox, POIs on the terrain:
    /// where the builder puts them (contours are traced on terrain.bin, trails are clipped to the
    /// bbox or make it, POIs outside the terrain are left out). One problem per feature, at its
    /// first position outside.
    func checkInRegion(contours: Layer?, trails: Layer?, pois: Layer?) {
        let onTerrain = [terrainBounds, bbox].compactMap { $0 }
        if let contours { check(contours, inside: onTerrain, what: "terrain.bin's bounds or the region bbox") }
        if let trails, let bbox { check(trails, inside: [bbox], what: "the region bbox \(bbox)") }
        if let pois, let terrainBounds { check(pois, inside: [terrainBounds], what: "terrain.bin's bounds \(terrainBounds) (POI ele comes from it)") }
    }

    private func check(_ layer: Layer, inside boxes: [BBox], what: String) {
        guard !boxes.isEmpty else { return }
        for (k, feature) in FeatureCollectionView(layer.doc).features.enumerated() {
            let positions = feature.point.map { [$0] } ?? feature.lineParts?.flatMap { $0 } ?? []
            guard let outside = positions.firstIndex(where: { p in !boxes.contains { $0.contains(p, toleranceDeg: Self.roundingDeg) } }) else { continue }
            log.add(.geojsonInRegion, file: layer.file, node: feature.node["geometry"] ?? feature.node,
                    expected: "features[\(k)] inside \(what)",
                    found: "position \(outside) at \(positions[outside])" + (positions.count > 1 ? " (of \(positions.count))" : ""))
        }
    }

    /// Each route has exactly one trails.geojson feature with its `routeId`, named like the route,
    /// whose line is the route's `coords` vertex for vertex (1e-7 deg, the written decimals).
    func checkRouteFeatures(_ routes: [Route], trails: Layer) {
        var featuresByRoute: [String: [(index: Int, feature: FeatureView)]] = [:]
        for (k, feature) in FeatureCollectionView(trails.doc).features.enumerated() {
            if let id = feature.properties?["routeId"]?.stringValue { featuresByRoute[id, default: []].append((k, feature)) }
        }
        for route in routes {
            let found = featuresByRoute[route.id] ?? []
            guard found.count == 1, let (k, feature) = found.first else {
                let place = found.dropFirst().first.map { $0.feature.node } ?? trails.doc["features"] ?? trails.doc
                log.add(.routeTrailFeature, file: trails.file, node: place, expected: "one feature with routeId \(JSONWriter.quoted(route.id))",
                        found: found.isEmpty ? "none" : "\(found.count), at features[\(found.map { String($0.index) }.joined(separator: "], features["))]")
                continue
            }
            if let name = route.name, let node = feature.properties?["name"], node.stringValue != name {
                log.add(.routeTrailFeature, file: trails.file, node: node, expected: "\(JSONWriter.quoted(name)) (the name of route \(route.id))",
                        found: JSONFields.describe(node))
            }
            checkLine(feature, index: k, route: route, file: trails.file)
        }
    }

    /// The feature's positions (parts end to end, a repeated joint once) against the route's coords.
    private func checkLine(_ feature: FeatureView, index k: Int, route: Route, file: String) {
        var line: [LonLat] = []
        for part in feature.lineParts ?? [] {
            for p in part where line.last.map({ !Self.same($0, p) }) ?? true { line.append(p) }
        }
        let common = min(line.count, route.coords.count)
        let firstDiff = (0..<common).first { !Self.same(line[$0], route.coords[$0]) } ?? (line.count == route.coords.count ? nil : common)
        guard let firstDiff else { return }
        log.add(.routeTrailFeature, file: file, node: feature.node["geometry"] ?? feature.node,
                expected: "features[\(k)] on the line of route \(route.id): its \(route.coords.count) coords",
                found: firstDiff < common
                    ? "position \(firstDiff) at \(line[firstDiff]), the route's vertex at \(route.coords[firstDiff])"
                    : "\(line.count) positions")
    }

    static func same(_ a: LonLat, _ b: LonLat) -> Bool {
        abs(a.lon - b.lon) <= roundingDeg && abs(a.lat - b.lat) <= roundingDeg
    }
}
