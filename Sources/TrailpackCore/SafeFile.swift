import Foundation
import Glibc

/// The one way trailpack opens a file it creates, writes or locks, so that nothing is written
/// through a link or outside the folder it names (issue 40). It refuses, before writing a byte:
/// - a symlink at the path, dangling or not (`O_NOFOLLOW`; a new file is `O_CREAT | O_EXCL`, so
///   nothing already there is ever opened as new);
/// - a FIFO, device, socket or directory at the path (`InputFile.kind(mode:)`'s words);
/// - a file written in place (a lock) that has other names: a hard link would carry the write
///   to the file it shares with them.
/// A file replaced whole (the catalog, a depfile, `route --out`, a preview image) is written to a
/// new temporary beside it and renamed over it: a rename replaces a link, it never writes through
/// one, and the path is checked first so a link there is refused, not silently replaced. Folders
/// are the callers': the pack root's own are made by `mkdir` (which never follows a link at the
/// name it makes) and checked by `PackContainment`.
public enum SafeFile {
    /// The permissions of every file made (before the umask).
    static let fileMode: mode_t = 0o644
    /// Attempts at a new file when a stale regular file of the same name is removed first.
    static let createAttempts = 2

    /// Why a path was refused (nothing was written), or the call that failed on it.
    public struct Failure: Error, CustomStringConvertible, ClassifiedFailure, Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            /// A symlink is at the path; `target` is where it points (resolved when it can be).
            case symlink(target: String)
            /// Something else than a regular file is at the path: "a FIFO", "a directory"...
            case notRegular(kind: String)
            /// A file to be written in place has `count` names (hard links).
            case hardLinks(count: Int)
            /// `call` ("open", "write", "close", "rename") failed with `errno`.
            case failed(call: String, errno: Int32)
        }

        /// The path refused or failed on (the link itself, never its target).
        public var path: String
        public var reason: Reason

        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        /// True for a refusal (a link, special file or hard link), false for a failed call.
        public var isRefusal: Bool {
            if case .failed = reason { return false }
            return true
        }

        /// The failed call's errno; nil for a refusal.
        public var errno: Int32? {
            if case .failed(_, let code) = reason { return code }
            return nil
        }

        /// A refusal is permanent; a failed call's kind is its errno's (a full disk: transient).
        public var failureKind: FailureKind { errno.map(FailureKind.init(errno:)) ?? .permanent }

        /// What is wrong, without the path.
        public var message: String {
            switch reason {
            case .symlink(let target):
                "a symlink (to \(target)); trailpack never writes or locks a file through a link, so nothing was written through it: remove the link or choose another path"
            case .notRegular(let kind):
                "is \(kind), not a regular file; trailpack writes and locks only regular files, so nothing was written: remove it or choose another path"
            case .hardLinks(let count):
                "has \(count) hard links; trailpack never writes in place a file that has other names, so nothing was written: remove it"
            case .failed(let call, let code):
                "\(call) failed: \(String(cString: strerror(code)))"
            }
        }

        public var description: String { "\(path): \(message)" }
    }
}

extension SafeFile {
    /// Creates a new file at `path` and opens it for writing (`O_WRONLY | O_CREAT | O_EXCL |
    /// O_NOFOLLOW`). With `replacingStale`, a regular file already at the path (a leftover of a
    /// dead process that had this process's temporary name) is removed first; a link or a
    /// special file never is.
    /// - Returns: the open descriptor; the caller closes it.
    /// - Throws: `Failure`: `.symlink` or `.notRegular` when one is at the path; `.failed("open")`
    ///   otherwise (`EEXIST` for a regular file there without `replacingStale`).
    public static func createNew(_ path: String, replacingStale: Bool = false) throws(Failure) -> Int32 {
        var code: Int32 = 0
        for _ in 0..<createAttempts {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
            if fd >= 0 { return fd }
            code = errno
            guard code == EEXIST || code == ELOOP else { break }
            try check(path)
            guard replacingStale, unlink(path) == 0 else { break }
        }
        throw Failure(path: path, reason: .failed(call: "open", errno: code))
    }

