import Foundation
import TrailpackCore

/// The memory a terrain grid will take, estimated before anything is allocated, against a
/// limit: `terrain.memoryLimitMiB` or `--memory-limit-mib`, else half the physical memory (or
/// of the cgroup's limit when the process runs in a smaller container).
public enum MemoryLimit {
    /// Peak bytes per cell of the region grid: the Float32 raster, the Int16 grid and its TER1
    /// bytes, the hillshade and its PNG, void masks, and contour tracing.
    public static let regionBytesPerCell = 16
    /// Peak bytes per cell of an AR patch: the Float32 raster, the Int16 grid, TER1 bytes, masks.
    public static let patchBytesPerCell = 12

    /// The limit in bytes for a recipe value (MiB) or the default; never more than the
    /// machine's (or container's) memory, so no setting lets an allocation kill the process.
    public static func limitBytes(mib: Double?) -> Double {
        if let mib { return min(mib * 1_048_576, Double(availableBytes)) }
        return Double(availableBytes) / 2
    }

    /// Physical memory, or the cgroup (v2 or v1) limit when smaller.
    public static var availableBytes: UInt64 {
        var bytes = ProcessInfo.processInfo.physicalMemory
        for file in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
               let v = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines)), v > 0 {
                bytes = min(bytes, v)
            }
        }
        return bytes
    }

    /// Stops before allocating a `width` x `height` grid of `bytesPerCell` over the limit.
    /// - Throws: `MemoryLimitError` with the cells, the estimate, the limit and what to change.
    public static func check(width: Int, height: Int, bytesPerCell: Int, limitMiB: Double?, what: String,
                             resolutionKey: String) throws(MemoryLimitError) {
        let cells = Double(width) * Double(height)
        let estimate = cells * Double(bytesPerCell)
        let limit = limitBytes(mib: limitMiB)
        guard estimate > limit else { return }
        throw MemoryLimitError(message: String(
            format: "%@ of %.0f cells (%d x %d) would need about %@ of memory, over the limit of %@ (%@); raise %@, choose a smaller bbox, or raise the limit with terrain.memoryLimitMiB in the recipe (or --memory-limit-mib)",
            what, cells, width, height, format(estimate), format(limit),
            limitMiB == nil ? "half of this machine's memory" : "terrain.memoryLimitMiB or --memory-limit-mib", resolutionKey))
    }

    static func format(_ bytes: Double) -> String {
        bytes >= 1_073_741_824 ? String(format: "%.1f GiB", bytes / 1_073_741_824) : String(format: "%.0f MiB", bytes / 1_048_576)
    }
}

/// A grid too large for the memory limit (a build error: exit 1, nothing written).
public struct MemoryLimitError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
