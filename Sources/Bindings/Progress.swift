import CGDAL
import Foundation

/// Receives progress of long GDAL operations: a stage name and a fraction 0...1.
public protocol ProgressReporter: AnyObject, Sendable {
    func report(stage: String, fraction: Double)
}

/// Bridges a `ProgressReporter` to GDAL's C progress callback for the duration of a call.
final class GDALProgressBridge {
    let reporter: (any ProgressReporter)?
    let stage: String
    let range: ClosedRange<Double>

    init(_ reporter: (any ProgressReporter)?, stage: String, range: ClosedRange<Double> = 0...1) {
        self.reporter = reporter
        self.stage = stage
        self.range = range
    }

    /// The C function GDAL calls; `data` is an unretained `GDALProgressBridge`.
    static let callback: GDALProgressFunc = { complete, _, data in
        guard let data else { return 1 }
        let bridge = Unmanaged<GDALProgressBridge>.fromOpaque(data).takeUnretainedValue()
        let f = bridge.range.lowerBound + (bridge.range.upperBound - bridge.range.lowerBound) * complete
        bridge.reporter?.report(stage: bridge.stage, fraction: min(max(f, 0), 1))
        return 1
    }

    func withUserData<T>(_ body: (UnsafeMutableRawPointer) throws -> T) rethrows -> T {
        let unmanaged = Unmanaged.passRetained(self)
        defer { unmanaged.release() }
        return try body(unmanaged.toOpaque())
    }
}
