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

    public init(regionBudgetBytes: Int = 150_000_000, arDefaultResolutionM: Double = 10, parallel: Bool = true) {
        self.regionBudgetBytes = regionBudgetBytes
        self.arDefaultResolutionM = arDefaultResolutionM
        self.parallel = parallel
    }
}
