import PackSpec
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
    /// What every region may be unless `expectationsByRegion` names it: the recipe defaults
    /// (`region.size-budget`, `ar.coarsened`, `terrain.filled-voids`, `route.void-fill`).
    public var expectations: RegionExpectations
    /// Per region id, what its recipe lets it be (`validate --recipes`).
    public var expectationsByRegion: [String: RegionExpectations] = [:]
    /// Validate regions in parallel (the report is identical either way).
    public var parallel: Bool
    /// Source DEMs to compare every region with (`validate --dem`); empty: no comparison
    /// (unless `demByRegion` names the region).
    public var demPaths: [String]
    /// Per region id, the DEMs and resampling kernel its recipe used (`validate --recipes`);
    /// takes precedence over `demPaths` for that region.
    public var demByRegion: [String: DEMSource] = [:]

    /// True when some region is to be compared with a DEM.
    var comparesWithDEM: Bool { !demPaths.isEmpty || !demByRegion.isEmpty }

    public init(expectations: RegionExpectations = RegionExpectations(), parallel: Bool = true,
                demPaths: [String] = []) {
        self.expectations = expectations
        self.parallel = parallel
        self.demPaths = demPaths
    }

    /// What region `id` may be: its recipe's expectations, else the defaults.
    func expectations(for id: String?) -> RegionExpectations {
        id.flatMap { expectationsByRegion[$0] } ?? expectations
    }
}
