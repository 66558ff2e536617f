import PackJSON

/// Rules on how pack JSON is written, beyond its values: no byte-order mark, sorted keys in the
/// catalog, manifests and route files, and no keys that neither the SPEC nor docs/FORMAT.md
/// define.
enum FormatRules {
    /// Reports `json.bom` when `bytes` start with a UTF-8 byte-order mark.
    static func checkBOM(_ bytes: [UInt8], file: String, log: ProblemLog) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            log.add(.jsonBOM, file: file, at: .byte(0), expected: "the first JSON token at byte 0", found: "a UTF-8 byte-order mark (EF BB BF)")
        }
    }

    /// Reports `json.key-order` for every object whose keys are not sorted by byte order, at
    /// the first member out of place. Arrays of scalars are not entered.
    static func checkKeyOrder(_ node: JSONNode, file: String, log: ProblemLog) {
        switch node.type {
        case .object:
            let members = node.children
            var previous: String?
            var reported = false
            for member in members {
                guard let key = member.key else { continue }
                if !reported, let previous, !previous.utf8.lexicographicallyPrecedes(key.utf8) {
                    reported = true
                    log.add(.jsonKeyOrder, file: file, node: member, expected: "keys sorted by byte order (\(JSONWriter.quoted(key)) before \(JSONWriter.quoted(previous)))",
                            found: "\(JSONWriter.quoted(key)) after \(JSONWriter.quoted(previous))")
                }
                previous = key
            }
            for member in members where member.type == .object || member.type == .array { checkKeyOrder(member, file: file, log: log) }
        case .array:
            guard let first = node[0], first.type == .object || first.type == .array else { return }
            if first.type == .array, let inner = first[0], inner.type != .object, inner.type != .array { return }
            for child in node.children where child.type == .object || child.type == .array { checkKeyOrder(child, file: file, log: log) }
        default:
            return
        }
    }

    /// Reports `json.unknown-key` (a warning) for each member of `node` not in `known`.
    static func checkKeys(_ node: JSONNode?, _ known: Set<String>, file: String, log: ProblemLog) {
        guard let node, node.type == .object else { return }
        for member in node.children {
            guard let key = member.key, !known.contains(key) else { continue }
            log.add(.jsonUnknownKey, file: file, node: member, expected: "one of \(known.sorted().joined(separator: ", "))",
                    found: JSONWriter.quoted(key))
        }
    }

    // The keys the SPEC and docs/FORMAT.md define, object by object.
    static let fileEntryKeys: Set<String> = ["path", "bytes", "sha256"]
    static let gridEntryKeys: Set<String> = fileEntryKeys.union(["bounds", "width", "height", "resolutionM"])
    static let catalogKeys: Set<String> = ["formatVersion", "generator", "regions"]
    static let catalogRegionKeys: Set<String> = ["id", "name", "bbox", "manifest", "sha256", "bytes", "routes"]
    static let catalogRouteKeys: Set<String> = ["id", "name", "distanceM", "ascentM", "descentM", "durationS"]
    static let manifestKeys: Set<String> = ["formatVersion", "id", "name", "bbox", "attribution", "generator", "files", "routes"]
    static let filesKeys: Set<String> = ["terrain", "hillshade", "contours", "trails", "pois", "routing", "style", "mapAssets"]
    static let routingEntryKeys: Set<String> = fileEntryKeys.union(["nodes", "edges"])
    static let terrainKeys: Set<String> = gridEntryKeys.union(["filledVoids"])
    static let filledVoidsKeys: Set<String> = ["cells", "areaCount", "largestCells", "largestBounds", "areas"]
    static let hillshadeKeys: Set<String> = fileEntryKeys.union(["bounds", "width", "height", "azimuthDeg", "altitudeDeg", "zFactor", "multidirectional"])
    static let contoursKeys: Set<String> = fileEntryKeys.union(["intervalM"])
    static let manifestRouteKeys: Set<String> = ["id", "name", "file", "stats", "arPatch"]
    static let statsKeys: Set<String> = ["distanceM", "ascentM", "descentM", "minEleM", "maxEleM", "durationS"]
    static let routeKeys: Set<String> = ["id", "name", "blurb", "coords", "cum", "waypoints", "stats", "arPatch", "landmarks"]
    static let waypointKeys: Set<String> = ["i", "kind", "name", "instruction", "dir"]
    static let landmarkKeys: Set<String> = ["name", "kind", "lon", "lat", "ele", "nearestM", "visible"]
    /// routing.json (`climbThresholdM` is trailpack's extension of `rates`, docs/FORMAT.md).
    static let routingKeys: Set<String> = ["formatVersion", "rates", "nodes", "edges", "routes"]
    static let routingRatesKeys: Set<String> = ["horizontalKmh", "ascentMPerH", "descentMPerH", "climbThresholdM"]
    static let routingEdgeKeys: Set<String> = ["a", "b", "name", "trail", "lengthM", "ascentM", "descentM", "timeS", "coords",
                                               "oneway", "steps", "sacScale"]
    static let routingRouteKeys: Set<String> = ["id", "path", "nodes"]
    /// GeoJSON: RFC 7946 members (`name` is what OGR's GeoJSON driver writes on the collection).
    static let collectionKeys: Set<String> = ["type", "features", "bbox", "name"]
    static let featureKeys: Set<String> = ["type", "geometry", "properties", "id", "bbox"]
    static let geometryKeys: Set<String> = ["type", "coordinates", "bbox"]

    /// Unknown keys of a manifest.
    static func checkManifestKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, manifestKeys, file: file, log: log)
        let files = root["files"]
        checkKeys(files, filesKeys, file: file, log: log)
        checkKeys(files?["terrain"], terrainKeys, file: file, log: log)
        checkKeys(files?["terrain"]?["filledVoids"], filledVoidsKeys, file: file, log: log)
        checkKeys(files?["hillshade"], hillshadeKeys, file: file, log: log)
        checkKeys(files?["contours"], contoursKeys, file: file, log: log)
        checkKeys(files?["trails"], fileEntryKeys, file: file, log: log)
        checkKeys(files?["pois"], fileEntryKeys, file: file, log: log)
        checkKeys(files?["routing"], routingEntryKeys, file: file, log: log)
        checkKeys(files?["style"], fileEntryKeys, file: file, log: log)
        for asset in files?["mapAssets"]?.children ?? [] { checkKeys(asset, fileEntryKeys, file: file, log: log) }
        for route in root["routes"]?.children ?? [] {
            checkKeys(route, manifestRouteKeys, file: file, log: log)
            checkKeys(route["file"], fileEntryKeys, file: file, log: log)
            checkKeys(route["stats"], statsKeys, file: file, log: log)
            checkKeys(route["arPatch"], gridEntryKeys, file: file, log: log)
        }
    }

    /// Unknown keys of a route file.
    static func checkRouteKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, routeKeys, file: file, log: log)
        checkKeys(root["stats"], statsKeys, file: file, log: log)
        checkKeys(root["arPatch"], gridEntryKeys, file: file, log: log)
        for waypoint in root["waypoints"]?.children ?? [] { checkKeys(waypoint, waypointKeys, file: file, log: log) }
        for landmark in root["landmarks"]?.children ?? [] { checkKeys(landmark, landmarkKeys, file: file, log: log) }
    }

    /// Unknown keys of routing.json.
    static func checkRoutingKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, routingKeys, file: file, log: log)
        checkKeys(root["rates"], routingRatesKeys, file: file, log: log)
        for edge in root["edges"]?.children ?? [] { checkKeys(edge, routingEdgeKeys, file: file, log: log) }
        for route in root["routes"]?.children ?? [] { checkKeys(route, routingRouteKeys, file: file, log: log) }
    }

    /// Unknown keys of the catalog.
    static func checkCatalogKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, catalogKeys, file: file, log: log)
        for region in root["regions"]?.children ?? [] {
            checkKeys(region, catalogRegionKeys, file: file, log: log)
            for route in region["routes"]?.children ?? [] { checkKeys(route, catalogRouteKeys, file: file, log: log) }
        }
    }
}
