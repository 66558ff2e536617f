/// How filled DEM voids are smoothed, one value for the build (`VoidFiller`) and
/// `validate --dem` (`DEMRules.warpedRaster`), so both fill alike.
public enum VoidSmoothing {
    /// `GDALFillNodata`'s smoothing iterations: 3x3 averages over the filled cells only, after
    /// its inverse-distance fill, which alone leaves search streaks and steps. The roughness
    /// this leaves (`FillRoughness`) and the factor it is held to are in Recipes/README.md
    /// (*Voids, by example*); more passes change little.
    public static let passes = 20
}
