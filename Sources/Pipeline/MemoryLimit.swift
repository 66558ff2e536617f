import Foundation
import TrailGraph
import TrailpackCore

/// The memory a build will take, estimated before anything is allocated, against its limit
/// (`MemoryBudget`). The one formula, which `build` enforces and `trailpack plan` reports:
/// peak bytes = `processOverheadBytes` + the larger of `regionBytesPerCell` x the region grid's
/// cells, `patchBytesPerCell` x the largest AR patch's cells and the recorded tracks being read
/// and cleaned (`trackBytes`: per byte of their files, before any grid exists) + the trails
/// (`trailBytes`: per line and per vertex, held from loading to writing whatever the grid) + every
/// route's AR patch, held from its making to the writing (`heldPatchBytesPerCell` a cell).
public enum MemoryLimit {
    /// Peak bytes per cell of the region grid: the Float32 raster, the Int16 grid and its TER1
    /// bytes, the hillshade and its PNG, void masks, contour tracing and the vector tiles cut from
    /// the contours (2 bytes over the densest bench case, 10 m contours over a whole 1-degree tile
    /// at 30 m, for allocator arenas and steeper ground).
    public static let regionBytesPerCell = 18
    /// Peak bytes per cell of an AR patch: the Float32 raster, the Int16 grid, TER1 bytes, masks.
    public static let patchBytesPerCell = 12
    /// The process's memory whatever the grid and the trails: code, GDAL and PROJ, routes (bytes).
    public static let processOverheadBytes = 128 * 1_048_576
    /// Bytes per cell of every finished route's AR patch (its Int16 grid), held until the region
    /// is written: what makes 300 routes over a small region cost more than its largest grid.
    public static let heldPatchBytesPerCell = 2
    /// Peak bytes per trail vertex: OGR's reading, the lines, the graph, `routing.json`'s network
    /// (resampled to 12 m) and its document, `trails.geojson` and the tiles' trails.
    public static let trailBytesPerVertex = 320
    /// Peak bytes per trail line (its feature, edges, nodes and their documents): what makes a
    /// file of many tiny lines cost more than its vertices.
    public static let trailBytesPerLine = 3 * 1024

    /// Peak bytes per byte of a route's track file while it is read and cleaned (OGR's features,
    /// the fixes and their times, the cleaner's planes and indexes): 3.3 measured on a 2-million-fix
    /// GPX walk (84 MB of file, 393 MiB peak), and a margin.
    public static let trackBytesPerFileByte = 4

    /// The estimated bytes of reading and cleaning the routes' track files (each file once; a
    /// file that cannot be sized counts nothing: loading it will say why).
    public static func trackBytes(_ recipe: Recipe) -> Double {
        var files = Set<String>()
        for route in recipe.routes { if case .track(let path, _, _) = route.source { files.insert(path) } }
        return files.reduce(0.0) { sum, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
            return sum + size * Double(trackBytesPerFileByte)
        }
    }

    /// The estimated bytes the trails hold through a build.
    public static func trailBytes(_ trails: [TrailLine]) -> Double {
        trails.reduce(0.0) { $0 + Double(trailBytesPerLine) + Double(trailBytesPerVertex * $1.coords.count) }
    }

    /// The estimated peak bytes of a process holding a grid of `cells` at `bytesPerCell`.
    public static func peakBytes(cells: Double, bytesPerCell: Int) -> Double {
        Double(processOverheadBytes) + cells * Double(bytesPerCell)
    }

    /// The estimated peak bytes of a build whose region grid has `regionCells`, whose largest
    /// AR patch has `largestPatchCells` and all of them `allPatchCells`, whose track files take
    /// `trackBytes` to read and clean and whose trails hold `trailBytes`.
    public static func buildPeakBytes(regionCells: Int, largestPatchCells: Int, allPatchCells: Int = 0,
                                      trailBytes: Double = 0, trackBytes: Double = 0) -> Double {
        max(peakBytes(cells: Double(regionCells), bytesPerCell: regionBytesPerCell),
            peakBytes(cells: Double(largestPatchCells), bytesPerCell: patchBytesPerCell),
            Double(processOverheadBytes) + trackBytes) + trailBytes + Double(allPatchCells * heldPatchBytesPerCell)
    }

    /// Stops before allocating a `width` x `height` grid of `bytesPerCell` whose estimated peak
    /// is over `budget`.
    /// - Throws: `MemoryLimitError` with the cells, the estimate, the limit and the source that
    ///   set it, the recipe key that makes the grid smaller and how to raise the limit.
    public static func check(width: Int, height: Int, bytesPerCell: Int, budget: MemoryBudget, what: String,
                             resolutionKey: String) throws(MemoryLimitError) {
        let cells = Double(width) * Double(height)
        let estimate = peakBytes(cells: cells, bytesPerCell: bytesPerCell) + budget.reservedBytes
        guard estimate > Double(budget.bytes) else { return }
        let trails = budget.reservedBytes > 0 ? " + \(format(budget.reservedBytes)) for the trails" : ""
        throw MemoryLimitError(message: String(
            format: "%@ of %.0f cells (%d x %d) would need about %@ of memory (%@ for the grid + %@ for the process%@), over the limit of %@; raise %@ in %@, choose a smaller bbox, or %@",
            what, cells, width, height, format(estimate), format(cells * Double(bytesPerCell)), format(Double(processOverheadBytes)), trails,
            budget.describe, resolutionKey, budget.recipeFile ?? "the recipe", budget.source.advice(recipeFile: budget.recipeFile ?? "the recipe")))
    }

    /// Bytes as "%.1f GiB" from 1 GiB, else whole MiB.
    public static func format(_ bytes: Double) -> String {
        bytes >= 1_073_741_824 ? String(format: "%.1f GiB", bytes / 1_073_741_824) : String(format: "%.0f MiB", bytes / 1_048_576)
    }
}

/// A grid too large for the memory limit (a build error: exit 1, nothing written).
public struct MemoryLimitError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

/// What `trailpack plan` derives from the estimate: the `--mem` to ask for and the wall time.
public enum PlanFigures {
    /// The suggested `--mem` is the estimated peak times this, so a build over the estimate by
    /// up to a quarter still fits.
    public static let memMargin = 1.25
    /// ... rounded up to whole steps of this many MiB.
    public static let memStepMiB = 256
    /// Wall seconds of a build whatever its grids (start, inputs, routes, writing the small files).
    public static let fixedSeconds = 10.0
    /// Wall seconds per million cells of the region grid and AR patches.
    public static let secondsPerMillionCells = 6.5

    /// The `--mem` for a build whose estimated peak is `peakBytes`, MiB: with `memMargin`, in
    /// whole `memStepMiB` steps.
    public static func suggestedMemMiB(peakBytes: Double) -> Int {
        let steps = (peakBytes * memMargin / Double(memStepMiB * 1_048_576)).rounded(.up)
        return max(1, Int(steps)) * memStepMiB
    }

    /// The estimated wall seconds of a build over `cells` grid cells.
    public static func timeS(cells: Int) -> Double {
        fixedSeconds + secondsPerMillionCells * Double(cells) / 1e6
    }
}
