import TrailpackCore

/// The DEMs a region was built from, their vertical units and the kernel that resampled them.
public struct DEMSource: Sendable, Equatable {
    public var paths: [String]
    /// A `terrain.kernel` value: `cubicspline` (default), `bilinear` or `cubic`.
    public var kernel: String
    /// Per path, the recipe's `verticalUnit` (paths not named: the band's unit type).
    public var verticalUnits: [String: VerticalUnit]

    public init(paths: [String], kernel: String = "cubicspline", verticalUnits: [String: VerticalUnit] = [:]) {
        self.paths = paths
        self.kernel = kernel
        self.verticalUnits = verticalUnits
    }
}

/// Thresholds of the checks that are not fixed by the SPEC.
public struct ValidationOptions: Sendable, Equatable {
    /// A region whose files total more than this many bytes gets `region.size-budget`
    /// (default 150 MB = 150,000,000 bytes, the recipe default `sizeBudgetMB`).
    public var regionBudgetBytes: Int
    /// The recipe's default AR resolution in metres (10): a patch coarser by more than 1 m
    /// gets `ar.coarsened`.
    public var arDefaultResolutionM: Double
    /// Validate regions in parallel (the report is identical either way).
    public var parallel: Bool
    /// Source DEMs to compare every region with (`validate --dem`); empty: no comparison
    /// (unless `demByRegion` names the region).
    public var demPaths: [String]
    /// Per region id, the DEMs and resampling kernel its recipe used (`validate --recipes`);
    /// takes precedence over `demPaths` for that region.
    public var demByRegion: [String: DEMSource] = [:]
    /// Seed kept for callers that set it; the DEM comparisons are dense and use no random points.
    public var seed: UInt64

    /// True when some region is to be compared with a DEM.
    var comparesWithDEM: Bool { !demPaths.isEmpty || !demByRegion.isEmpty }

    public init(regionBudgetBytes: Int = 150_000_000, arDefaultResolutionM: Double = 10, parallel: Bool = true,
                demPaths: [String] = [], seed: UInt64 = 0x7A11_9AC6) {
        self.regionBudgetBytes = regionBudgetBytes
        self.arDefaultResolutionM = arDefaultResolutionM
        self.parallel = parallel
        self.demPaths = demPaths
        self.seed = seed
    }
}
