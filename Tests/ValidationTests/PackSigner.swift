import Bindings
import Foundation
import PackJSON

/// Re-signs a pack after a test changed a file: recomputes `bytes` and `sha256` bottom-up
/// (route files' `arPatch`, manifest entries, catalog entries) so that only the rule a
/// corruption targets fires. JSON files that no longer parse are left untouched; a file is
/// rewritten only when one of its values changes.
enum PackSigner {
    static func resign(root: URL) throws {
        let regions = root.appendingPathComponent("regions")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [] {
            try resignRegion(regions.appendingPathComponent(name))
        }
        let catalogURL = root.appendingPathComponent("catalog.json")
        guard let catalog = parse(catalogURL), case .array(let entries) = catalog["regions"] ?? .null else { return }
        let signed: [JSONValue] = entries.map { entry in
            guard case .object(var object) = entry, case .string(let manifest) = object["manifest"] ?? .null else { return entry }
            let manifestURL = root.appendingPathComponent(manifest)
            guard let data = FileManager.default.contents(atPath: manifestURL.path) else { return entry }
            object["sha256"] = .string(SHA256.hex(of: data))
            object["bytes"] = .int(folderBytes(manifestURL.deletingLastPathComponent()))
            return .object(object)
        }
        try rewrite(catalogURL, catalog, replacing: "regions", with: .array(signed))
    }

    static func resignRegion(_ region: URL) throws {
        let manifestURL = region.appendingPathComponent("manifest.json")
        guard let manifest = parse(manifestURL), case .object(var object) = manifest else { return }
        if case .object(var files) = object["files"] ?? .null {
            for (key, value) in files {
                // `mapAssets` is an array of file entries.
                if case .array(let entries) = value { files[key] = .array(entries.map { sign($0, in: region) }) } else { files[key] = sign(value, in: region) }
            }
            object["files"] = .object(files)
        }
        if case .array(let routes) = object["routes"] ?? .null {
            object["routes"] = .array(try routes.map { route in
                guard case .object(var entry) = route else { return route }
                if let ar = entry["arPatch"] { entry["arPatch"] = sign(ar, in: region) }
                if let file = entry["file"], case .string(let path) = file["path"] ?? .null {
                    let routeURL = region.appendingPathComponent(path)
                    if let doc = parse(routeURL), let ar = doc["arPatch"] {
                        try rewrite(routeURL, doc, replacing: "arPatch", with: sign(ar, in: region))
                    }
                    entry["file"] = sign(file, in: region)
                }
                return .object(entry)
            })
        }
        if JSONValue.object(object) != manifest {
            try Data(try JSONWriter().bytes(.object(object))).write(to: manifestURL)
        }
    }

    /// `entry` with `bytes` and `sha256` of the file its `path` names (unchanged if absent).
    static func sign(_ entry: JSONValue, in region: URL) -> JSONValue {
        guard case .object(var object) = entry, case .string(let path) = object["path"] ?? .null,
              !path.contains(".."), !path.hasPrefix("/"),
              let data = FileManager.default.contents(atPath: region.appendingPathComponent(path).path) else { return entry }
        object["bytes"] = .int(data.count)
        object["sha256"] = .string(SHA256.hex(of: data))
        return .object(object)
    }

    /// Total size of the regular files under `folder`.
    static func folderBytes(_ folder: URL) -> Int {
        var total = 0
        let keys: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey, .isSymbolicLinkKey]
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: Array(keys)) ?? .init() {
            guard let v = try? url.resourceValues(forKeys: keys), v.isRegularFile == true, v.isSymbolicLink != true else { continue }
            total += v.fileSize ?? 0
        }
        return total
    }

    static func parse(_ url: URL) -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONParser.parse(data).value
    }

    private static func rewrite(_ url: URL, _ doc: JSONValue, replacing key: String, with value: JSONValue) throws {
        guard case .object(var object) = doc, object[key] != value else { return }
        object[key] = value
        try Data(try JSONWriter().bytes(.object(object))).write(to: url)
    }
}

extension PackFixture {
    static func resign(root: URL) throws { try PackSigner.resign(root: root) }
}
