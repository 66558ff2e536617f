import Foundation
import PackSpec

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

extension PackDisk {
    /// Where the symlink at `path` points (its real target, or the link made absolute when it
    /// dangles); nil when `path` is no symlink (`lstat`: never followed).
    public static func symlinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        return resolved(path)
    }

    /// The first symlink of a region folder: the folder itself, else the first (by path) of
    /// the files and folders under it; nil when there is none. A pack holds no symlinks among
    /// its region folders and their files (the builder never makes one; a pack server would
    /// publish what one points to).
    public static func firstSymlink(region folder: URL) -> (path: String, target: String)? {
        if let target = symlinkTarget(folder.path) { return (folder.path, target) }
        guard let link = walk(folder).first(where: \.isSymlink) else { return nil }
        let path = folder.path + "/" + link.relativePath
        return (path, resolved(path))
    }

    /// The bytes of the regular file at `path`, never through a symlink at its last component
    /// (`O_NOFOLLOW`) and never from a FIFO or device; nil otherwise, and nil without reading
    /// when the open file is larger than `maxBytes` (or grows past it while read).
    public static func readNoFollow(_ path: String, maxBytes: Int = Int.max) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= maxBytes else { return nil }
        var out: [UInt8] = []
        // The size fstat gives, so a large file is held once, not in a doubled buffer.
        out.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0, out.count + n <= maxBytes else { return nil }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// The size on disk of the file at `path` (not through a symlink) when it is over `maxBytes`;
    /// nil when it is not, or cannot be seen.
    public static func oversize(_ path: String, maxBytes: Int) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, Int(info.st_size) > maxBytes else { return nil }
        return Int(info.st_size)
    }
}

extension PackDisk {
    /// This machine's host name as build leftovers' tags hold it (`StagingFolder.tagHost`).
    public static let thisHost: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let named = gethostname(&buffer, buffer.count) == 0
        return StagingFolder.tagHost(named ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "")
    }()

    /// True when a process `pid` exists on this machine (signal 0 probes without sending).
    public static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

extension PackDisk {
    /// `path` with every symlink of its longest existing prefix resolved (the rest appended as
    /// given, standardised), for paths that may not exist yet.
    public static func realPathOfPossiblyMissing(_ path: String) -> String {
        var head = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString)
        var tail: [String] = []
        while !FileManager.default.fileExists(atPath: head as String), head.length > 1 {
            tail.insert(head.lastPathComponent, at: 0)
            head = head.deletingLastPathComponent as NSString
        }
        return tail.reduce(resolved(head as String)) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// The pack root at or above `path` (real paths): the first folder, walking up, holding a
    /// `catalog.json`, or a `regions` folder with a region (a folder holding `manifest.json`) or a
    /// build's leftover in it; nil when there is none.
    public static func packRoot(containing path: String) -> String? {
        var folder = realPathOfPossiblyMissing(path)
        while true {
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("catalog.json"))
                || holdsRegions((folder as NSString).appendingPathComponent(PackTree.regions)) {
                return folder
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// True when `regions` is a folder holding a region or a build's leftover.
    private static func holdsRegions(_ regions: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: regions)) ?? []
        return names.contains { name in
            StagingFolder(parsing: name) != nil || RegionLockFile(parsing: name) != nil
                || FileManager.default.fileExists(atPath: regions + "/" + name + "/manifest.json")
        }
    }
}
