import Foundation
import PackJSON
import PackReader
import PackSpec
import TrailpackCore

/// The rules of `catalog.json`: structure, ids, order, and each entry against its region.
struct CatalogRules {
    static let file = "catalog.json"
    let log: ProblemLog
    /// The pack root as the user named it, for the repair command in messages.
    var rootPath = "ROOT"
    /// The moved-aside folders (`.<id>.old-<tag>`) under regions/, by region id.
    var movedAside: [String: String] = [:]

    /// What repairs a catalog that no longer matches its regions.
    var repair: String { "run `trailpack catalog \(rootPath)`" }

    /// Why an entry does not match its region, and the repair.
    func stale(_ folder: String) -> String {
        "catalog.json is older than regions/\(folder) (a build interrupted between the region's rename and the catalog's, or an edit): \(repair)"
    }

    struct Entry {
        var id: String?
        /// The region folder the entry points at (from `manifest`, else the id).
        var folder: String?
        var node: JSONNode
    }

    private var fields: JSONFields { JSONFields(file: Self.file, log: log) }

    /// Reads and checks the catalog's structure; nil when it cannot be parsed.
    func read(path: String) -> [Entry]? {
        guard let root = parsedRoot(path: path) else { return nil }
        let fields = self.fields
        guard fields.typed(root, .object) != nil else { return nil }
        ManifestRules.checkFormat(root, fields: fields)
        FormatRules.checkKeyOrder(root, file: Self.file, log: log)
        FormatRules.checkCatalogKeys(root, file: Self.file, log: log)
        guard let regions = fields.array(root, "regions") else { return nil }
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        var previous: String?
        for (k, region) in regions.enumerated() where fields.typed(region, .object) != nil {
            entries.append(entry(region, index: k, seen: &seen, previous: &previous))
        }
        return entries
    }

    /// The catalog's bytes parsed as strict JSON (a special file, unreadable bytes, a BOM or a
    /// syntax error reported); nil when there is no document to check.
    private func parsedRoot(path: String) -> JSONNode? {
        if let kind = InputFile.kind(path) {
            log.add(.fileRead, file: Self.file, at: .file, expected: "a readable catalog.json", found: "\(kind), not a regular file")
            return nil
        }
        if let size = PackDisk.oversize(path, maxBytes: PackLimits.maxCatalogBytes) {
            log.add(.fileSize, file: Self.file, at: .file, expected: "a catalog.json of at most \(PackLimits.sizeText(PackLimits.maxCatalogBytes))",
                    found: "\(size) bytes (not read)")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            log.add(.fileRead, file: Self.file, at: .file, expected: "a readable catalog.json", found: "unreadable")
            return nil
        }
        let bytes = [UInt8](data)
        FormatRules.checkBOM(bytes, file: Self.file, log: log)
        do {
            let root = try PackDocument(bytes: bytes, path: Self.file).root
            if let over = root.overCount(PackLimits.countCaps(ofPackFile: PackTree.catalog)) {
                log.add(.fileCount, file: Self.file, node: over.node,
                        expected: "at most \(over.cap.max) \(over.cap.items) (the catalog was not read further)", found: "\(over.count) \(over.cap.items)")
                return nil
            }
            return root
        } catch {
            if case .syntax(_, let error) = error {
                log.add(.jsonSyntax, file: Self.file, at: ProblemLocation(line: error.line, column: error.column, byteOffset: error.offset),
                        expected: "strict RFC 8259 JSON", found: error.message)
            }
            return nil
        }
    }

