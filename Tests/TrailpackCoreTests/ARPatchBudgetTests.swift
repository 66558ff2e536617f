import Testing
@testable import TrailpackCore

/// The AR patch's size rule (`ARPatchBudget`), shared by the build and `validate`'s
/// `ar.coarsened`: a patch is coarsened in 1.1 steps until it fits, and only a patch coarser
/// than that is called too coarse.
@Suite struct ARPatchBudgetTests {
    /// About 30 km x 22 km at 44° N, a long day's route with its margin.
    static let bounds = BBox(west: -71.5, south: 44.2, east: -71.12, north: 44.4)

    @Test(arguments: [0.2, 1, 8, 64])
    func thePatchFitsItsBudgetAtTheFinestStep(budgetMiB: Double) {
        let budget = budgetMiB * 1_048_576
        let (geometry, coarsened) = ARPatchBudget.geometry(bounds: Self.bounds, requestedM: 10, budgetBytes: budget)
        #expect(ARPatchBudget.fits(geometry, budgetBytes: budget))
        #expect(geometry.bounds == Self.bounds)
        if coarsened {
            // One step finer would not have fitted, so the rule never coarsens more than it must...
            #expect(!ARPatchBudget.isCoarserThanNeeded(bounds: Self.bounds, resolutionM: geometry.resolutionM, budgetBytes: budget))
            // ...and two steps coarser is too coarse.
            #expect(ARPatchBudget.isCoarserThanNeeded(bounds: Self.bounds, resolutionM: geometry.resolutionM * 1.21, budgetBytes: budget))
        } else {
            #expect(abs(geometry.resolutionM - 10) < 0.1)
        }
    }

    @Test func theDefaultBudgetCoarsensALongRouteAndKeepsASmallOne() {
        let budget = 8 * 1_048_576.0
        let long = ARPatchBudget.geometry(bounds: Self.bounds, requestedM: 10, budgetBytes: budget)
        // 30 km x 22 km: 9.0 MB at 12.1 m, over 8 MiB; 7.5 MB at 13.31 m (three steps).
        #expect(long.coarsened && long.0.resolutionM > 12.1 && long.0.resolutionM < 13.32, "\(long.0.resolutionM)")
        let small = BBox(west: -71.3, south: 44.25, east: -71.28, north: 44.27)
        #expect(!ARPatchBudget.geometry(bounds: small, requestedM: 10, budgetBytes: budget).coarsened)
        // A fine patch where a finer one fits is too coarse (a 20 m patch over a small box).
        #expect(ARPatchBudget.isCoarserThanNeeded(bounds: small, resolutionM: 20, budgetBytes: budget))
    }
}
