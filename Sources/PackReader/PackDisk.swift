import Foundation

/// Where pack files are on disk: ids, safe relative paths, the files under a folder, and
/// symlink resolution. Shared by every reader of packs (validate, preview).
public enum PackDisk {
    /// Why a manifest path is unsafe to open.
    public enum PathProblem: Sendable, Equatable {
        case backslash, absolute, parent, empty
    }

    /// The first SPEC path rule `path` breaks (relative, `/`-separated, no `..`, no empty or
    /// `.` segment), nil when it is safe to join to its folder.
    public static func pathProblem(_ path: String) -> PathProblem? {
        if path.utf8.contains(UInt8(ascii: "\\")) { return .backslash }
        if path.hasPrefix("/") { return .absolute }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains("..") { return .parent }
        if path.isEmpty || segments.contains(where: { $0.isEmpty || $0 == "." }) || path.utf8.contains(0) { return .empty }
        return nil
    }

    /// A file or symlink found under a folder.
    public struct Entry: Sendable {
        /// Path relative to the folder, `/`-separated.
        public var relativePath: String
        public var isSymlink: Bool
        public var isRegularFile: Bool
        public var bytes: Int
    }

    /// Every file and symlink under `folder` (symlinked folders are not entered), sorted by path.
    public static func walk(_ folder: URL) -> [Entry] {
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
    public static func resolved(_ path: String) -> String {
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
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True when `path` (already resolved) is `root` or lies under it.
    public static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// True when `path` is a symlink (dangling or not).
    public static func isSymlink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
