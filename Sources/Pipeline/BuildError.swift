import Bindings
import Foundation
import TrailpackCore

/// A problem that stops a build. Every case names the file and the place. `io` and `busy` are
/// transient (`failureKind`: a retry may succeed), the other cases permanent.
public enum BuildError: Error, CustomStringConvertible, ClassifiedFailure {
    /// The recipe is malformed: file, line (0 when unknown), key path and what is wrong.
    case recipe(file: String, line: Int, keyPath: String, message: String)
    case demCoverage(dem: [String], bbox: BBox, detail: String)
    /// A route cannot be built: the route id, where it is declared, and why.
    case route(id: String, location: String, message: String)
    /// An input file is present but unusable: path, place (feature, line) and why.
    case input(file: String, place: String, message: String)
    /// Output cannot be written where asked.
    case output(path: String, message: String)
    /// A file operation failed with `errno` (its kind from `FailureKind(errno:)`: no space, a
    /// quota, EIO, a stale NFS handle are transient; no permission, a read-only file system not).
    case io(path: String, message: String, errno: Int32)
    /// A lock stayed held by another build for `waitedS` seconds (`--lock-wait-s`): the lock
    /// file, what it is for ("region alps", "the catalog") and its holder ("node7 pid 4242").
    case busy(lockFile: String, what: String, holder: String, waitedS: Double)
    /// A symlink where a pack root holds none (`regions/`, a region folder or a file in one):
    /// the link and where it points. Nothing is read through it (`PackContainment`).
    case symlink(path: String, target: String)

    public var failureKind: FailureKind {
        switch self {
        case .io(_, _, let code): FailureKind(errno: code)
        case .busy: .transient
        default: .permanent
        }
    }

    public var description: String {
        switch self {
        case .recipe(let file, let line, let keyPath, let message):
            let at = line > 0 ? ":\(line)" : ""
            return keyPath.isEmpty || keyPath == "$" ? "\(file)\(at): \(message)" : "\(file)\(at): \(keyPath): \(message)"
        case .demCoverage(let dem, let bbox, let detail):
            return "\(dem.joined(separator: ", ")): DEM does not cover the region bbox \(bbox): \(detail)"
        case .route(let id, let location, let message):
            return "\(location): route \"\(id)\": \(message)"
        case .input(let file, let place, let message):
            return place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)"
        case .output(let path, let message):
            return "\(path): \(message)"
        case .io(let path, let message, let code):
            return "\(path): \(message): \(String(cString: strerror(code)))"
        case .busy(let lockFile, let what, let holder, let waitedS):
            return "\(lockFile): \(what) is locked by another build (\(holder)); gave up after \(String(format: "%g", waitedS)) s (--lock-wait-s)"
        case .symlink(let path, let target):
            return "\(path): a symlink (to \(target)); a pack root holds no symlinks under regions/, so nothing is read or written through it: replace it with the folder or file itself"
        }
    }
}

/// A problem the build can live with, listed at the end of the build.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Level: String, Sendable { case note, warning }
    public var level: Level
    public var subject: String
    public var message: String

    public init(_ level: Level, _ subject: String, _ message: String) {
        self.level = level
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(level.rawValue): \(subject): \(message)" }
}

extension BuildError {
    /// `io` with the `errno` that `error` carries (a `POSIXError`, or Foundation's error over
    /// one), else `output` with its description.
    public static func io(path: String, message: String, error: any Error) -> BuildError {
        guard let code = FailureKind.errno(of: error) else {
            return .output(path: path, message: "\(message): \(FileErrorText.reason(error))")
        }
        return .io(path: path, message: message, errno: code)
    }

    /// The build's error for a `SafeFile` failure: a refusal (a link, a special file, a hard
    /// link) is `output` naming the path with the refusal's words (permanent); a failed call is
    /// `io` with `message` and the call's errno.
    public static func safeFile(_ failure: SafeFile.Failure, message: String) -> BuildError {
        guard let code = failure.errno else { return .output(path: failure.path, message: failure.message) }
        return .io(path: failure.path, message: message, errno: code)
    }

    /// `io` with the calling thread's `errno` (right after the failed call).
    static func ioErrno(path: String, message: String) -> BuildError {
        .io(path: path, message: message, errno: errno)
    }
}
