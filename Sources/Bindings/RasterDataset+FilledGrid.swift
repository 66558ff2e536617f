import Foundation
import TrailpackCore

extension RasterDataset {
    /// A grid-registered terrain grid (`TerrainGrid`, whole metres) as an in-memory Float32
    /// EPSG:3857 raster whose pixel centres are its samples, no nodata: the source that
    /// `takeVoids(from:onto:kernel:noData:)` resamples.
    /// - Throws: `GDALError` when the raster cannot be made.
    public static func memory(grid: TerrainGrid) throws(GDALError) -> RasterDataset {
        let geometry = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds)
        return try memory(width: grid.width, height: grid.height, geoTransform: geometry.mercatorGeoTransform,
                          values: grid.elevationsM.map(Float.init))
    }

    /// Sets every `noData` cell of band 1 of this in-memory raster (warped onto `geometry`) to
    /// `source` resampled onto `geometry` with `kernel`, leaving measured cells as they are: an
    /// AR patch's voids taken from the filled region grid, so both show one filled terrain.
    /// Cells outside `source` stay `noData`. Returns how many cells were set.
    /// - Throws: `GDALError` when the warp fails or this raster does not own its pixels.
    @discardableResult
    public func takeVoids(from source: RasterDataset, onto geometry: GridGeometry, kernel: ResamplingKernel,
                          noData: Double) throws -> Int {
        let resampled = try RasterDataset.warp([source], to: geometry, kernel: kernel, noData: noData, stage: "voids from the region grid")
        let void = Float(noData)
        return try resampled.withFloat32Pixels { values in
            try withMutableFloat32Pixels { pixels in
                var n = 0
                for k in 0..<pixels.count where pixels[k] == void && values[k] != void && values[k].isFinite {
                    pixels[k] = values[k]
                    n += 1
                }
                return n
            }
        }
    }
}
