import PackJSON
import PackSpec

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

    // The keys of each object: PackSchema.
    /// Unknown keys of a manifest.
    static func checkManifestKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, PackSchema.manifest, file: file, log: log)
        let files = root["files"]
        checkKeys(files, PackSchema.files, file: file, log: log)
        checkKeys(files?["terrain"], PackSchema.terrainEntry, file: file, log: log)
        checkKeys(files?["terrain"]?["filledVoids"], PackSchema.filledVoids, file: file, log: log)
        checkKeys(files?["hillshade"], PackSchema.hillshadeEntry, file: file, log: log)
        checkKeys(files?["contours"], PackSchema.contoursEntry, file: file, log: log)
        checkKeys(files?["trails"], PackSchema.fileEntry, file: file, log: log)
        checkKeys(files?["pois"], PackSchema.fileEntry, file: file, log: log)
        checkKeys(files?["routing"], PackSchema.routingEntry, file: file, log: log)
        checkKeys(files?["style"], PackSchema.fileEntry, file: file, log: log)
        for asset in files?["mapAssets"]?.children ?? [] { checkKeys(asset, PackSchema.fileEntry, file: file, log: log) }
        for route in root["routes"]?.children ?? [] {
            checkKeys(route, PackSchema.manifestRoute, file: file, log: log)
            checkKeys(route["file"], PackSchema.fileEntry, file: file, log: log)
            checkKeys(route["stats"], PackSchema.stats, file: file, log: log)
            checkKeys(route["arPatch"], PackSchema.manifestARPatch, file: file, log: log)
            checkKeys(route["arPatch"]?["filledVoids"], PackSchema.routeFilledVoids, file: file, log: log)
        }
    }

    /// Unknown keys of a route file.
    static func checkRouteKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, PackSchema.route, file: file, log: log)
        checkKeys(root["stats"], PackSchema.stats, file: file, log: log)
        checkKeys(root["arPatch"], PackSchema.gridEntry, file: file, log: log)
        for waypoint in root["waypoints"]?.children ?? [] { checkKeys(waypoint, PackSchema.waypoint, file: file, log: log) }
        for landmark in root["landmarks"]?.children ?? [] { checkKeys(landmark, PackSchema.landmark, file: file, log: log) }
    }

    /// Unknown keys of routing.json.
    static func checkRoutingKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, PackSchema.routing, file: file, log: log)
        checkKeys(root["rates"], PackSchema.routingRates, file: file, log: log)
        for edge in root["edges"]?.children ?? [] { checkKeys(edge, PackSchema.routingEdge, file: file, log: log) }
        for route in root["routes"]?.children ?? [] { checkKeys(route, PackSchema.routingRoute, file: file, log: log) }
    }

    /// Unknown keys of the catalog.
    static func checkCatalogKeys(_ root: JSONNode, file: String, log: ProblemLog) {
        checkKeys(root, PackSchema.catalog, file: file, log: log)
        for region in root["regions"]?.children ?? [] {
            checkKeys(region, PackSchema.catalogRegion, file: file, log: log)
            for route in region["routes"]?.children ?? [] { checkKeys(route, PackSchema.catalogRoute, file: file, log: log) }
        }
    }
}
