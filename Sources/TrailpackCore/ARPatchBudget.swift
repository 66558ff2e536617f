/// The one rule that sizes a route's AR patch (Recipes/README.md, `ar.budgetMiB`): the recipe's
/// `ar.resolutionM`, made 1.1 times coarser, step by step, until the patch's TER1 file fits the
/// budget. The build lays patches out by it and `validate` (`ar.coarsened`) holds them to it.
public enum ARPatchBudget {
    /// Each coarsening step multiplies the spacing by this.
    public static let stepFactor = 1.1

    /// The patch over `bounds` (lon/lat, kept exactly) at `requestedM` metres, coarsened until
    /// its TER1 file is at most `budgetBytes`; and whether it was.
    public static func geometry(bounds: BBox, requestedM: Double, budgetBytes: Double) -> (GridGeometry, coarsened: Bool) {
        var resolutionM = requestedM
        var geometry = GridGeometry(bounds: bounds, resolutionM: resolutionM)
        while !fits(geometry, budgetBytes: budgetBytes) {
            resolutionM *= stepFactor
            geometry = GridGeometry(bounds: bounds, resolutionM: resolutionM)
        }
        return (geometry, resolutionM > requestedM)
    }

    /// Whether the TER1 file of `geometry` (header and 2 bytes a cell) is at most `budgetBytes`.
    public static func fits(_ geometry: GridGeometry, budgetBytes: Double) -> Bool {
        Double(TER1.headerBytes + 2 * geometry.width * geometry.height) <= budgetBytes
    }

    /// Whether a patch over `bounds` whose cells are `resolutionM` metres is coarser than the
    /// budget makes it: one step finer would fit `budgetBytes` too. (The written spacing is a
    /// little under the builder's step, cells being whole, so a patch the rule coarsened is
    /// never called too coarse.)
    public static func isCoarserThanNeeded(bounds: BBox, resolutionM: Double, budgetBytes: Double) -> Bool {
        fits(GridGeometry(bounds: bounds, resolutionM: resolutionM / stepFactor), budgetBytes: budgetBytes)
    }
}
