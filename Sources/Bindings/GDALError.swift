import CGDAL
import Foundation

/// A failure reported by GDAL, OGR or one of the other C libraries, with the library's own
/// message and the file or operation it concerns.
public struct GDALError: Error, CustomStringConvertible, Sendable {
    /// The file or operation, e.g. a DEM path or "hillshade".
    public var subject: String
    /// What trailpack was doing.
    public var operation: String
    /// The library's own reason (empty when it gave none).
    public var reason: String

    public init(subject: String, operation: String, reason: String) {
        self.subject = subject
        self.operation = operation
        self.reason = reason
    }

    public var description: String {
        reason.isEmpty ? "\(subject): \(operation) failed" : "\(subject): \(operation) failed: \(reason)"
    }
}

/// One message GDAL emitted through its error handler.
public struct GDALMessage: Sendable, Equatable {
    public enum Level: Sendable { case debug, warning, failure }
    public var level: Level
    public var text: String
}

/// Collects GDAL's messages while a closure runs on this thread, instead of letting GDAL print
/// them; the last failure message becomes the `reason` of a thrown `GDALError`.
final class GDALErrorSink {
    var messages: [GDALMessage] = []

    var lastFailure: String? {
        messages.last(where: { $0.level == .failure })?.text
    }

    /// Runs `body` with GDAL's error handler pointed at a fresh sink (per thread, pushed and
    /// popped on the same thread).
    static func capturing<T>(_ body: (GDALErrorSink) throws -> T) rethrows -> T {
        let sink = GDALErrorSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        CPLErrorReset()
        CPLPushErrorHandlerEx({ errClass, _, message in
            guard let data = CPLGetErrorHandlerUserData() else { return }
            let sink = Unmanaged<GDALErrorSink>.fromOpaque(data).takeUnretainedValue()
            let text = message.map { String(cString: $0) } ?? ""
            let level: GDALMessage.Level
            switch errClass {
            case CE_Debug, CE_None: level = .debug
            case CE_Warning: level = .warning
            default: level = .failure
            }
            sink.messages.append(GDALMessage(level: level, text: text))
        }, unmanaged.toOpaque())
        defer { CPLPopErrorHandler() }
        return try body(sink)
    }

    func error(_ subject: String, _ operation: String) -> GDALError {
        GDALError(subject: subject, operation: operation, reason: lastFailure ?? "")
    }
}
