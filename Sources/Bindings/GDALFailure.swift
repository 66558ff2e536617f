import CGDAL
import Foundation
import TrailpackCore

/// Which GDAL failures are worth a retry: those of remote reads (`/vsicurl/`, `/vsis3/`,
/// `/vsigs/`, `/vsiaz/`, ... and URLs) that failed on the way rather than on what was asked.
public enum GDALFailure {
    /// GDAL's virtual file systems that read over the network.
    static let remotePrefixes = ["/vsicurl", "/vsis3", "/vsigs", "/vsiaz", "/vsiadls", "/vsioss", "/vsiswift", "/vsiwebhdfs"]

    /// True when `path` (a GDAL path, possibly nested in `/vsizip/` etc.) is read over the network.
    public static func isRemote(_ path: String) -> Bool {
        let lower = path.lowercased()
        return remotePrefixes.contains { path.contains($0) } || lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The kind of the calling thread's last GDAL error for `subject`; for a remote `subject`,
    /// also transient when a transient error was posted on any thread (a warp's I/O workers)
    /// since this thread's last `GDALCall.run` began, whose message is then returned as well.
    static func lastKind(subject: String) -> (kind: FailureKind, otherThreadMessage: String?) {
        let message = CPLGetLastErrorMsg().map { String(cString: $0) } ?? ""
        let own = kind(errorClass: Int32(CPLGetLastErrorNo()), message: message, subject: subject)
        guard own == .permanent, isRemote(subject), let seen = TransientErrors.shared.since(TransientErrors.callStart) else {
            return (own, nil)
        }
        return (.transient, seen)
    }

    /// The kind of a GDAL error of class `errorClass` (`CPLE_*`) with `message`, about `subject`:
    /// transient for `CPLE_HttpResponse` (see `httpKind`), `CPLE_AWSError` (S3's own 5xx and
    /// throttling), and `CPLE_FileIO` or `CPLE_AppDefined` on a remote path (a read cut short:
    /// a range request that failed mid-warp reaches GDAL's drivers as a short read, e.g.
    /// "TIFFFillStrip: Read error", "IReadBlock failed"; a corrupt remote file looks the same and
    /// is retried too); permanent for every other class, among them `CPLE_AWSBucketNotFound`,
    /// `...ObjectNotFound`, `...AccessDenied`, `...InvalidCredentials` (fix the recipe or the
    /// credentials), `CPLE_OpenFailed` (not a raster), and any error on a local file (a
    /// truncated or corrupt file stays so).
    public static func kind(errorClass: Int32, message: String, subject: String) -> FailureKind {
        switch errorClass {
        case Int32(CPLE_HttpResponse): return httpKind(message)
        case Int32(CPLE_AWSError): return .transient
        case Int32(CPLE_FileIO), Int32(CPLE_AppDefined): return isRemote(subject) ? .transient : .permanent
        default: return .permanent
        }
    }

    /// An HTTP failure's kind from GDAL's message ("HTTP response code: 503", "HTTP error code:
    /// 404", "CURL error: Failed to connect ..."): a status of 4xx other than 408 (timeout),
    /// 425 and 429 (too many requests) is permanent (wrong URL, no access); 5xx and a failure
    /// without a status (connection refused or reset, DNS, timeout) are transient.
    public static func httpKind(_ message: String) -> FailureKind {
        guard let status = httpStatus(message) else { return .transient }
        return (400..<500).contains(status) && ![408, 425, 429].contains(status) ? .permanent : .transient
    }

    /// The three-digit status after "code" in `message`, else nil.
    static func httpStatus(_ message: String) -> Int? {
        guard let range = message.range(of: "code", options: .caseInsensitive) else { return nil }
        let digits = message[range.upperBound...].drop { !$0.isNumber }.prefix { $0.isNumber }
        guard digits.count == 3 else { return nil }
        return Int(digits)
    }
}

/// Transient GDAL errors (`GDALFailure.kind` of their class and message) posted on any thread,
/// GDAL's worker threads included, whose errors never reach the calling thread's last error:
/// counted by the process's quiet error handler (`GDALEnvironment`).
final class TransientErrors: @unchecked Sendable {
    static let shared = TransientErrors()
    private let lock = NSLock()
    private var count = 0
    private var lastMessage = ""

    /// The count when this thread's last `GDALCall.run` began.
    static var callStart: Int {
        get { Thread.current.threadDictionary["trailpack.transientErrors"] as? Int ?? 0 }
        set { Thread.current.threadDictionary["trailpack.transientErrors"] = newValue }
    }

    var current: Int { lock.withLock { count } }

    func record(_ message: String) {
        lock.withLock {
            count += 1
            lastMessage = message
        }
    }

    /// The last transient message when one was recorded after `start`, else nil.
    func since(_ start: Int) -> String? {
        lock.withLock { count > start ? lastMessage : nil }
    }
}

/// GDAL's error handler: silent (failures become `GDALError`s), counting transient failures.
let quietCountingErrorHandler: @convention(c) (CPLErr, CPLErrorNum, UnsafePointer<CChar>?) -> Void = { level, number, message in
    guard level.rawValue >= CE_Failure.rawValue else { return }
    let text = message.map { String(cString: $0) } ?? ""
    if GDALFailure.kind(errorClass: Int32(number), message: text, subject: text) == .transient {
        TransientErrors.shared.record(text)
    }
}
