import Foundation
import PackJSON

/// Id and path rules, and the region folder's contents on disk.
enum PackPaths {
    /// True when `id` matches `^[a-z0-9][a-z0-9-]{0,62}$`.
    static func isValidId(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...63).contains(bytes.count) else { return false }
        func allowed(_ b: UInt8) -> Bool { (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) }
        return allowed(bytes[0]) && bytes.dropFirst().allSatisfy { allowed($0) || $0 == UInt8(ascii: "-") }
    }

    /// Reports `id.syntax` for a bad id.
    static func checkId(_ id: String, node: JSONNode, fields: JSONFields) {
        if !isValidId(id) {
            fields.log.add(.idSyntax, file: fields.file, node: node, expected: "an id matching ^[a-z0-9][a-z0-9-]{0,62}$",
                           found: JSONWriter.quoted(id))
        }
    }

    /// Reports the path rules for a manifest path (relative to the region folder, or to the
    /// pack root for the catalog's manifest paths). True when the path is safe to open.
    static func checkRelativePath(_ path: String, node: JSONNode, fields: JSONFields) -> Bool {
        let found = JSONWriter.quoted(path)
        func fail(_ rule: ValidationRule, _ expected: String) -> Bool {
            fields.log.add(rule, file: fields.file, node: node, expected: expected, found: found)
            return false
        }
        if path.utf8.contains(UInt8(ascii: "\\")) { return fail(.pathBackslash, "a path using / with no backslash") }
        if path.hasPrefix("/") { return fail(.pathAbsolute, "a path relative to the region folder (no leading /)") }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains("..") { return fail(.pathParent, "a path with no .. segment") }
        if path.isEmpty || segments.contains(where: { $0.isEmpty || $0 == "." }) || path.utf8.contains(0) {
            return fail(.pathEmpty, "a non-empty path with no empty or . segment")
        }
        return true
    }

    /// A file or symlink found under a folder.
    struct Entry {
        /// Path relative to the folder, `/`-separated.
        var relativePath: String
        var isSymlink: Bool
        var isRegularFile: Bool
        var bytes: Int
    }

    /// Every file and symlink under `folder` (symlinked folders are not entered), sorted by path.
    static func walk(_ folder: URL) -> [Entry] {
        let keys: [URLResourceKey] = [.isSymbolicLinkKey, .isRegularFileKey, .isDirectoryKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys, options: []) else {
            return []
        }
        let base = folder.standardizedFileURL.path
        var entries: [Entry] = []
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            let isLink = values.isSymbolicLink ?? false
            if values.isDirectory == true, !isLink { continue }
            var relative = url.standardizedFileURL.path
            if relative.hasPrefix(base + "/") { relative.removeFirst(base.count + 1) }
            entries.append(Entry(relativePath: relative, isSymlink: isLink, isRegularFile: values.isRegularFile == true && !isLink,
                                 bytes: values.fileSize ?? 0))
        }
        return entries.sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
    }

    /// The real path of `path` with every symlink resolved; for a dangling link, its target
    /// made absolute and standardised.
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
            return (path as NSString).standardizingPath
        }
        let absolute = target.hasPrefix("/") ? target : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        return (absolute as NSString).standardizingPath
    }

    /// True when `path` names a regular file (following symlinks).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True when `path` (already resolved) is `root` or lies under it.
    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
