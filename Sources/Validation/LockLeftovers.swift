import Foundation
import PackSpec
import TrailpackCore

/// Whether a lock file (`PackSpec.RegionLockFile`, `regions/.<id>.lock`, or the catalog's
/// `.catalog.lock`) is held: one no process holds was left by a killed build or catalog
/// (`BuildLeftovers` reports it); one a running process holds is no problem and is not reported.
enum LockLeftovers {
    /// Whether a process holds a `flock` on the file at `path`: probed with a shared,
    /// non-blocking lock, released at once; nil when the file cannot be opened or probed, or is
    /// not a regular file (opening a FIFO would block) or is a symlink (`SafeFile.openShared`,
    /// read-only: never probed through a link).
    static func isHeld(_ path: String) -> Bool? {
        guard let fd = try? SafeFile.openShared(path, readOnly: true) else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK ? true : nil
    }
}
