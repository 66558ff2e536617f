import Foundation

/// File-system failures in trailpack's own words: never Foundation's sentences ("The file …
/// couldn’t be saved") or its error domains.
public enum FileErrorText {
    /// Why `error` (a `POSIXError`, a Foundation `CocoaError`, any `NSError`) happened, in a few
    /// words: `strerror` of its errno when it carries one, else the Cocoa code's meaning.
    public static func reason(_ error: any Error) -> String {
        if let code = FailureKind.errno(of: error) { return String(cString: strerror(code)) }
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain else { return "failed (error \(ns.code))" }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileWriteFileExists: return "a file of that name is in the way"
        case .fileReadNoPermission, .fileWriteNoPermission: return "no permission"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "not readable as text"
        case .fileReadTooLarge: return "too large to read"
        default: return "failed (file error \(ns.code))"
        }
    }
}
