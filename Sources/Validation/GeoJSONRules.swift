import PackJSON
import PackSpec
import TrailpackCore

/// RFC 7946 and SPEC rules for `contours.geojson`, `trails.geojson` and `pois.geojson`.
struct GeoJSONRules {
    enum Kind { case contours, trails, pois }

    let kind: Kind
    let file: String
    let log: ProblemLog
    /// `files.contours.intervalM`, when valid.
    let intervalM: Double?
    /// Route ids of the manifest (for `routeId`).
    let routeIds: Set<String>
    /// The region grid (for the summit warning).
    let terrain: TerrainGrid?

    static let maxDecimals = 7
    static let summitWords: Set<String> = ["summit", "mount", "mt", "peak"]
    static let summitRadiusM = 150.0
    static let summitDropM = 50.0

    // Known keys (a `crs` is reported by its own rule, not as unknown).
    static let collectionKeys = PackSchema.geojsonCollection.union(["crs"])
    static let featureKeys = PackSchema.geojsonFeature.union(["crs"])
    static let geometryKeys = PackSchema.geojsonGeometry.union(["crs"])
    static let contourProperties: Set<String> = ["ele", "index"]
    static let trailProperties: Set<String> = ["name", "routeId"]
    static let poiProperties: Set<String> = ["name", "kind", "ele"]

    /// The properties the SPEC defines for this file.
    var propertyKeys: Set<String> {
        switch kind {
        case .contours: Self.contourProperties
        case .trails: Self.trailProperties
        case .pois: Self.poiProperties
        }
    }

    /// RFC 7946 removed `crs`: coordinates are always CRS84, so any `crs` member is an error.
    private func checkCRS(_ node: JSONNode) {
        guard node.type == .object, let crs = node["crs"] else { return }
        log.add(.geojsonCRS, file: file, node: crs, expected: "no crs member (RFC 7946 coordinates are CRS84 lon/lat)",
                found: CatalogRules.describe(crs.value))
    }

    var allowedGeometries: [String] {
        kind == .pois ? ["Point"] : ["LineString", "MultiLineString"]
    }

    func check(_ doc: JSONNode, raw: [UInt8]) {
        let fields = JSONFields(file: file, log: log)
        guard fields.typed(doc, .object) != nil else { return }
        if let type = fields.member(doc, "type"), JSONFields.stringValue(type) != "FeatureCollection" {
            log.add(.geojsonType, file: file, node: type, expected: "\"FeatureCollection\"", found: JSONFields.describe(type))
            return
        }
        checkCRS(doc)
        FormatRules.checkKeys(doc, Self.collectionKeys, file: file, log: log)
        guard let features = fields.array(doc, "features") else { return }
        for feature in features {
            checkFeature(feature, fields: fields)
        }
        for finding in RawNumberScanner.scan(raw, minimumLimit: Self.maxDecimals, limit: { path in
            path.contains(.key("coordinates")) ? Self.maxDecimals : nil
        }) {
            log.add(.geojsonDecimals, file: file,
                    at: ProblemLocation(jsonPath: finding.path.description, line: finding.line, column: finding.column, byteOffset: finding.offset),
                    expected: "at most \(finding.allowed) decimals", found: "\(finding.text) (\(finding.decimals) decimals)")
        }
    }

    private func checkFeature(_ feature: JSONNode, fields: JSONFields) {
        guard fields.typed(feature, .object) != nil else { return }
        if let type = fields.member(feature, "type"), JSONFields.stringValue(type) != "Feature" {
            log.add(.geojsonType, file: file, node: type, expected: "\"Feature\"", found: JSONFields.describe(type))
            return
        }
        checkCRS(feature)
        FormatRules.checkKeys(feature, Self.featureKeys, file: file, log: log)
        var firstPosition: LonLat?
        if let geometry = fields.member(feature, "geometry") {
            checkCRS(geometry)
            FormatRules.checkKeys(geometry, Self.geometryKeys, file: file, log: log)
            firstPosition = checkGeometry(geometry, fields: fields)
        }
        guard let properties = fields.member(feature, "properties") else { return }
        guard properties.type == .object else {
            log.add(.geojsonType, file: file, node: properties, expected: "a properties object", found: JSONFields.describe(properties))
            return
        }
        FormatRules.checkKeys(properties, propertyKeys, file: file, log: log)
        switch kind {
        case .contours: checkContour(properties)
        case .trails: checkTrail(properties)
        case .pois: checkPOI(properties, at: firstPosition)
        }
    }

