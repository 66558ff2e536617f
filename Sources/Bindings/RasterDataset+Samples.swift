import CGDAL
import Foundation
import TrailpackCore

extension RasterDataset {
    /// Band 1's value, metres, in the cell holding each point (nearest cell, no interpolation),
    /// nil where the point lies outside the raster or on a nodata cell. Reads one cell per
    /// point (GDAL caches the blocks), so a few hundred points cost little on any DEM size.
    /// - Throws: `GDALError` when the dataset has no CRS or the points cannot be transformed.
    public func elevationsM(at points: [LonLat]) throws(GDALError) -> [Double?] {
        guard !points.isEmpty else { return [] }
        let wkt = projectionWKT
        guard !wkt.isEmpty else { throw GDALError(subject: path, operation: "reading georeferencing", reason: "the raster has no coordinate reference system") }
        let xy = try SpatialReference.transform(points.map { ($0.lon, $0.lat) }, fromWKT: SpatialReference.wgs84WKT, to: wkt, subject: path)
        let gt = geoTransform
        let det = gt[1] * gt[5] - gt[2] * gt[4]
        guard det != 0 else { return points.map { _ in nil } }
        let band = GDALGetRasterBand(handle, 1)
        let noData = noDataValue()
        return xy.map { x, y in
            // The geotransform inverted: pixel column and row of (x, y).
            let dx = x - gt[0], dy = y - gt[3]
            let col = Int(((gt[5] * dx - gt[2] * dy) / det).rounded(.down)), row = Int(((gt[1] * dy - gt[4] * dx) / det).rounded(.down))
            guard col >= 0, row >= 0, col < width, row < height else { return nil }
            var value: Double = 0
            let err = GDALRasterIO(band, GF_Read, Int32(col), Int32(row), 1, 1, &value, 1, 1, GDT_Float64, 0, 0)
            guard err == CE_None, value.isFinite, value != noData else { return nil }
            return value
        }
    }
}
