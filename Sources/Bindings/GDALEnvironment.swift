import CGDAL
import Foundation

/// Process-wide GDAL set-up, done once before any other call.
public enum GDALEnvironment {
    private static let registered: Bool = {
        // Never write .aux.xml side files next to (or inside zips of) the inputs.
        CPLSetConfigOption("GDAL_PAM_ENABLED", "NO")
        // Nor `.gz.properties` index files beside gzipped inputs.
        CPLSetConfigOption("CPL_VSIL_GZIP_WRITE_PROPERTIES", "NO")
        // GDAL's messages (its worker threads' too) would otherwise go to stderr; failures are
        // reported through `GDALError` with the thread's last message instead (`GDALCall`); the
        // handler counts transient ones (`TransientErrors`): a worker thread's never reaches the
        // calling thread's last error.
        CPLSetErrorHandler(quietCountingErrorHandler)
        GDALAllRegister()
        return true
    }()

    /// Registers all drivers and sets the config options trailpack relies on. Idempotent.
    public static func ensureRegistered() {
        _ = registered
    }

    /// The GDAL runtime version, e.g. "3.6.2".
    public static var version: String {
        ensureRegistered()
        return String(cString: GDALVersionInfo("RELEASE_NAME"))
    }
}

/// An owned, nil-terminated `char**` argument list of `strdup`'d strings, freed once.
final class CStringArray {
    private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for p in pointers { free(p) }
    }

    func withPointer<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws -> T) rethrows -> T {
        try pointers.withUnsafeMutableBufferPointer { try body($0.baseAddress!) }
    }
}

/// Formats a double for a GDAL command-line style option without loss.
func gdalArg(_ value: Double) -> String {
    String(format: "%.17g", value)
}
