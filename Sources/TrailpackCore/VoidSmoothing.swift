/// How filled DEM voids are smoothed, one value for the build (`VoidFiller`) and
/// `validate --dem` (`DEMRules.warpedRaster`), so both fill alike.
public enum VoidSmoothing {
    /// `GDALFillNodata`'s smoothing iterations: 3x3 averages over the filled cells only, after
    /// its inverse-distance fill. Without them the fill shows GDAL's search streaks and steps
    /// (filled cells 2.5 to 14 times as rough as the ground around them, `FillRoughness`); 20
    /// passes bring punched White Mountains voids to about the ring's roughness and the fill
    /// closer to the truth; more passes change little (docs/FORMAT.md, Recipes/README.md).
    public static let passes = 20
}
