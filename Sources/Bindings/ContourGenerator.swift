import CGDAL
import Foundation
import TrailpackCore

/// One contour line at one level, in lon/lat.
public struct ContourLine: Equatable, Sendable {
    public var eleM: Double
    public var coords: [LonLat]

    public init(eleM: Double, coords: [LonLat]) {
        self.eleM = eleM
        self.coords = coords
    }
}

extension RasterDataset {
    /// Traces contours of band 1 (an EPSG:3857 raster) every `intervalM` metres with
    /// `GDALContourGenerateEx`, simplifies each line by `simplifyToleranceM` ground metres
    /// (topology preserved) and returns them in lon/lat, in GDAL's order.
    /// - Throws: `GDALError` with GDAL's reason.
    public func contours(intervalM: Double, simplifyToleranceM: Double, groundMetresPerUnit: Double,
                         progress: (any ProgressReporter)? = nil, stage: String = "contours") throws(GDALError) -> [ContourLine] {
        guard let driver = GDALGetDriverByName("Memory"),
              let memory = GDALCreate(driver, "contours", 0, 0, 0, GDT_Unknown, nil)
        else { throw GDALError(subject: path, operation: "creating contour layer", reason: Self.lastMessage(fallback: "")) }
        defer { GDALClose(memory) }
        let mercator = try SpatialReference("EPSG:3857"), wgs84 = try SpatialReference("EPSG:4326")
        guard let layer = GDALDatasetCreateLayer(memory, "contours", mercator.handle, wkbLineString, nil) else {
            throw GDALError(subject: path, operation: "creating contour layer", reason: Self.lastMessage(fallback: ""))
        }
        for (name, type) in [("id", OFTInteger), ("ele", OFTReal)] {
            let defn = OGR_Fld_Create(name, type)
            OGR_L_CreateField(layer, defn, 1)
            OGR_Fld_Destroy(defn)
        }
        // Field options take indices of the fields created above, not names.
        let options = CStringArray(["LEVEL_INTERVAL=\(gdalArg(intervalM))", "ID_FIELD=0", "ELEV_FIELD=1"])
        let bridge = GDALProgressBridge(progress, stage: stage)
        let err: CPLErr = GDALErrorSink.capturing { _ in
            options.withPointer { argv in
                bridge.withUserData { data in
                    GDALContourGenerateEx(GDALGetRasterBand(handle, 1), layer, argv, GDALProgressBridge.callback, data)
                }
            }
        }
        if err != CE_None {
            throw GDALError(subject: path, operation: "tracing contours", reason: Self.lastMessage(fallback: ""))
        }
        let toLonLat = try CoordinateTransformation(from: mercator, to: wgs84, subject: path)
        let toleranceUnits = simplifyToleranceM / groundMetresPerUnit
        var lines: [ContourLine] = []
        OGR_L_ResetReading(layer)
        while let f = OGR_L_GetNextFeature(layer) {
            defer { OGR_F_Destroy(f) }
            guard let g = OGR_F_GetGeometryRef(f) else { continue }
            let ele = OGR_F_GetFieldAsDouble(f, 1)
            guard let simple = toleranceUnits > 0 ? OGR_G_SimplifyPreserveTopology(g, toleranceUnits) : OGR_G_Clone(g) else { continue }
            defer { OGR_G_DestroyGeometry(simple) }
            guard OGR_G_Transform(simple, toLonLat.handle) == OGRERR_NONE else {
                throw GDALError(subject: path, operation: "reprojecting contours", reason: Self.lastMessage(fallback: ""))
            }
            for coords in VectorGeometry.read(simple).lines where coords.count >= 2 {
                lines.append(ContourLine(eleM: ele, coords: coords))
            }
        }
        return lines
    }
}
