import Foundation
import PackSpec
import TrailpackCore

/// Region lock files (`PackSpec.RegionLockFile`, `regions/.<id>.lock`) that no build holds:
/// left by a build that was killed (SIGKILL, a node lost). A lock file a running build holds is
/// no problem and is not reported.
enum LockLeftovers {
    /// The lock files in `regions` that no process holds, sorted by name, each with what it is
    /// for the report.
    static func unheld(in regions: URL) -> [(name: String, lock: RegionLockFile, found: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: regions.path)) ?? [])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .compactMap { name -> (String, RegionLockFile, String)? in
                guard let lock = RegionLockFile(parsing: name) else { return nil }
                let path = regions.appendingPathComponent(name).path
                guard isHeld(path) == false else { return nil }
                return (name, lock, description(of: lock, path: path))
            }
    }

    /// Whether a process holds a `flock` on the file at `path`: probed with a shared,
    /// non-blocking lock, released at once; nil when the file cannot be opened or probed, or is
    /// not a regular file (opening a FIFO would block).
    static func isHeld(_ path: String) -> Bool? {
        guard InputFile.isRegular(path) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK ? true : nil
    }

    /// "the lock file of build node7 pid 4242, which no build holds ..." for the report.
    static func description(of lock: RegionLockFile, path: String) -> String {
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let by = RegionLockFile.holder(parsing: text).map { "build \($0.host) pid \($0.pid)" } ?? "a build"
        return "the lock file of \(by), which no build holds (a killed build's; the next build of \(lock.regionId) takes it over, or remove it)"
    }
}
