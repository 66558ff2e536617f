import CGDAL
import Foundation
import TrailpackCore

extension RasterDataset {
    /// The source cells (band 1, in this dataset's own CRS and cell size) of `window` as an owned
    /// in-memory Float32 raster, voids (the band's nodata, NaN, values at or below `noData`) set
    /// to `noData`, the raster's nodata.
    /// - Throws: `GDALError` when the pixels cannot be read.
    func nativeWindow(_ window: CellWindow, noData: Double) throws(GDALError) -> RasterDataset {
        let gt = geoTransform
        let sub = [gt[0] + Double(window.c0) * gt[1] + Double(window.r0) * gt[2], gt[1], gt[2],
                   gt[3] + Double(window.c0) * gt[4] + Double(window.r0) * gt[5], gt[4], gt[5]]
        let ds = try RasterDataset.float32Memory(width: window.width, height: window.height, geoTransform: sub,
                                                 fill: Float(noData), noData: noData, label: path)
        GDALSetProjection(ds.handle, projectionWKT)
        let pixels = ds.ownedPixels!
        let err: CPLErr = GDALCall.run {
            GDALRasterIO(GDALGetRasterBand(handle, 1), GF_Read, Int32(window.c0), Int32(window.r0), Int32(window.width),
                         Int32(window.height), UnsafeMutableRawPointer(pixels.baseAddress), Int32(window.width), Int32(window.height),
                         GDT_Float32, 0, 0)
        }
        if err != CE_None { throw GDALError(subject: path, operation: "reading the cells around voids", reason: Self.lastMessage(fallback: "")) }
        let sourceNoData = noDataValue().map(Float.init), void = Float(noData)
        for k in pixels.indices where !pixels[k].isFinite || pixels[k] <= void || pixels[k] == sourceNoData { pixels[k] = void }
        return ds
    }

    /// The cell window of this dataset covering `box` (lon/lat) with `padCells` more on every
    /// side, clipped to the dataset; nil when they do not meet.
    /// - Throws: `GDALError` when `box` cannot be transformed into the dataset's CRS.
    func cellWindow(covering box: BBox, padCells: Int) throws(GDALError) -> CellWindow? {
        var corners: [(Double, Double)] = []
        for k in 0...8 {
            let t = Double(k) / 8, lon = box.west + t * (box.east - box.west), lat = box.south + t * (box.north - box.south)
            corners += [(lon, box.south), (lon, box.north), (box.west, lat), (box.east, lat)]
        }
        let xy = try SpatialReference.transform(corners, fromWKT: SpatialReference.wgs84WKT, to: projectionWKT, subject: path)
        let gt = geoTransform
        let columns = xy.map { ($0.0 - gt[0]) / gt[1] }, rows = xy.map { ($0.1 - gt[3]) / gt[5] }
        let window = CellWindow(c0: max(0, Int(columns.min()!.rounded(.down)) - padCells), r0: max(0, Int(rows.min()!.rounded(.down)) - padCells),
                                c1: min(width - 1, Int(columns.max()!.rounded(.up)) + padCells), r1: min(height - 1, Int(rows.max()!.rounded(.up)) + padCells))
        return window.c0 <= window.c1 && window.r0 <= window.r1 ? window : nil
    }

    /// This source's cells around `box` with their voids filled at the source's own resolution:
    /// `GDALFillNodata` searching `SourceVoidFill.searchCells` with `smoothingIterations`
    /// passes, in windows around the void areas, after the window read has grown until every
    /// void area it meets lies in it whole with its search margin (so the fill of a void does
    /// not depend on which grid asked for it). Nil when the cells hold no void, or the window
    /// would pass `SourceVoidFill.maxWindowCells` or `maxGrowths`.
    /// - Throws: `GDALError` when GDAL fails.
    public func voidsFilledAtSource(covering box: BBox, padCells: Int, smoothingIterations: Int, noData: Double) throws -> RasterDataset? {
        guard var window = try cellWindow(covering: box, padCells: padCells) else { return nil }
        let margin = SourceVoidFill.searchCells
        for _ in 0...SourceVoidFill.maxGrowths {
            guard window.cellCount <= SourceVoidFill.maxWindowCells else { return nil }
            let raster = try nativeWindow(window, noData: noData)
            let mask = try raster.withFloat32Pixels { $0.map { $0 == Float(noData) } }
            guard mask.contains(true) else { return nil }
            let areas = mask.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: window.width, height: window.height) }
            let needed = areas.areas.reduce(window) { w, a in
                w.union(CellWindow(c0: a.window.c0 + window.c0, r0: a.window.r0 + window.r0, c1: a.window.c1 + window.c0, r1: a.window.r1 + window.r0)
                    .grown(by: margin, width: width, height: height))
            }
            if needed != window { window = needed; continue }
            let fills = mask.withUnsafeBufferPointer {
                VoidAreas.fillWindows(isVoid: $0, width: window.width, height: window.height, marginCells: margin + 1)
            }
            for fill in fills {
                try raster.fillNoData(in: fill, noData: noData, maxSearchDistancePixels: Double(margin), smoothingIterations: smoothingIterations)
            }
            return raster
        }
        return nil
    }

    /// Sets every cell of this warped grid over `geometry` to `sources` warped again with the
    /// last source's voids filled at its own resolution (`voidsFilledAtSource`), where that
    /// warp has a value: filled cells and the measured cells whose kernels reached into a void
    /// then read one surface. Cells it leaves void stay as they are. Returns whether the grid
    /// was set (false when the last source has no void near the grid).
    /// - Throws: `GDALError` when a read or warp fails or this raster does not own its pixels.
    @discardableResult
    public func takeSourceFill(_ sources: [RasterDataset], geometry: GridGeometry, kernel: ResamplingKernel, noData: Double) throws -> Bool {
        guard let last = sources.last else { return false }
        let cell = try last.groundCellSizeM(at: geometry.bounds.center)
        // The warp's kernel reaches 2 source cells, scaled up when the grid is coarser than the source.
        let ratio = geometry.resolutionM / max(min(cell.xM, cell.yM), 1e-3)
        let pad = 4 + 2 * Int(max(1, ratio).rounded(.up))
        guard let filled = try last.voidsFilledAtSource(covering: geometry.bounds, padCells: pad,
                                                        smoothingIterations: VoidSmoothing.passes, noData: noData) else { return false }
        let warped = try RasterDataset.warp(Array(sources.dropLast()) + [filled], to: geometry, kernel: kernel, noData: noData,
                                            stage: "voids filled at the source's resolution")
        let void = Float(noData)
        return try warped.withFloat32Pixels { values in
            try withMutableFloat32Pixels { pixels in
                for k in pixels.indices where values[k] != void && values[k].isFinite { pixels[k] = values[k] }
                return true
            }
        }
    }
}