    /// Checks one entry of `regions` (its id unique and in byte order after `previous`, its
    /// manifest path, hash, size and route figures) and returns it.
    private func entry(_ region: JSONNode, index k: Int, seen: inout [String: Int], previous: inout String?) -> Entry {
        let fields = self.fields
        var entry = Entry(id: nil, folder: nil, node: region)
        if let id = fields.string(region, "id"), let idNode = region["id"] {
            PackPaths.checkId(id, node: idNode, fields: fields)
            if let first = seen[id] {
                log.add(.idUnique, file: Self.file, node: idNode, expected: "a region id unique in the catalog",
                        found: "\(JSONWriter.quoted(id)) again (first at regions[\(first)])")
            } else {
                seen[id] = k
                if let previous, !previous.utf8.lexicographicallyPrecedes(id.utf8) {
                    log.add(.catalogSorted, file: Self.file, node: idNode, expected: "an id after \(JSONWriter.quoted(previous)) (byte order)",
                            found: JSONWriter.quoted(id))
                }
                previous = id
            }
            entry.id = id
            entry.folder = id
        }
        _ = fields.string(region, "name")
        _ = fields.bbox(region, "bbox")
        if let folder = manifestFolder(region, id: entry.id) { entry.folder = folder }
        if let sha = fields.string(region, "sha256"), let node = region["sha256"],
           !(sha.utf8.count == 64 && sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })) {
            log.add(.catalogSHA256, file: Self.file, node: node, expected: "64 lowercase hex digits", found: JSONWriter.quoted(sha))
        }
        _ = fields.integer(region, "bytes", in: 0...Int.max / 2)
        for route in fields.array(region, "routes") ?? [] where fields.typed(route, .object) != nil {
            _ = fields.string(route, "id")
            _ = fields.string(route, "name")
            for key in ["distanceM", "ascentM", "descentM"] { _ = fields.number(route, key) }
            _ = fields.integer(route, "durationS", in: 0...Int.max / 2)
        }
        return entry
    }

    /// The folder an entry's `manifest` path names (`regions/<folder>/manifest.json`), after
    /// checking it is relative and the entry's own; nil when it names none.
    private func manifestFolder(_ region: JSONNode, id: String?) -> String? {
        guard let manifest = fields.string(region, "manifest"), let node = region["manifest"],
              PackPaths.checkRelativePath(manifest, node: node, fields: fields) else { return nil }
        if let id, manifest != "regions/\(id)/manifest.json" {
            log.add(.catalogManifestPath, file: Self.file, node: node, expected: JSONWriter.quoted("regions/\(id)/manifest.json"),
                    found: JSONWriter.quoted(manifest))
        }
        let parts = manifest.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == "regions" && parts[2] == "manifest.json" ? String(parts[1]) : nil
    }

    /// Each entry against its region's outcome; every folder listed, every entry present.
    func compare(_ entries: [Entry], folders: [String], outcomes: [String: RegionOutcome]) {
        var referenced: Set<String> = []
        for entry in entries {
            guard let folder = entry.folder else { continue }
            referenced.insert(folder)
            guard let outcome = outcomes[folder], let manifestSHA = outcome.manifestSHA256 else {
                let found = movedAside[folder].map {
                    "no such region folder; its previous version lies aside in regions/\($0) (a build killed between the two renames of its commit): \(repair), which puts it back"
                } ?? "no such region folder or manifest"
                log.add(.catalogRegionMissing, file: Self.file, node: entry.node, expected: "regions/\(folder)/manifest.json present", found: found)
                continue
            }
            let node = entry.node
            if let sha = JSONFields.stringValue(node["sha256"]), sha != manifestSHA, let shaNode = node["sha256"] {
                log.add(.catalogSHA256, file: Self.file, node: shaNode, expected: "\(manifestSHA) (SHA-256 of regions/\(folder)/manifest.json)",
                        found: "\(sha): \(stale(folder))")
            }
            if let bytesNode = node["bytes"], let bytes = JSONFields.integerValue(bytesNode), bytes != outcome.totalBytes {
                log.add(.catalogBytes, file: Self.file, node: bytesNode,
                        expected: "\(outcome.totalBytes) (total size of regions/\(folder))", found: "\(bytes): \(stale(folder))")
            }
            guard let manifest = outcome.manifest else { continue }
            for key in ["id", "name", "bbox"] {
                if let mine = node[key], let theirs = manifest[key], mine.value != theirs {
                    log.add(.catalogRegionMatch, file: Self.file, node: mine, expected: "the manifest's \(key)",
                            found: "\(JSONFields.describe(mine)) (differs from regions/\(folder)/manifest.json): \(stale(folder))")
                }
            }
            if let routes = node["routes"], routes.type == .array {
                let expected = Self.routeSummaries(manifest)
                if routes.value != expected {
                    log.add(.catalogRoutes, file: Self.file, node: routes, expected: "the manifest's route stats (\(Self.describe(expected)))",
                            found: Self.describe(routes.value) + ": " + stale(folder))
                }
            }
        }
        for folder in folders where !referenced.contains(folder) {
            log.add(.catalogRegionUnlisted, file: "regions/\(folder)", at: .file, expected: "a region listed in catalog.json",
                    found: "a region folder the catalog does not list: \(repair)")
        }
    }

    /// `[{id, name, distanceM, ascentM, descentM, durationS}]` from a manifest's routes.
    static func routeSummaries(_ manifest: JSONValue) -> JSONValue {
        guard case .array(let routes) = manifest["routes"] ?? .null else { return .array([]) }
        return .array(routes.map { route in
            var summary = JSONObject()
            summary["id"] = route["id"] ?? .null
            summary["name"] = route["name"] ?? .null
            for key in ["distanceM", "ascentM", "descentM", "durationS"] { summary[key] = route["stats"]?[key] ?? .null }
            return .object(summary)
        })
    }

    static func describe(_ value: JSONValue) -> String {
        let text = (try? JSONWriter(style: .compact).string(value)) ?? "?"
        return text.count > 200 ? String(text.prefix(197)) + "..." : text
    }
}
