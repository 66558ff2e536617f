import Foundation
import PackReader
import PackSpec
import TrailpackCore

/// An exclusive `flock` on a lock file that names its holder (`<host> <pid>`, see
/// `RegionLockFile`), for builds sharing a pack root (several processes, or machines on one
/// network file system). The holder removes the file before releasing it, so a waiter that wins
/// the lock on a removed file drops it and locks the file now at the path. Waiting polls with
/// `LOCK_NB`, so it can give up: `BuildError.busy` (transient, exit 75). The file is opened by
/// `SafeFile.openShared`: never through a link, never a FIFO or other special file, never a file
/// with other names (the holder line is written in place).
final class FileLock: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private var released = false

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { release() }

    /// Takes the lock at `path`, waiting up to `waitS` seconds (polled every 100 ms) while
    /// another process holds it, then writes this process's holder line into it. Registers the
    /// file for removal on SIGINT/SIGTERM.
    /// - Parameters:
    ///   - what: what the lock guards, for messages ("region alps", "the catalog").
    ///   - onWait: called once, with the holder, when the lock is found held.
    /// - Throws: `BuildError.busy` when still held after `waitS`; `BuildError.io` when the file
    ///   cannot be opened or locked (ENOLCK transient; EINVAL, ENOSYS, EOPNOTSUPP: a file
    ///   system without `flock`, permanent); `BuildError.output` naming a link, special file or
    ///   hard-linked file at `path` (nothing opened through it, nothing written).
    static func acquire(path: String, what: String, waitS: Double, onWait: ((String) -> Void)? = nil) throws -> FileLock {
        let deadline = Date().addingTimeInterval(max(0, waitS))
        var told = false
        while true {
            let fd = try openLockFile(path)
            if try tryLock(fd, path: path) {
                if isStillAt(path, fd: fd) { return FileLock(taking: fd, path: path) }
                close(fd)
                continue
            }
            let holder = holderDescription(path)
            close(fd)
            if !told { onWait?(holder); told = true }
            guard Date() < deadline else { throw BuildError.busy(lockFile: path, what: what, holder: holder, waitedS: max(0, waitS)) }
            usleep(100_000)
        }
    }

    /// Writes the holder line over whatever a killed holder left, registers for interrupts.
    private convenience init(taking fd: Int32, path: String) {
        self.init(path: path, fd: fd)
        let text = Array(RegionLockFile.holderText(host: ProcessTag.host, pid: getpid()).utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        Interrupts.shared.register(URL(fileURLWithPath: path))
    }

    /// Removes the file (when it is still this lock's) while still holding it, then unlocks
    /// (idempotent).
    func release() {
        guard !released else { return }
        released = true
        Interrupts.shared.critical {
            if Self.isStillAt(path, fd: fd) { unlink(path) }
            Interrupts.shared.unregister(URL(fileURLWithPath: path))
        }
        close(fd)
    }

    /// Opens (creating) the lock file (`SafeFile.openShared`); a folder removed meanwhile is
    /// made again.
    /// - Throws: `BuildError.output` for a refused path, `BuildError.io` for a failed `open`.
    private static func openLockFile(_ path: String) throws -> Int32 {
        var last = SafeFile.Failure(path: path, reason: .failed(call: "open", errno: ENOENT))
        for _ in 0..<openAttempts {
            do throws(SafeFile.Failure) { return try SafeFile.openShared(path) } catch { last = error }
            guard last.errno == ENOENT else { break }
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        throw BuildError.safeFile(last, message: "cannot open the lock file")
    }

    /// Opens of a lock file whose folder another process may be removing meanwhile.
    private static let openAttempts = 10

    /// One `LOCK_EX | LOCK_NB` attempt: true when taken, false when another process holds it
    /// (or the file went stale on a network file system: try again).
    private static func tryLock(_ fd: Int32, path: String) throws -> Bool {
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK || code == EAGAIN || code == ESTALE { return false }
            close(fd)
            throw BuildError.io(path: path, message: "cannot lock", errno: code)
        }
    }

    /// True when `fd` is the file now at `path` (not one its holder removed, nor a link put
    /// there since: `lstat`).
    private static func isStillAt(_ path: String, fd: Int32) -> Bool {
        var held = stat(), named = stat()
        return fstat(fd, &held) == 0 && lstat(path, &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// "node7 pid 4242" from the lock file's holder line, or "holder unknown".
    static func holderDescription(_ path: String) -> String {
        guard let data = PackDisk.readNoFollow(path),
              let holder = RegionLockFile.holder(parsing: String(decoding: data, as: UTF8.self)) else { return "holder unknown" }
        return "\(holder.host) pid \(holder.pid)"
    }
}
