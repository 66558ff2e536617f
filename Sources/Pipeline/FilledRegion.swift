import Bindings
import Foundation
import TrailpackCore

/// The filled region grid as the source of every AR patch's void cells: one filled terrain per
/// pack. A patch's measured cells keep the DEM's full resolution; its void cells take the region
/// grid (`terrain.bin`'s whole metres) resampled onto the patch with the recipe's kernel, so the
/// AR patch, `terrain.bin` and the route's `ele` agree over filled terrain.
final class FilledRegion {
    let geometry: GridGeometry
    let grid: TerrainGrid
    /// The region grid as an in-memory Float32 EPSG:3857 raster (whole metres, no nodata), made
    /// when the first patch with void cells needs it.
    private var raster: RasterDataset?

    /// The region grid `grid` over `geometry`.
    init(grid: TerrainGrid, geometry: GridGeometry) {
        self.geometry = geometry
        self.grid = grid
    }

    /// Sets the void cells (`VoidFiller.noData`) of `target`, a warped grid over `geometry`, to the
    /// region grid resampled there with `kernel`; cells outside the region stay void.
    /// - Throws: `GDALError` when the warp fails.
    func fillVoids(of target: RasterDataset, geometry targetGeometry: GridGeometry, kernel: ResamplingKernel) throws {
        let noData = VoidFiller.noData
        let source = try raster ?? RasterDataset.memory(width: grid.width, height: grid.height, geoTransform: geometry.mercatorGeoTransform,
                                                        values: grid.elevationsM.map(Float.init))
        raster = source
        let resampled = try RasterDataset.warp([source], to: targetGeometry, kernel: kernel, noData: Double(noData), stage: "fill from region")
        try resampled.withFloat32Pixels { source in
            try target.withMutableFloat32Pixels { pixels in
                for k in 0..<pixels.count where pixels[k] == noData && source[k] != noData && source[k].isFinite {
                    pixels[k] = source[k]
                }
            }
        }
    }
}