    /// Checks type and coordinates; returns the first position (for POIs).
    private func checkGeometry(_ geometry: JSONNode, fields: JSONFields) -> LonLat? {
        guard geometry.type == .object, let typeNode = geometry["type"], let type = JSONFields.stringValue(typeNode) else {
            log.add(.geojsonGeometry, file: file, node: geometry, expected: allowedGeometries.joined(separator: " or "),
                    found: geometry.type == .object ? "a geometry without a type string" : JSONFields.describe(geometry))
            return nil
        }
        guard allowedGeometries.contains(type) else {
            log.add(.geojsonGeometry, file: file, node: typeNode, expected: allowedGeometries.joined(separator: " or "),
                    found: JSONWriter.quoted(type))
            return nil
        }
        guard let coordinates = fields.typed(fields.member(geometry, "coordinates"), .array) else { return nil }
        switch type {
        case "Point":
            return position(coordinates)
        case "LineString":
            return line(coordinates)
        default:
            var first: LonLat?
            if coordinates.count == 0 {
                log.add(.geojsonCoordinates, file: file, node: coordinates, expected: "at least one LineString", found: "an empty array")
            }
            for part in coordinates.children {
                guard part.type == .array else {
                    log.add(.geojsonCoordinates, file: file, node: part, expected: "an array of positions", found: JSONFields.describe(part))
                    continue
                }
                let p = line(part)
                if first == nil { first = p }
            }
            return first
        }
    }

    /// Positions are read from the subtree's `JSONValue` (no node per number); a node is
    /// made only to locate a problem.
    private func line(_ node: JSONNode) -> LonLat? {
        if node.count < 2 {
            log.add(.geojsonCoordinates, file: file, node: node, expected: "at least 2 positions", found: "\(node.count)")
        }
        guard case .array(let positions) = node.value else { return nil }
        var first: LonLat?
        for (k, value) in positions.enumerated() {
            let q = position(value) { node[k] ?? node }
            if first == nil { first = q }
        }
        return first
    }

    private func position(_ node: JSONNode) -> LonLat? {
        position(node.value) { node }
    }

    private func position(_ value: JSONValue, node: () -> JSONNode) -> LonLat? {
        guard case .array(let items) = value, (2...3).contains(items.count) else {
            log.add(.geojsonCoordinates, file: file, node: node(), expected: "a position [lon, lat] or [lon, lat, ele] of finite numbers",
                    found: JSONFields.describe(node()))
            return nil
        }
        var numbers: (Double, Double) = (0, 0)
        for (k, item) in items.enumerated() {
            guard case .number(let d) = item, d.isFinite else {
                log.add(.geojsonCoordinates, file: file, node: node(), expected: "a position [lon, lat] or [lon, lat, ele] of finite numbers",
                        found: JSONFields.describe(node()))
                return nil
            }
            if k == 0 { numbers.0 = d } else if k == 1 { numbers.1 = d }
        }
        let p = LonLat(numbers.0, numbers.1)
        if !(-180...180).contains(p.lon) || !(-90...90).contains(p.lat) {
            log.add(.geojsonRange, file: file, node: node(), expected: "lon within -180...180, lat within -90...90",
                    found: "[\(format(p.lon)), \(format(p.lat))]")
            return nil
        }
        return p
    }

