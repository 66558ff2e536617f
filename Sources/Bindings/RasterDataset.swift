import CGDAL
import Foundation
import TrailpackCore

/// An open GDAL raster dataset. Owns its handle and closes it exactly once. Not thread-safe:
/// open one per thread.
public final class RasterDataset {
    let handle: UnsafeMutableRawPointer
    /// The path it was opened from (or a label for in-memory datasets).
    public let path: String
    /// Band 1's pixels when this is an in-memory Float32 raster over a buffer trailpack owns
    /// (freed after the dataset is closed).
    let ownedPixels: UnsafeMutableBufferPointer<Float>?

    init(handle: UnsafeMutableRawPointer, path: String, ownedPixels: UnsafeMutableBufferPointer<Float>? = nil) {
        self.handle = handle
        self.path = path
        self.ownedPixels = ownedPixels
    }

    deinit {
        GDALClose(handle)
        ownedPixels?.deallocate()
    }

    /// A single-band Float32 EPSG:3857 in-memory raster over a buffer this object owns, every
    /// pixel set to `fill`, with `noData` as the band's nodata value when given.
    /// - Throws: `GDALError` when GDAL cannot create it.
    static func float32Memory(width: Int, height: Int, geoTransform: [Double], fill: Float,
                              noData: Double?, label: String) throws(GDALError) -> RasterDataset {
        GDALEnvironment.ensureRegistered()
        let pixels = UnsafeMutableBufferPointer<Float>.allocate(capacity: width * height)
        pixels.initialize(repeating: fill)
        guard let driver = GDALGetDriverByName("MEM"),
              let handle = GDALCreate(driver, "", Int32(width), Int32(height), 0, GDT_Float32, nil)
        else {
            pixels.deallocate()
            throw GDALError(subject: label, operation: "creating", reason: lastMessage(fallback: ""))
        }
        let ds = RasterDataset(handle: handle, path: label, ownedPixels: pixels)
        try addFloat32Band(to: handle, over: UnsafeRawPointer(pixels.baseAddress!), width: width, geoTransform: geoTransform, label: label)
        if let noData { GDALSetRasterNoDataValue(GDALGetRasterBand(handle, 1), noData) }
        return ds
    }

    /// Gives the band-less MEM dataset `handle` one Float32 band that reads and writes the
    /// `width`-wide row-major pixels at `pointer` (no copy), an EPSG:3857 CRS and `geoTransform`.
    static func addFloat32Band(to handle: GDALDatasetH, over pointer: UnsafeRawPointer, width: Int,
                               geoTransform: [Double], label: String) throws(GDALError) {
        let address = UInt(bitPattern: pointer)
        let options = CStringArray([String(format: "DATAPOINTER=0x%lx", address), "PIXELOFFSET=4", "LINEOFFSET=\(4 * width)"])
        guard options.withPointer({ GDALAddBand(handle, GDT_Float32, $0) }) == CE_None else {
            throw GDALError(subject: label, operation: "creating an in-memory raster", reason: lastMessage(fallback: ""))
        }
        var gt = geoTransform
        GDALSetGeoTransform(handle, &gt)
        GDALSetProjection(handle, SpatialReference.webMercatorWKT)
    }

