import Foundation

/// Whether running a failed command again, unchanged, may succeed: what a batch engine (Slurm,
/// Kubernetes, make) needs to decide between a retry and a report to the author. Decided where
/// the error is made, from what failed (an errno, GDAL's error class), never from its wording.
public enum FailureKind: String, Sendable, Equatable {
    /// The input, recipe or command line must change: exit status 1.
    case permanent
    /// The machine, network or another process was in the way (a remote read failed, the disk
    /// filled, a lock stayed held): the same command may succeed later; exit status 75
    /// (EX_TEMPFAIL).
    case transient

    /// The kind of a failed system call's `errno`. Transient: no space (`ENOSPC`), quota
    /// (`EDQUOT`), device or network file system trouble (`EIO`, `ESTALE`, `ENOLCK`, `ETIMEDOUT`,
    /// `ENETDOWN`, `ENETUNREACH`, `ECONNRESET`, `EHOSTUNREACH`), a resource busy for now
    /// (`EAGAIN`, `EBUSY`, `EINTR`, `ENFILE`, `EMFILE`). Everything else is permanent,
    /// among it `EROFS` (a read-only pack root stays read-only: fix `--out` or the mount),
    /// `EACCES`, `EPERM`, `ENOENT`, `ENOTDIR`, and `EINVAL`/`ENOSYS`/`EOPNOTSUPP` (a file system
    /// without `flock`).
    public init(errno code: Int32) {
        let transient: Set<Int32> = [ENOSPC, EDQUOT, EIO, ESTALE, ENOLCK, ETIMEDOUT, ENETDOWN, ENETUNREACH, ECONNRESET,
                                     EHOSTUNREACH, EAGAIN, EWOULDBLOCK, EBUSY, EINTR, ENFILE, EMFILE]
        self = transient.contains(code) ? .transient : .permanent
    }

    /// The `errno` a Foundation or POSIX error carries (`POSIXError`, or an `NSError` in
    /// `NSPOSIXErrorDomain`, or one whose underlying error is), else nil.
    public static func errno(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        var ns: NSError? = error as NSError
        while let e = ns {
            if e.domain == NSPOSIXErrorDomain { return Int32(e.code) }
            ns = (e.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        }
        return nil
    }
}

/// An error that knows whether it is worth a retry (`FailureKind`). Errors that do not conform
/// are permanent.
public protocol ClassifiedFailure: Error {
    var failureKind: FailureKind { get }
}

extension FailureKind {
    /// The kind of any error: its own when it is a `ClassifiedFailure`, else permanent.
    public static func of(_ error: any Error) -> FailureKind {
        (error as? any ClassifiedFailure)?.failureKind ?? .permanent
    }
}
