import Foundation

/// The one check every input opener makes before it opens a file: an input must be a regular
/// file (a symlink is followed and its target judged). A FIFO, a device, a socket or a
/// directory is refused before anything reads it, so nothing blocks on a pipe or a terminal.
/// GDAL's network paths (`/vsicurl/`, `/vsis3/`...) are not local files and pass; an archive
/// path (`/vsizip/x.zip/inner`, `/vsitar/`, `/vsigzip/`) is judged by its archive file.
public enum InputFile {
    /// An input path that exists but is not a regular file.
    public struct NotRegular: Error, CustomStringConvertible, Sendable, Equatable {
        /// The path as given (the archive's path for an archive member).
        public var file: String
        /// What it is instead, with its article: "a FIFO", "a directory", "a character device"...
        public var kind: String

        /// "is a FIFO, not a regular file", without the file.
        public var message: String { "is \(kind), not a regular file" }

        public var description: String { "\(file) \(message)" }
    }

    /// What the file at `path` is when it exists and is not a regular file (symlinks
    /// followed): "a FIFO", "a directory", "a character device", "a block device", "a socket",
    /// "a special file"; nil for a regular file or a path that does not exist (its opener
    /// reports the missing file in its own words).
    public static func kind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(mode: info.st_mode)
    }

    /// What a file of `mode` (`st_mode`) is when it is not a regular file, in `kind(_:)`'s
    /// words ("a FIFO", "a directory", "a symlink" for an `lstat`'s link...); nil for a regular file.
    public static func kind(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symlink"
        default: return "a special file"
        }
    }

    /// True when `path` is a regular file (or a symlink to one).
    public static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Refuses a local input that is not a regular file. `path` may be a GDAL path: a network
    /// one (`/vsicurl/`, `/vsis3/`, any other `/vsi…/` but the archive ones) passes; an archive
    /// one is judged by its archive file (`localFile`).
    /// - Throws: `NotRegular` naming the file and what it is.
    public static func check(_ path: String) throws(NotRegular) {
        guard let file = localFile(path), let kind = kind(file) else { return }
        throw NotRegular(file: file, kind: kind)
    }

    /// The local file a path reads: the path itself; for `/vsizip/`, `/vsitar/`, `/vsigzip/`
    /// the first existing non-directory prefix of the rest (the archive; the whole rest when no
    /// prefix is one), nested archive prefixes unwrapped; nil for any other `/vsi…/` path.
    public static func localFile(_ path: String) -> String? {
        guard path.hasPrefix("/vsi") else { return path }
        guard let prefix = ["/vsizip/", "/vsitar/", "/vsigzip/"].first(where: { path.hasPrefix($0) }) else { return nil }
        let rest = String(path.dropFirst(prefix.count))
        if rest.hasPrefix("/vsi") { return localFile(rest) }
        for slash in rest.indices where rest[slash] == "/" && slash != rest.startIndex {
            let candidate = String(rest[..<slash])
            if exists(candidate), kind(candidate) != "a directory" { return candidate }
        }
        return rest
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
