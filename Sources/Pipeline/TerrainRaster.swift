import Bindings
import Foundation
import TrailpackCore

/// A terrain grid (the region's or an AR patch's) warped from the DEM sources, checked and
/// filled: the limits are checked before allocation, elevations must be plausible, voids are
/// filled by `VoidFiller`.
enum TerrainRaster {
    /// What the grid is, for messages and limits.
    struct Purpose {
        var label: String
        var bytesPerCell: Int
        var resolutionKey: String
        /// Share of void cells that may be filled, percent.
        var maxFilledPercent: Double
        /// The recipe key that makes the grid smaller, as advice in void refusals (`VoidFiller.fill`).
        var smallerExtent: String
        /// Turns a memory-limit message into the error naming the grid's owner (nil: as is).
        var limitFail: ((String) -> any Error)? = nil
    }

    /// Warps `sources` onto `geometry`, checks and fills it (void cells the filled `region` grid
    /// covers from it), then, over voids, warps it again from the last source with its voids
    /// filled at the source's resolution (`takeSourceFill`): every grid of the pack resamples
    /// one filled surface, and a patch finer than the region grid shows no seam. The fill on the
    /// grid's own cells still decides the void limits. Void limits the grid exceeds are in the fill's `breaches`, for the caller
    /// to report together with the others.
    /// - Throws: `MemoryLimitError` before allocating a grid over the limit; `BuildError.input`
    ///   naming the DEM file for implausible elevations or an all-void grid (through `fail`);
    ///   `GDALError` when GDAL fails.
    static func make(geometry: GridGeometry, sources: [RasterDataset], kernel: ResamplingKernel, options: Recipe.TerrainOptions,
                     purpose: Purpose, region: FilledRegion? = nil, progress: (any ProgressReporter)?,
                     fail: (String) -> any Error) throws -> (RasterDataset, VoidFiller.Fill) {
        do {
            try MemoryLimit.check(width: geometry.width, height: geometry.height, bytesPerCell: purpose.bytesPerCell,
                                  budget: options.budget, what: purpose.label, resolutionKey: purpose.resolutionKey)
        } catch {
            throw purpose.limitFail?(error.message) ?? error
        }
        try TerrainStage.checkCoverage(of: geometry.bounds, by: sources)
        let raster = try RasterDataset.warp(sources, to: geometry, kernel: kernel, noData: Double(VoidFiller.noData), progress: progress)
        try checkPlausible(raster, geometry: geometry, sources: sources)
        let fill = try VoidFiller.fill(raster, geometry: geometry, options: options.voids, maxPercent: purpose.maxFilledPercent,
                                       smallerExtent: purpose.smallerExtent, region: region, fail: fail)
        if !fill.filled.isEmpty {
            try raster.takeSourceFill(sources, geometry: geometry, kernel: kernel, noData: Double(VoidFiller.noData))
        }
        return (raster, fill)
    }

    /// Elevations outside `VerticalUnit.plausibleRangeM` (after unit conversion) stop the build,
    /// naming the DEM file that gave the value and where.
    static func checkPlausible(_ raster: RasterDataset, geometry: GridGeometry, sources: [RasterDataset]) throws {
        let range = VerticalUnit.plausibleRangeM
        let bad: Int? = try raster.withFloat32Pixels { pixels in
            pixels.firstIndex { $0 != VoidFiller.noData && $0.isFinite && !range.contains(Double($0)) }
        }
        guard let k = bad else { return }
        let value = try raster.withFloat32Pixels { Double($0[k]) }
        let p = LonLat(VoidFiller.lon(geometry, column: k % geometry.width), VoidFiller.lat(geometry, row: k / geometry.width))
        let source = sources.count == 1 ? sources[0]
            : sources.first { ((try? $0.sampleBilinear(at: p)) ?? nil) != nil } ?? sources[0]
        throw BuildError.input(file: source.path, place: "at \(p)", message: String(
            format: "elevation %.1f m is outside %.0f...%.0f m: the band's vertical unit (\"%@\") or its nodata value is wrong; set the unit with dem: [{ file: ..., verticalUnit: \"m\" | \"ft\" | \"ftUS\" }] or declare the nodata value in the file",
            value, range.lowerBound, range.upperBound, source.unitType()))
    }
}
