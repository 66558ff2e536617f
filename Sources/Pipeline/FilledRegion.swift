import Bindings
import Foundation
import TrailpackCore

/// The filled region grid as the source of an AR patch's void cells that the fill at the DEM's
/// own resolution (`takeSourceFill`, which then sets the patch) does not reach. A patch's measured
/// cells keep the DEM's full resolution; its void cells take the region grid (`terrain.bin`'s whole metres) resampled onto the patch bilinearly
/// (`RasterDataset.takeVoids`): bilinear in web-mercator x, y is the SPEC's sampler (bilinear in
/// lon, Y), so a filled patch cell is `terrain.bin` as a client samples it, within whole-metre
/// rounding, and the route's `ele` draped on the patch follows it. (The recipe's cubic spline
/// would smooth the 90 m relief: on Kauai's filled summit it left patch and `terrain.bin` 54 m apart.)
final class FilledRegion {
    let grid: TerrainGrid
    /// `grid` as an in-memory raster, made when the first patch with void cells needs it.
    private var raster: RasterDataset?

    /// The region grid `grid` (as written to `terrain.bin`).
    init(grid: TerrainGrid) {
        self.grid = grid
    }

    /// Sets the void cells (`VoidFiller.noData`) of `target`, a warped grid over `geometry`, to the
    /// region grid sampled there bilinearly (the SPEC sampler); cells outside the region stay void.
    /// - Throws: `GDALError` when the warp fails.
    func fillVoids(of target: RasterDataset, geometry: GridGeometry) throws {
        let source = try raster ?? RasterDataset.memory(grid: grid)
        raster = source
        try target.takeVoids(from: source, onto: geometry, kernel: .bilinear, noData: Double(VoidFiller.noData))
    }
}
