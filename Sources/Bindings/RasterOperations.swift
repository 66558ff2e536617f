import CGDAL
import Foundation
import TrailpackCore

/// Smooth resampling kernels for warping a DEM.
public enum ResamplingKernel: String, Sendable, CaseIterable {
    case cubicSpline = "cubicspline"
    case bilinear
    case cubic
}

extension RasterDataset {
    /// Warps `sources` (highest priority first) onto the SPEC grid `grid` as an in-memory
    /// Float32 EPSG:3857 raster whose pixel centres are the grid samples. Cells no source covers,
    /// and source voids, are `noData`.
    /// - Throws: `GDALError` naming the sources and GDAL's reason.
    public static func warp(_ sources: [RasterDataset], to grid: GridGeometry, kernel: ResamplingKernel,
                            noData: Double = -32768, progress: (any ProgressReporter)? = nil,
                            stage: String = "warp") throws(GDALError) -> RasterDataset {
        // Warp into a raster over a buffer we own, so the pixels can be read in place.
        let target = try float32Memory(width: grid.width, height: grid.height, geoTransform: grid.mercatorGeoTransform,
                                       fill: Float(noData), noData: noData, label: "warped region grid")
        // No INIT_DEST: the target starts as nodata already, and INIT_DEST would reset it before
        // each source, so a source's voids would erase what the next source put there (mosaics
        // must take voids from the next source).
        let args = CStringArray([
            "-r", kernel.rawValue, "-dstnodata", gdalArg(noData),
            "-wo", "NUM_THREADS=ALL_CPUS", "-multi",
        ])
        let subject = sources.map(\.path).joined(separator: ", ")
        let bridge = GDALProgressBridge(progress, stage: stage)
        let result: UnsafeMutableRawPointer? = GDALCall.run {
            args.withPointer { argv in
                guard let options = GDALWarpAppOptionsNew(argv, nil) else { return nil }
                defer { GDALWarpAppOptionsFree(options) }
                return bridge.withUserData { data in
                    GDALWarpAppOptionsSetProgress(options, GDALProgressBridge.callback, data)
                    // gdalwarp paints later sources over earlier ones: the first (highest priority) goes last.
                    var handles: [GDALDatasetH?] = sources.reversed().map { $0.handle }
                    var usageError: Int32 = 0
                    return GDALWarp(nil, target.handle, Int32(handles.count), &handles, options, &usageError)
                }
            }
        }
        // The sources' blocks stay in GDAL's block cache (up to GDAL_CACHEMAX, 5% of RAM by
        // default) while the sources are open; they are not read again for this grid.
        for source in sources { GDALFlushCache(source.handle) }
        guard result != nil else {
            throw GDALError(subject: subject, operation: "warping to the region grid", reason: lastMessage(fallback: ""))
        }
        GDALFlushCache(target.handle)
        return target
    }

    /// Fills nodata cells of band 1 by inverse-distance interpolation from their edges
    /// (`GDALFillNodata`), searching up to `maxSearchDistancePixels`.
    /// - Throws: `GDALError` when GDAL fails.
    public func fillNoData(maxSearchDistancePixels: Double, smoothingIterations: Int = 0,
                           progress: (any ProgressReporter)? = nil, stage: String = "fill voids") throws(GDALError) {
        let band = GDALGetRasterBand(handle, 1)
        let bridge = GDALProgressBridge(progress, stage: stage)
        // Working rasters in memory, never temporary GeoTIFFs in the current folder.
        let options = CStringArray(["TEMP_FILE_DRIVER=MEM"])
        let err: CPLErr = GDALCall.run {
            bridge.withUserData { data in
                options.withPointer { list in
                    GDALFillNodata(band, nil, maxSearchDistancePixels, 0, Int32(smoothingIterations), list,
                                   GDALProgressBridge.callback, data)
                }
            }
        }
        if err != CE_None {
            throw GDALError(subject: path, operation: "filling voids", reason: Self.lastMessage(fallback: ""))
        }
    }

    /// Hillshade options for `GDALDEMProcessing`.
    public struct HillshadeOptions: Sendable, Equatable {
        public var azimuthDeg = 315.0
        public var altitudeDeg = 45.0
        public var zFactor = 1.0
        public var multidirectional = false
        /// Ground metres per horizontal unit of the raster (cos(latitude) for EPSG:3857).
        public var groundMetresPerUnit = 1.0
        public init() {}
    }

