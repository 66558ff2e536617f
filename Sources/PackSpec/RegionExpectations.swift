/// What a region's recipe lets its pack be: the settings that change what `validate` must
/// expect. The defaults are the recipe defaults (`Recipes/README.md`), which `RecipeLoader`
/// starts from too, so a pack validated without its recipe is held to what a default recipe
/// builds.
public struct RegionExpectations: Sendable, Equatable {
    /// `ar.resolutionM`: the AR patches' resolution, metres; a patch coarser by more than
    /// `arCoarsenedSlackM` was coarsened by its size budget.
    public var arResolutionM: Double = 10
    /// `ar.budgetMiB`: the largest AR patch file, MiB; a larger patch is coarsened to fit
    /// (`ARPatchBudget`), and a patch coarser than that needs is `ar.coarsened`.
    public var arBudgetMiB: Double = 8
    /// `sizeBudgetMB`: the region's files may total this many megabytes (10^6 bytes).
    public var sizeBudgetMB: Double = 150
    /// `terrain.voids.warnFilledPercent`: the share of filled terrain cells above which the
    /// build warns, percent.
    public var warnFilledPercent: Double = 1
    /// `terrain.voids.maxRouteFilledM`: the longest stretch of a route over filled terrain the
    /// recipe accepts, metres; nil when no recipe is known (any stretch is then worth a warning).
    public var maxRouteFilledM: Double?
    /// `stats`: the rates route stats were computed with; nil when no recipe is known (the pack's
    /// routing.json records them where it has one).
    public var hikingRates: HikingRates?
    /// `landmarks`: how far a route's vertices look for landmarks (metres; nil when no recipe is
    /// known), the names it leaves out, and the access-point POIs it brings back.
    public var landmarkMaxDistanceM: Double?
    public var landmarkExclude: Set<String> = []
    public var landmarkIncludePOIs: Set<String> = []

    public init() {}

    /// How many times finer than its source DEM's cells a grid may be before the build warns
    /// (and `validate --dem`): SRTM 3″ (cells of at most 93 m) under the default 10 m AR patch
    /// is 9.3×; a 30″ DEM is 93× (Recipes/README.md, *Coarse DEMs*).
    public static let maxSourceCoarseness = 10.0

    /// The slack above `arResolutionM` that still counts as that resolution (metres): the
    /// builder rounds the patch to whole cells over its bounds.
    public static let arCoarsenedSlackM = 1.0

    /// The budget in bytes.
    public var sizeBudgetBytes: Int { Int((sizeBudgetMB * 1_000_000).rounded()) }
}

/// The hiking rates of a recipe's `stats` (DIN 33466), which route stats and routing.json's
/// `rates` are computed with.
public struct HikingRates: Sendable, Equatable {
    public var flatSpeedKmh: Double
    public var ascentMPerH: Double
    public var descentMPerH: Double
    /// The hysteresis of climb counting, metres.
    public var climbThresholdM: Double

    public init(flatSpeedKmh: Double, ascentMPerH: Double, descentMPerH: Double, climbThresholdM: Double) {
        self.flatSpeedKmh = flatSpeedKmh
        self.ascentMPerH = ascentMPerH
        self.descentMPerH = descentMPerH
        self.climbThresholdM = climbThresholdM
    }
}
