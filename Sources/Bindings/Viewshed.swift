import CGDAL
import Foundation

/// GDAL's own viewshed (`GDALViewshedGenerate`), the reference trailpack's sightlines are
/// tested against.
public enum Viewshed {
    /// Which cells of a grid are in sight of an observer, by GDAL's viewshed.
    /// - Parameters:
    ///   - elevationsM: row-major elevations, `width * height`, row 0 first.
    ///   - cellWidthM, cellHeightM: ground spacing of columns and rows, metres (the raster gets a
    ///     metre geotransform and a CRS on the WGS84 semi-major axis, which GDAL's curvature uses).
    ///   - column, row: the observer's cell; `observerHeightM` above its elevation.
    ///   - targetHeightM: height above each cell of the target looked at.
    ///   - curvatureCoefficient: GDAL's `dfCurvCoeff`, `1 - k` for refraction coefficient `k`.
    /// - Returns: one Bool per cell, row-major: true where visible.
    /// - Throws: `GDALError` when GDAL fails.
    public static func visibility(elevationsM: [Float], width: Int, height: Int, cellWidthM: Double, cellHeightM: Double,
                                  column: Int, row: Int, observerHeightM: Double, targetHeightM: Double,
                                  curvatureCoefficient: Double) throws(GDALError) -> [Bool] {
        try run(elevationsM: elevationsM, width: width, height: height, cellWidthM: cellWidthM, cellHeightM: cellHeightM,
                column: column, row: row, observerHeightM: observerHeightM, targetHeightM: targetHeightM,
                curvatureCoefficient: curvatureCoefficient, output: GVOT_NORMAL) { (ds) throws(GDALError) in try ds.readBytes().map { $0 == 255 } }
    }

    /// GDAL's smallest target height above each cell that the observer would see, metres
    /// (`GVOT_MIN_TARGET_HEIGHT_FROM_GROUND`; 0 where the ground itself is visible). Same
    /// parameters as `visibility`.
    /// - Throws: `GDALError` when GDAL fails.
    public static func minimumTargetHeightsM(elevationsM: [Float], width: Int, height: Int, cellWidthM: Double, cellHeightM: Double,
                                             column: Int, row: Int, observerHeightM: Double,
                                             curvatureCoefficient: Double) throws(GDALError) -> [Double] {
        try run(elevationsM: elevationsM, width: width, height: height, cellWidthM: cellWidthM, cellHeightM: cellHeightM,
                column: column, row: row, observerHeightM: observerHeightM, targetHeightM: 0,
                curvatureCoefficient: curvatureCoefficient, output: GVOT_MIN_TARGET_HEIGHT_FROM_GROUND) { (ds) throws(GDALError) in try readFloat64(ds) }
    }

    private static func run<T>(elevationsM: [Float], width: Int, height: Int, cellWidthM: Double, cellHeightM: Double,
                               column: Int, row: Int, observerHeightM: Double, targetHeightM: Double,
                               curvatureCoefficient: Double, output: GDALViewshedOutputType,
                               read: (RasterDataset) throws(GDALError) -> T) throws(GDALError) -> T {
        let dem = try RasterDataset.memory(width: width, height: height,
                                           geoTransform: [0, cellWidthM, 0, Double(height) * cellHeightM, 0, -cellHeightM],
                                           values: elevationsM)
        let x = (Double(column) + 0.5) * cellWidthM, y = Double(height) * cellHeightM - (Double(row) + 0.5) * cellHeightM
        let result: UnsafeMutableRawPointer? = GDALCall.run {
            GDALViewshedGenerate(GDALGetRasterBand(dem.handle, 1), "MEM", "", nil, x, y, observerHeightM, targetHeightM,
                                 255, 0, 0, -1, curvatureCoefficient, GVM_Edge, 0, nil, nil, output, nil)
        }
        guard let handle = result else {
            throw GDALError(subject: "viewshed", operation: "computing a viewshed", reason: RasterDataset.lastMessage(fallback: ""))
        }
        let out = RasterDataset(handle: handle, path: "viewshed")
        guard out.width == width, out.height == height else {
            throw GDALError(subject: "viewshed", operation: "computing a viewshed",
                            reason: "GDAL returned \(out.width)x\(out.height) for a \(width)x\(height) grid")
        }
        return try read(out)
    }

    /// Band 1 as Float64, row-major.
    private static func readFloat64(_ ds: RasterDataset) throws(GDALError) -> [Double] {
        var values = [Double](repeating: 0, count: ds.width * ds.height)
        let err: CPLErr = GDALCall.run {
            values.withUnsafeMutableBytes { buf in
                GDALRasterIO(GDALGetRasterBand(ds.handle, 1), GF_Read, 0, 0, Int32(ds.width), Int32(ds.height),
                             buf.baseAddress, Int32(ds.width), Int32(ds.height), GDT_Float64, 0, 0)
            }
        }
        if err != CE_None { throw GDALError(subject: "viewshed", operation: "reading heights", reason: RasterDataset.lastMessage(fallback: "")) }
        return values
    }
}