    private func checkContour(_ properties: JSONNode) {
        guard let eleNode = properties["ele"], let ele = JSONFields.numberValue(eleNode) else {
            log.add(.contoursEle, file: file, node: properties["ele"] ?? properties, expected: "ele, a number",
                    found: properties["ele"].map(JSONFields.describe) ?? "no ele")
            return
        }
        guard let intervalM else { return }
        if !Self.isMultiple(ele, of: intervalM) {
            log.add(.contoursEle, file: file, node: eleNode, expected: "a multiple of intervalM \(format(intervalM))", found: format(ele))
        }
        let shouldIndex = Self.isMultiple(ele, of: 5 * intervalM)
        guard let indexNode = properties["index"], case .bool(let index) = indexNode.value else {
            log.add(.contoursIndex, file: file, node: properties["index"] ?? properties, expected: "index, a boolean",
                    found: properties["index"].map(JSONFields.describe) ?? "no index")
            return
        }
        if index != shouldIndex {
            log.add(.contoursIndex, file: file, node: indexNode,
                    expected: "\(shouldIndex) (ele \(format(ele)) is\(shouldIndex ? "" : " not") a multiple of 5 x \(format(intervalM)))",
                    found: "\(index)")
        }
    }

    static func isMultiple(_ value: Double, of step: Double) -> Bool {
        let ratio = value / step
        return ratio.isFinite && abs(ratio - ratio.rounded()) <= 1e-6
    }

    private func checkTrail(_ properties: JSONNode) {
        let name = properties["name"]
        if name == nil || !(name!.type == .string || name!.type == .null) {
            log.add(.trailsName, file: file, node: name ?? properties, expected: "name, a string or null",
                    found: name.map(JSONFields.describe) ?? "no name")
        }
        if let routeId = properties["routeId"], !routeId.isNull {
            guard let id = JSONFields.stringValue(routeId), routeIds.contains(id) else {
                log.add(.trailsRouteId, file: file, node: routeId,
                        expected: "one of the manifest's route ids \(routeIds.sorted().map { JSONWriter.quoted($0) }.joined(separator: ", "))",
                        found: JSONFields.describe(routeId))
                return
            }
        }
    }

    private func checkPOI(_ properties: JSONNode, at location: LonLat?) {
        var name: String?
        for (key, type) in [("name", JSONType.string), ("kind", .string), ("ele", .number)] {
            let value = properties[key]
            if value?.type != type {
                log.add(.poisProperties, file: file, node: value ?? properties, expected: "\(key), \(type)",
                        found: value.map(JSONFields.describe) ?? "no \(key)")
            } else if key == "name" {
                name = JSONFields.stringValue(value)
            }
        }
        guard let name, let location, let terrain, Self.soundsLikeSummit(name),
              let standM = terrain.elevationM(at: location), let peakM = Self.highestCell(in: terrain, around: location, radiusM: Self.summitRadiusM),
              peakM - standM >= Self.summitDropM else { return }
        log.add(.poiSummitOffPeak, file: file, node: properties["name"] ?? properties,
                expected: "a summit within \(format(Self.summitDropM)) m of the highest terrain cell within \(format(Self.summitRadiusM)) m",
                found: "\(JSONWriter.quoted(name)) stands at \(metres(standM)), the local maximum is \(format(peakM)) m")
    }

    static func soundsLikeSummit(_ name: String) -> Bool {
        let words = name.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.contains(where: summitWords.contains)
    }

    /// The highest grid sample within `radiusM` metres (geodesic) of `p`.
    static func highestCell(in grid: TerrainGrid, around p: LonLat, radiusM: Double) -> Double? {
        let (c, r) = grid.gridPosition(of: p)
        let geometry = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds)
        let cellM = max(geometry.resolutionM * 0.5, 1)
        let reach = Int((radiusM / cellM).rounded(.up)) + 1
        guard c.isFinite, r.isFinite, abs(c) < 1e7, abs(r) < 1e7 else { return nil }
        let c0 = max(0, Int(c) - reach), c1 = min(grid.width - 1, Int(c) + reach)
        let r0 = max(0, Int(r) - reach), r1 = min(grid.height - 1, Int(r) + reach)
        guard c0 <= c1, r0 <= r1 else { return nil }
        var best: Double?
        for row in r0...r1 {
            let lat = grid.lat(row: Double(row))
            for column in c0...c1 {
                let q = LonLat(grid.lon(column: Double(column)), lat)
                guard Geodesic.distanceM(p, q) <= radiusM else { continue }
                let z = Double(grid[column: column, row: row])
                if best == nil || z > best! { best = z }
            }
        }
        return best
    }
}
