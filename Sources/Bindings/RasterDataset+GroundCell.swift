import Foundation
import TrailpackCore

extension RasterDataset {
    /// The ground size of one source cell at `point`: the geodesic lengths, metres, of the
    /// geotransform's column step (`xM`) and row step (`yM`) taken at `point` in the dataset's
    /// CRS (for a geographic DEM the width shrinks with the cosine of the latitude).
    /// - Throws: `GDALError` when the dataset has no CRS or `point` cannot be transformed.
    public func groundCellSizeM(at point: LonLat) throws(GDALError) -> (xM: Double, yM: Double) {
        let wkt = projectionWKT
        guard !wkt.isEmpty else { throw GDALError(subject: path, operation: "reading georeferencing", reason: "the raster has no coordinate reference system") }
        let gt = geoTransform
        let here = try SpatialReference.transform([(point.lon, point.lat)], fromWKT: SpatialReference.wgs84WKT, to: wkt, subject: path)[0]
        let steps = [here, (here.0 + gt[1], here.1 + gt[4]), (here.0 + gt[2], here.1 + gt[5])]
        let lonLat = try SpatialReference.transform(steps, fromWKT: wkt, to: SpatialReference.wgs84WKT, subject: path).map { LonLat($0.0, $0.1) }
        return (Geodesic.distanceM(lonLat[0], lonLat[1]), Geodesic.distanceM(lonLat[0], lonLat[2]))
    }
}
