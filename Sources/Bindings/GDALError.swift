import CGDAL
import Foundation
import TrailpackCore

/// A failure reported by GDAL, OGR or one of the other C libraries, with the library's own
/// message and the file or operation it concerns.
public struct GDALError: Error, CustomStringConvertible, Sendable, ClassifiedFailure {
    /// The file or operation, e.g. a DEM path or "hillshade".
    public var subject: String
    /// What trailpack was doing.
    public var operation: String
    /// The library's own reason (empty when it gave none).
    public var reason: String
    /// Whether a retry may succeed: transient for a remote read that failed on the way (HTTP
    /// 5xx, 408, 429, a connection failure or timeout; `GDALFailure.kind`).
    public var failureKind: FailureKind

    /// A failure of the GDAL call just made on this thread: `failureKind`, when not given, is
    /// read from the thread's last GDAL error (`CPLGetLastErrorNo`, `CPLGetLastErrorMsg`) and
    /// `subject` (the path) through `GDALFailure.kind`.
    public init(subject: String, operation: String, reason: String, failureKind: FailureKind? = nil) {
        self.subject = subject
        self.operation = operation
        self.reason = reason
        if let failureKind {
            self.failureKind = failureKind
        } else {
            let last = GDALFailure.lastKind(subject: subject)
            self.failureKind = last.kind
            // A worker thread's reason, when the calling thread has none.
            if reason.isEmpty, let other = last.otherThreadMessage { self.reason = other }
        }
    }

    /// Refuses `path` before `operation` opens it when it is a local input that is not a
    /// regular file (`InputFile.check`: a FIFO, device, socket or directory would block GDAL
    /// or read nonsense); a permanent failure naming the file and what it is.
    public static func requireRegularInput(_ path: String, operation: String) throws(GDALError) {
        do throws(InputFile.NotRegular) { try InputFile.check(path) } catch {
            throw GDALError(subject: path, operation: operation, reason: "\(error.file) \(error.message)", failureKind: .permanent)
        }
    }

    public var description: String {
        reason.isEmpty ? "\(subject): \(operation) failed" : "\(subject): \(operation) failed: \(reason)"
    }
}

/// Runs GDAL calls with the thread's last-error state cleared first, so a failure's reason
/// (`CPLGetLastErrorMsg`, per thread) belongs to this call; notes how many transient errors
/// other threads had posted (`TransientErrors`), so a failure can tell theirs apart. GDAL's messages never reach stderr:
/// `GDALEnvironment` installs the quiet handler once.
enum GDALCall {
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        CPLErrorReset()
        TransientErrors.callStart = TransientErrors.shared.current
        return try body()
    }
}