    /// Opens a file other processes share and that is written in place (a lock file): created
    /// when missing (`O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK`, so a FIFO never blocks), then
    /// checked on the open descriptor: a regular file with one name. With `readOnly`, an existing
    /// file is opened for reading only (a probe: nothing is created, hard links are no matter).
    /// - Returns: the open descriptor; the caller closes it.
    /// - Throws: `Failure`: `.symlink`, `.notRegular` or `.hardLinks` (nothing written);
    ///   `.failed("open")` with the errno (`ENOENT` when `readOnly` and missing).
    public static func openShared(_ path: String, readOnly: Bool = false) throws(Failure) -> Int32 {
        let flags = (readOnly ? O_RDONLY : O_RDWR | O_CREAT) | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        let fd = open(path, flags, fileMode)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { try check(path) }
            throw Failure(path: path, reason: .failed(call: "open", errno: code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Failure(path: path, reason: .failed(call: "fstat", errno: code))
        }
        if let refusal = refusal(info, inPlace: !readOnly) {
            close(fd)
            throw Failure(path: path, reason: refusal)
        }
        return fd
    }

    /// Refuses what is at `path` when it is a symlink, not a regular file, or (`inPlace`: a file
    /// to be written where it is) a file with other names; a missing path or a fitting regular
    /// file passes. Never follows a link (`lstat`).
    /// - Throws: `Failure` with `.symlink`, `.notRegular` or `.hardLinks`.
    public static func check(_ path: String, inPlace: Bool = false) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFLNK { throw Failure(path: path, reason: .symlink(target: linkTarget(path))) }
        if let refusal = refusal(info, inPlace: inPlace) { throw Failure(path: path, reason: refusal) }
    }

    /// Why a file of status `info` must not be written: not a regular file, or (`inPlace`) one
    /// with other names; nil when it may be.
    static func refusal(_ info: stat, inPlace: Bool) -> Failure.Reason? {
        if let kind = InputFile.kind(mode: info.st_mode) { return .notRegular(kind: kind) }
        if inPlace, info.st_nlink > 1 { return .hardLinks(count: Int(info.st_nlink)) }
        return nil
    }

    /// Where the symlink at `path` points: its real path when the target exists, else the link's
    /// text made absolute (from the link's folder) and standardised.
    static func linkTarget(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let text = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
        let absolute = text.hasPrefix("/") ? text : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(text)
        return (absolute as NSString).standardizingPath
    }
}

extension SafeFile {
    /// Replaces the file at `path` with `parts`, in order: written to a new temporary beside it
    /// (`temporary`, a path in the same folder, else `.<name>.tmp-<pid>-<random>`), then renamed
    /// over `path`, so a reader sees the old file or the new one. A link or a special file at
    /// `path` is refused first; the temporary is removed on failure.
    /// - Throws: `Failure`: a refusal naming `path` (or the temporary); `.failed` with the call
    ///   ("open", "write", "close": on the temporary; "rename": on `path`) and its errno.
    public static func replace(_ path: String, with parts: [UnsafeRawBufferPointer], temporary: String? = nil) throws(Failure) {
        try check(path)
        let temp = temporary ?? temporaryPath(beside: path)
        let fd = try createNew(temp, replacingStale: true)
        do throws(Failure) {
            try write(parts, to: fd, path: temp)
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(temp)
            throw Failure(path: temp, reason: .failed(call: "close", errno: code))
        }
        guard rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            throw Failure(path: path, reason: .failed(call: "rename", errno: code))
        }
    }

    /// `replace(_:with:temporary:)` with one buffer of bytes.
    /// - Throws: `Failure`, as `replace(_:with:temporary:)`.
    public static func replace(_ path: String, with bytes: [UInt8], temporary: String? = nil) throws(Failure) {
        var failure: Failure?
        bytes.withUnsafeBytes { buffer in
            do throws(Failure) { try replace(path, with: [buffer], temporary: temporary) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes every byte of `parts` to `fd` (retrying short writes and `EINTR`).
    /// - Throws: `Failure` `.failed("write")` naming `path`, with the errno.
    public static func write(_ parts: [UnsafeRawBufferPointer], to fd: Int32, path: String) throws(Failure) {
        for part in parts {
            var offset = 0
            while offset < part.count {
                let n = Glibc.write(fd, part.baseAddress! + offset, part.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw Failure(path: path, reason: .failed(call: "write", errno: n < 0 ? errno : EIO)) }
                offset += n
            }
        }
    }

    /// A fresh hidden temporary name in the folder of `path`: `.<name>.tmp-<pid>-<random>`.
    static func temporaryPath(beside path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }
}
