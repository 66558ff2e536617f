import Foundation
import TrailpackCore

/// What a build of one recipe will take, found without building (`RegionPlanner`): its grids,
/// inputs, memory and time, and the problems that would stop it.
public struct RegionPlan: Sendable {
    /// The recipe file as given.
    public var recipePath: String
    /// The region id; nil when the recipe cannot be read.
    public var regionID: String?
    /// The region grid as the build lays it (`GridGeometry` over the recipe's or derived bbox);
    /// nil when it cannot be known (a recipe or input problem).
    public var grid: GridGeometry?
    /// True when the bbox is derived from routes, trails and POIs plus `bboxMarginM`.
    public var bboxDerived = false
    public var patches: [PlannedPatch] = []
    public var inputs: [PlannedInput] = []
    /// Problems that would stop the build (recipe errors, missing inputs, duplicate ids...).
    public var problems: [String] = []
    /// The limit a build here would run under (`MemoryBudget.forBuild`), nil without a recipe.
    public var budget: MemoryBudget?
    /// The bytes the trails hold through the build (`MemoryLimit.trailBytes`), once read.
    public var trailBytes: Double = 0
    /// The bytes of reading and cleaning the routes' track files (`MemoryLimit.trackBytes`).
    public var trackBytes: Double = 0

    public init(recipePath: String) { self.recipePath = recipePath }

    /// Cells of the region grid (0 when unknown).
    public var regionCells: Int { grid.map { $0.width * $0.height } ?? 0 }

    /// The estimated peak bytes of the build (`MemoryLimit.buildPeakBytes`); nil without a grid.
    public var peakBytes: Double? {
        guard grid != nil else { return nil }
        return MemoryLimit.buildPeakBytes(regionCells: regionCells, largestPatchCells: patches.map(\.memoryCells).max() ?? 0,
                                          allPatchCells: patches.map(\.cells).reduce(0, +), trailBytes: trailBytes, trackBytes: trackBytes)
    }

    /// The estimated wall time of the build, seconds (`PlanFigures.timeS`); nil without a grid.
    public var timeS: Double? {
        guard grid != nil else { return nil }
        return PlanFigures.timeS(cells: regionCells + patches.map(\.cells).reduce(0, +))
    }

    /// The `--mem` to ask a batch engine for, MiB (`PlanFigures.suggestedMemMiB`); nil without a grid.
    public var suggestedMemMiB: Int? { peakBytes.map { PlanFigures.suggestedMemMiB(peakBytes: $0) } }
}

/// The AR patch of one route as the build will lay it.
public struct PlannedPatch: Sendable, Equatable {
    /// How the patch is known.
    public enum Basis: String, Sendable {
        /// Exact: the track's path as the build prepares it, through `RouteStage.arGeometry`.
        case track
        /// Exact: the route's path over the network (through vias, or a track that walks the
        /// trails) as the build's network stage lays it.
        case network
    }

    public var routeID: String
    public var basis: Basis
    public var width: Int
    public var height: Int
    /// The patch's nominal resolution, metres (coarser than `ar.resolutionM` when the budget coarsens it).
    public var resolutionM: Double
    /// The most cells the patch may have under `ar.budgetMiB` (TER1 is 2 bytes per cell).
    public var budgetCells: Int

    public var cells: Int { width * height }
    /// Cells counted for memory.
    public var memoryCells: Int { cells }
}

/// One file a recipe reads.
public struct PlannedInput: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case dem, trails, pois, track
    }

    /// The path as the build opens it (GDAL's `/vsizip/`, `/vsicurl/`... included).
    public var path: String
    public var kind: Kind
    /// Read over the network (`RecipeLoader.isRemote`): not checked here.
    public var isRemote: Bool
    /// Whether the local file exists; nil for a remote input.
    public var exists: Bool?
}