    /// Opens any raster GDAL reads (GeoTIFF, SRTM `.hgt`, `/vsizip/...`, VRT...).
    /// - Throws: `GDALError` with GDAL's reason (missing file, unknown format...).
    public static func open(path given: String) throws(GDALError) -> RasterDataset {
        GDALEnvironment.ensureRegistered()
        try GDALError.requireRegularInput(given, operation: "opening raster")
        let members = archiveRasters(given)
        if let members, members.count != 1 {
            throw GDALError(subject: given, operation: "opening raster", reason: members.isEmpty
                ? "the archive holds no raster GDAL can read"
                : "the archive holds \(members.count) rasters (\(members.prefix(10).joined(separator: ", "))); name one, e.g. \(given)/\(members[0])")
        }
        let path = members.map { given + "/" + $0[0] } ?? given
        let result: UnsafeMutableRawPointer? = GDALCall.run {
            withRemoteOpenOptions(path) {
                GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR), nil, nil, nil)
            }
        }
        guard let handle = result else {
            let reason = FileManager.default.fileExists(atPath: path) || path.hasPrefix("/vsi")
                ? lastMessage(fallback: "GDAL cannot read it as a raster")
                : "no such file"
            throw GDALError(subject: path, operation: "opening raster", reason: reason)
        }
        return RasterDataset(handle: handle, path: path)
    }

    /// Creates an in-memory single-band Float32 dataset in EPSG:3857 with the given geotransform.
    public static func memory(width: Int, height: Int, geoTransform: [Double], values: [Float], noData: Double? = nil) throws(GDALError) -> RasterDataset {
        precondition(values.count == width * height)
        let ds = try float32Memory(width: width, height: height, geoTransform: geoTransform, fill: 0, noData: noData, label: "memory raster")
        _ = ds.ownedPixels!.update(fromContentsOf: values)
        return ds
    }

    public var width: Int { Int(GDALGetRasterXSize(handle)) }
    public var height: Int { Int(GDALGetRasterYSize(handle)) }
    public var bandCount: Int { Int(GDALGetRasterCount(handle)) }

    /// The affine geotransform (origin x, pixel width, row rotation, origin y, column rotation, pixel height).
    public var geoTransform: [Double] {
        var gt = [Double](repeating: 0, count: 6)
        _ = GDALGetGeoTransform(handle, &gt)
        return gt
    }

    /// The dataset's CRS as WKT (empty when it has none).
    public var projectionWKT: String {
        GDALGetProjectionRef(handle).map { String(cString: $0) } ?? ""
    }

    /// The nodata value of band `band` (1-based), if set.
    public func noDataValue(band: Int = 1) -> Double? {
        var has: Int32 = 0
        let v = GDALGetRasterNoDataValue(GDALGetRasterBand(handle, Int32(band)), &has)
        return has != 0 ? v : nil
    }

    /// Reads band `band` (1-based) as Float32, row-major, row 0 at the top.
    /// - Throws: `GDALError` when GDAL cannot read the pixels.
    public func readFloat32(band: Int = 1) throws(GDALError) -> [Float] {
        try read(band: band, type: GDT_Float32, as: Float.self)
    }

    /// Reads band `band` (1-based) as bytes (e.g. a hillshade).
    public func readBytes(band: Int = 1) throws(GDALError) -> [UInt8] {
        try read(band: band, type: GDT_Byte, as: UInt8.self)
    }

    private func read<T: Numeric>(band: Int, type: GDALDataType, as: T.Type) throws(GDALError) -> [T] {
        let w = width, h = height
        var values = [T](repeating: 0, count: w * h)
        let err: CPLErr = GDALCall.run {
            values.withUnsafeMutableBytes { buf in
                GDALRasterIO(GDALGetRasterBand(handle, Int32(band)), GF_Read, 0, 0, Int32(w), Int32(h),
                             buf.baseAddress, Int32(w), Int32(h), type, 0, 0)
            }
        }
        if err != CE_None { throw GDALError(subject: path, operation: "reading band \(band)", reason: Self.lastMessage(fallback: "")) }
        return values
    }

    /// The dataset's footprint in WGS84 lon/lat (corners and edge points transformed).
    /// - Throws: `GDALError` when it has no usable georeferencing.
    public func lonLatExtent() throws(GDALError) -> BBox {
        let gt = geoTransform
        let w = Double(width), h = Double(height)
        var points: [(Double, Double)] = []
        for k in 0...8 {
            let t = Double(k) / 8
            points += [(t * w, 0), (t * w, h), (0, t * h), (w, t * h)]
        }
        let xy = points.map { (gt[0] + $0.0 * gt[1] + $0.1 * gt[2], gt[3] + $0.0 * gt[4] + $0.1 * gt[5]) }
        let wkt = projectionWKT
        guard !wkt.isEmpty else { throw GDALError(subject: path, operation: "reading georeferencing", reason: "the raster has no coordinate reference system") }
        let lonlat = try SpatialReference.transform(xy, fromWKT: wkt, to: SpatialReference.wgs84WKT, subject: path)
        guard let box = BBox(covering: lonlat.map { LonLat($0.0, $0.1) }) else {
            throw GDALError(subject: path, operation: "reading georeferencing", reason: "empty extent")
        }
        return box
    }

    /// For `/vsizip/` or `/vsitar/` naming a whole archive, its rasters (member paths): its only
    /// file (an SRTM `.hgt.zip` holds exactly one tile), else the members a GDAL raster driver
    /// recognises (a zip with a tile and a readme holds one); nil when `path` is no whole archive.
    static func archiveRasters(_ path: String) -> [String]? {
        let lower = path.lowercased()
        guard (path.hasPrefix("/vsizip/") && lower.hasSuffix(".zip"))
            || (path.hasPrefix("/vsitar/") && (lower.hasSuffix(".tar") || lower.hasSuffix(".tar.gz") || lower.hasSuffix(".tgz")))
        else { return nil }
        guard let list = VSIReadDirRecursive(path) else { return nil }
        defer { CSLDestroy(list) }
        var files: [String] = []
        var k = 0
        while let entry = list[k] {
            let name = String(cString: entry)
            if !name.hasSuffix("/") { files.append(name) }
            k += 1
        }
        if files.count == 1 { return files }
        // Sidecars (.aux.xml, .prj, .hdr...) are not rasters on their own; a driver must claim the member.
        let rasters = files.filter { name in
            let ext = (name as NSString).pathExtension.lowercased()
            guard !["xml", "txt", "md", "pdf", "html", "htm", "prj", "hdr", "tfw", "aux", "ovr", "json"].contains(ext) else { return false }
            return GDALIdentifyDriverEx(path + "/" + name, UInt32(GDAL_OF_RASTER), nil, nil) != nil
        }
        return rasters
    }

    /// Runs an open of `path` with, for network paths (`/vsicurl/`, `/vsis3/`...), GDAL told the
    /// folder lists no side files: otherwise it probes some 40 possible sidecars (`.aux.xml`,
    /// `.ovr`, `_rpc.txt`...) with one HTTP request each before reading a block.
    static func withRemoteOpenOptions<T>(_ path: String, _ body: () -> T) -> T {
        guard GDALFailure.remotePrefixes.contains(where: { path.contains($0) }) else { return body() }
        CPLSetThreadLocalConfigOption("GDAL_DISABLE_READDIR_ON_OPEN", "EMPTY_DIR")
        defer { CPLSetThreadLocalConfigOption("GDAL_DISABLE_READDIR_ON_OPEN", nil) }
        return body()
    }

    static func lastMessage(fallback: String) -> String {
        let msg = CPLGetLastErrorMsg().map { String(cString: $0) } ?? ""
        return msg.isEmpty ? fallback : msg
    }
}
