import CGDAL
import Foundation

/// An OGR spatial reference with traditional GIS (lon/lat, x/y) axis order. Owns its handle.
final class SpatialReference {
    let handle: UnsafeMutableRawPointer

    static let wgs84WKT = "EPSG:4326"
    static let webMercatorWKT: String = wkt(of: "EPSG:3857")

    init(_ definition: String) throws(GDALError) {
        GDALEnvironment.ensureRegistered()
        guard let h = OSRNewSpatialReference(nil) else {
            throw GDALError(subject: definition, operation: "creating spatial reference", reason: "out of memory")
        }
        handle = h
        let err = GDALCall.run { OSRSetFromUserInput(h, definition) }
        if err != OGRERR_NONE {
            throw GDALError(subject: definition, operation: "parsing spatial reference", reason: RasterDataset.lastMessage(fallback: "unknown CRS"))
        }
        OSRSetAxisMappingStrategy(h, OAMS_TRADITIONAL_GIS_ORDER)
    }

    deinit { OSRDestroySpatialReference(handle) }

    static func wkt(of definition: String) -> String {
        guard let srs = try? SpatialReference(definition) else { return "" }
        var out: UnsafeMutablePointer<CChar>?
        OSRExportToWkt(srs.handle, &out)
        defer { VSIFree(out) }
        return out.map { String(cString: $0) } ?? ""
    }

    /// Transforms (x, y) pairs between two CRSs given as WKT or user input ("EPSG:4326").
    static func transform(_ points: [(Double, Double)], fromWKT: String, to: String, subject: String) throws(GDALError) -> [(Double, Double)] {
        let src = try SpatialReference(fromWKT), dst = try SpatialReference(to)
        let transformer = try CoordinateTransformation(from: src, to: dst, subject: subject)
        return try transformer.transform(points)
    }
}

/// An OGR coordinate transformation between two spatial references. Owns its handle.
final class CoordinateTransformation {
    let handle: UnsafeMutableRawPointer
    let subject: String

    init(from src: SpatialReference, to dst: SpatialReference, subject: String) throws(GDALError) {
        guard let h = GDALCall.run({ OCTNewCoordinateTransformation(src.handle, dst.handle) }) else {
            throw GDALError(subject: subject, operation: "creating coordinate transformation", reason: RasterDataset.lastMessage(fallback: ""))
        }
        handle = h
        self.subject = subject
    }

    deinit { OCTDestroyCoordinateTransformation(handle) }

    func transform(_ points: [(Double, Double)]) throws(GDALError) -> [(Double, Double)] {
        var xs = points.map(\.0), ys = points.map(\.1)
        var ok = [Int32](repeating: 0, count: points.count)
        let success = OCTTransformEx(handle, Int32(points.count), &xs, &ys, nil, &ok)
        if success == 0 || ok.contains(0) {
            throw GDALError(subject: subject, operation: "transforming coordinates", reason: RasterDataset.lastMessage(fallback: "some points could not be transformed"))
        }
        return zip(xs, ys).map { ($0, $1) }
    }
}
