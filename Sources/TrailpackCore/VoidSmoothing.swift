/// How filled DEM voids are smoothed, one value for the build (`VoidFiller`) and
/// `validate --dem` (`DEMRules.warpedRaster`), so both fill alike.
public enum VoidSmoothing {
    /// `GDALFillNodata`'s smoothing iterations: 3x3 averages over the filled cells only, after
    /// its inverse-distance fill, which alone leaves search streaks and steps. The roughness
    /// this leaves (`FillRoughness`) and the factor it is held to are in Recipes/README.md
    /// (*Voids, by example*); more passes change little.
    public static let passes = 20
}

/// Filling a DEM source's voids at its own resolution before it is warped
/// (`RasterDataset.takeSourceFill`): the warp's kernels then read filled cells, not the edge of
/// a hole, so a grid finer than the region grid (an AR patch) shows no seam where the measured
/// cells meet the fill. One set of values for the build and `validate --dem`.
public enum SourceVoidFill {
    /// Search distance of the fill, source cells: a void cell farther than this from measured
    /// cells of the source is left to the grid's own fill (`VoidFiller`).
    public static let searchCells = 64
    /// Largest window of the source read into memory for the fill, cells (Float32: 4 B a
    /// cell); a grid whose voids would need more is filled on its own cells only.
    public static let maxWindowCells = 16_000_000
    /// How often the window grows to hold a void area and its search margin whole before the
    /// source fill is given up (the grid's own fill then does it).
    public static let maxGrowths = 8
}
