import CGDAL
import Foundation
import TrailpackCore

extension RasterDataset {
    /// Band `band`'s unit type as GDAL reports it ("" when the file says nothing; GDAL's
    /// convention is then metres).
    public func unitType(band: Int = 1) -> String {
        GDALGetRasterUnitType(GDALGetRasterBand(handle, Int32(band))).map { String(cString: $0) } ?? ""
    }

    /// True when band `band` holds floating-point values (which may carry NaN holes).
    public func isFloatingPoint(band: Int = 1) -> Bool {
        let t = GDALGetRasterDataType(GDALGetRasterBand(handle, Int32(band)))
        return t == GDT_Float32 || t == GDT_Float64 || t == GDT_CFloat32 || t == GDT_CFloat64
    }

    /// True for an in-memory raster (no file behind it).
    public var isInMemory: Bool { ownedPixels != nil || GDALGetDriverShortName(GDALGetDatasetDriver(handle)).map { String(cString: $0) } == "MEM" }

    /// A virtual Float32 view of band 1 of the file this dataset was opened from, with values
    /// multiplied by `scale` and source pixels equal to `sourceNoData` (NaN allowed: every NaN)
    /// turned into `noData`, which the view declares. Nothing is written anywhere (the VRT lives
    /// in memory). The view keeps this dataset's `path`, so messages name the real file.
    /// - Throws: `GDALError` when GDAL cannot build the view.
    public func scaledView(scale: Double, sourceNoData: Double?, noData: Double = -32768) throws(GDALError) -> RasterDataset {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let gt = geoTransform.map(gdalArg).joined(separator: ", ")
        let w = width, h = height
        let source = GDALGetDescription(handle).map { String(cString: $0) } ?? path
        var xml = "<VRTDataset rasterXSize=\"\(w)\" rasterYSize=\"\(h)\"><SRS>\(esc(projectionWKT))</SRS>"
        xml += "<GeoTransform>\(gt)</GeoTransform><VRTRasterBand dataType=\"Float32\" band=\"1\">"
        xml += "<NoDataValue>\(gdalArg(noData))</NoDataValue><ComplexSource>"
        xml += "<SourceFilename relativeToVRT=\"0\">\(esc(source))</SourceFilename><SourceBand>1</SourceBand>"
        xml += "<SrcRect xOff=\"0\" yOff=\"0\" xSize=\"\(w)\" ySize=\"\(h)\"/><DstRect xOff=\"0\" yOff=\"0\" xSize=\"\(w)\" ySize=\"\(h)\"/>"
        if let sourceNoData { xml += "<NODATA>\(sourceNoData.isNaN ? "nan" : gdalArg(sourceNoData))</NODATA>" }
        xml += "<ScaleRatio>\(gdalArg(scale))</ScaleRatio></ComplexSource></VRTRasterBand></VRTDataset>"
        let result: UnsafeMutableRawPointer? = GDALCall.run {
            Self.withRemoteOpenOptions(source) {
                GDALOpenEx(xml, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR), nil, nil, nil)
            }
        }
        guard let h = result else {
            throw GDALError(subject: path, operation: "reading the DEM through a scaled view", reason: Self.lastMessage(fallback: ""))
        }
        return RasterDataset(handle: h, path: path)
    }
}

extension RasterDataset {
    /// Calls `body` with band 1's Float32 pixels, writable, in place. Only for in-memory rasters
    /// over a buffer trailpack owns (warped grids); GDAL sees the changes.
    /// - Throws: `GDALError` when this raster does not own its pixels, or what `body` throws.
    public func withMutableFloat32Pixels<R>(_ body: (UnsafeMutableBufferPointer<Float>) throws -> R) throws -> R {
        guard let owned = ownedPixels else {
            throw GDALError(subject: path, operation: "editing pixels", reason: "not an in-memory raster over an owned buffer")
        }
        GDALFlushCache(handle)
        return try body(owned)
    }

    /// Fills nodata (`noData`) cells of band 1 inside `window` only, in place, with
    /// `GDALFillNodata` searching up to `maxSearchDistancePixels` for valid cells (inside the
    /// window). Cells with no valid cell within that distance stay `noData`. Cost is
    /// proportional to the window, not the raster.
    /// - Throws: `GDALError` when the raster does not own its pixels or GDAL fails.
    public func fillNoData(in window: CellWindow, noData: Double, maxSearchDistancePixels: Double, smoothingIterations: Int = 0,
                           progress: (any ProgressReporter)? = nil, stage: String = "fill voids") throws(GDALError) {
        guard let owned = ownedPixels else {
            throw GDALError(subject: path, operation: "filling voids", reason: "not an in-memory raster over an owned buffer")
        }
        GDALFlushCache(handle)
        guard let driver = GDALGetDriverByName("MEM"),
              let view = GDALCreate(driver, "", Int32(window.width), Int32(window.height), 0, GDT_Float32, nil)
        else { throw GDALError(subject: path, operation: "filling voids", reason: Self.lastMessage(fallback: "")) }
        let windowed = RasterDataset(handle: view, path: path)
        let start = owned.baseAddress! + (window.r0 * width + window.c0)
        let address = UInt(bitPattern: UnsafeRawPointer(start))
        let options = CStringArray([String(format: "DATAPOINTER=0x%lx", address), "PIXELOFFSET=4", "LINEOFFSET=\(4 * width)"])
        guard options.withPointer({ GDALAddBand(view, GDT_Float32, $0) }) == CE_None else {
            throw GDALError(subject: path, operation: "filling voids", reason: Self.lastMessage(fallback: ""))
        }
        GDALSetRasterNoDataValue(GDALGetRasterBand(view, 1), noData)
        try windowed.fillNoData(maxSearchDistancePixels: maxSearchDistancePixels, smoothingIterations: smoothingIterations,
                                progress: progress, stage: stage)
        GDALFlushCache(view)
    }
}
