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

    /// The kind of the calling thread's last GDAL error for `subject`.
    static func lastKind(subject: String) -> FailureKind {
        let message = CPLGetLastErrorMsg().map { String(cString: $0) } ?? ""
        return kind(errorClass: Int32(CPLGetLastErrorNo()), message: message, subject: subject)
    }

    /// The kind of a GDAL error of class `errorClass` (`CPLE_*`) with `message`, about `subject`:
    /// transient for `CPLE_HttpResponse` (see `httpKind`), `CPLE_AWSError` (S3's own 5xx and
    /// throttling), and `CPLE_FileIO` on a remote path (a read cut short); permanent for every
    /// other class, among them `CPLE_AWSBucketNotFound`, `...ObjectNotFound`, `...AccessDenied`,
    /// `...InvalidCredentials` (fix the recipe or the credentials), `CPLE_OpenFailed` (not a
    /// raster) and `CPLE_FileIO` on a local file (a truncated or corrupt file stays so).
    public static func kind(errorClass: Int32, message: String, subject: String) -> FailureKind {
        switch errorClass {
        case Int32(CPLE_HttpResponse): return httpKind(message)
        case Int32(CPLE_AWSError): return .transient
        case Int32(CPLE_FileIO): return isRemote(subject) ? .transient : .permanent
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