    /// Computes a Horn hillshade of band 1 with `GDALDEMProcessing`, edges included.
    /// - Returns: an in-memory Byte raster of the same size and georeferencing.
    /// - Throws: `GDALError` with GDAL's reason.
    public func hillshade(_ o: HillshadeOptions, progress: (any ProgressReporter)? = nil, stage: String = "hillshade") throws(GDALError) -> RasterDataset {
        var list = ["-of", "MEM", "-compute_edges", "-alg", "Horn", "-z", gdalArg(o.zFactor),
                    "-s", gdalArg(o.groundMetresPerUnit), "-alt", gdalArg(o.altitudeDeg)]
        if o.multidirectional { list.append("-multidirectional") } else { list += ["-az", gdalArg(o.azimuthDeg)] }
        let args = CStringArray(list)
        let bridge = GDALProgressBridge(progress, stage: stage)
        let result: UnsafeMutableRawPointer? = GDALCall.run {
            args.withPointer { argv in
                guard let options = GDALDEMProcessingOptionsNew(argv, nil) else { return nil }
                defer { GDALDEMProcessingOptionsFree(options) }
                return bridge.withUserData { data in
                    GDALDEMProcessingOptionsSetProgress(options, GDALProgressBridge.callback, data)
                    var usageError: Int32 = 0
                    return GDALDEMProcessing("", handle, "hillshade", nil, options, &usageError)
                }
            }
        }
        guard let h = result else {
            throw GDALError(subject: path, operation: "computing the hillshade", reason: Self.lastMessage(fallback: ""))
        }
        return RasterDataset(handle: h, path: "hillshade")
    }
}

extension RasterDataset {
    /// GDAL's own bilinear sample of band 1 at a lon/lat (a one-pixel warp centred on the point),
    /// or nil where the raster has no data there. Used to check derived grids against sources.
    /// - Throws: `GDALError` when GDAL fails.
    public func sampleBilinear(at p: LonLat) throws(GDALError) -> Double? {
        let half = 1e-7
        let args = CStringArray(["-of", "MEM", "-t_srs", "EPSG:4326", "-ot", "Float64", "-r", "bilinear",
                                 "-te", gdalArg(p.lon - half), gdalArg(p.lat - half), gdalArg(p.lon + half), gdalArg(p.lat + half),
                                 "-ts", "1", "1", "-dstnodata", "-99999"])
        let result: UnsafeMutableRawPointer? = GDALCall.run {
            args.withPointer { argv in
                guard let options = GDALWarpAppOptionsNew(argv, nil) else { return nil }
                defer { GDALWarpAppOptionsFree(options) }
                var handles: [GDALDatasetH?] = [handle]
                var usageError: Int32 = 0
                return GDALWarp("", nil, 1, &handles, options, &usageError)
            }
        }
        guard let h = result else { throw GDALError(subject: path, operation: "sampling", reason: Self.lastMessage(fallback: "")) }
        let sample = RasterDataset(handle: h, path: "sample")
        var value = 0.0
        let err = GDALRasterIO(GDALGetRasterBand(h, 1), GF_Read, 0, 0, 1, 1, &value, 1, 1, GDT_Float64, 0, 0)
        _ = sample
        if err != CE_None { throw GDALError(subject: path, operation: "sampling", reason: Self.lastMessage(fallback: "")) }
        return value == -99999 ? nil : value
    }
}

extension RasterDataset {
    /// Calls `body` with band 1's Float32 pixels (row-major, `width * height`) in place when the
    /// dataset is an in-memory raster over a buffer trailpack owns (warped grids, `memory`), or
    /// with a copy read through GDAL otherwise. (Not `GDALGetVirtualMemAuto`: its SIGSEGV-driven
    /// paging clashes with the Swift runtime's own signal handler.) The pointer is valid only inside `body`; pixels are read-only there.
    /// - Throws: `GDALError` when the pixels cannot be read, or what `body` throws.
    public func withFloat32Pixels<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) throws -> R {
        if let owned = ownedPixels {
            GDALFlushCache(handle)
            return try body(UnsafeBufferPointer(owned))
        }
        let copy = try readFloat32()
        return try copy.withUnsafeBufferPointer { try body($0) }
    }

    /// Calls `body` with a second in-memory Float32 EPSG:3857 dataset that reads the same pixels
    /// as this one (no copy when this is an in-memory Float32 raster), with its own handle (so
    /// another thread can read it) and geotransform `geoTransform`, without nodata. The view
    /// must not be used after `body` returns, nor this dataset written while it is in use.
    /// - Throws: `GDALError` when GDAL fails, or what `body` throws.
    public func withSharedView<R>(geoTransform: [Double], _ body: (RasterDataset) throws -> R) throws -> R {
        try withFloat32Pixels { pixels in
            guard let driver = GDALGetDriverByName("MEM"),
                  let view = GDALCreate(driver, "", Int32(width), Int32(height), 0, GDT_Float32, nil)
            else { throw GDALError(subject: path, operation: "creating a view", reason: Self.lastMessage(fallback: "")) }
            let dataset = RasterDataset(handle: view, path: "\(path) (view)")
            try Self.addFloat32Band(to: view, over: UnsafeRawPointer(pixels.baseAddress!), width: width,
                                    geoTransform: geoTransform, label: dataset.path)
            return try body(dataset)
        }
    }

    /// Band 1 as Float32 and as whole metres (`Int16(clamping: rounded)`), read in place: the
    /// terrain grid's elevations.
    /// - Throws: `GDALError` when the pixels cannot be read.
    public func roundedInt16() throws -> [Int16] {
        try withFloat32Pixels { pixels in
            [Int16](unsafeUninitializedCapacity: pixels.count) { out, initialized in
                for k in 0..<pixels.count { out[k] = Int16(clamping: Int(pixels[k].rounded())) }
                initialized = pixels.count
            }
        }
    }
}
