import CGDAL
import Foundation
import TrailpackCore

/// An open OGR vector dataset (a file being read or written, or an in-memory one). Owns its
/// handle and closes it exactly once; layers and their definitions belong to it.
final class VectorDataset {
    let handle: GDALDatasetH
    let path: String
    private var isOpen = true

    init(handle: GDALDatasetH, path: String) {
        self.handle = handle
        self.path = path
    }

    deinit {
        if isOpen { GDALClose(handle) }
    }

    /// Opens a vector file for reading.
    /// - Throws: `GDALError` naming the path and OGR's reason.
    static func open(path: String) throws(GDALError) -> VectorDataset {
        GDALEnvironment.ensureRegistered()
        try GDALError.requireRegularInput(path, operation: "opening vector file")
        guard FileManager.default.fileExists(atPath: path) || path.hasPrefix("/vsi") else {
            throw GDALError(subject: path, operation: "opening vector file", reason: "no such file")
        }
        let opened: GDALDatasetH? = GDALCall.run {
            GDALOpenEx(path, UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR), nil, nil, nil)
        }
        guard let opened else {
            throw FormatHint.annotate(GDALError(subject: path, operation: "opening vector file",
                            reason: RasterDataset.lastMessage(fallback: "OGR cannot read it as GPX, GeoJSON, KML or another vector format")), path: path)
        }
        return VectorDataset(handle: opened, path: path)
    }

    /// Creates a dataset with the named OGR driver ("GeoJSON", "Memory").
    static func create(driver name: String, path: String, options: [String] = []) throws(GDALError) -> VectorDataset {
        GDALEnvironment.ensureRegistered()
        guard let driver = GDALGetDriverByName(name) else {
            throw GDALError(subject: path, operation: "creating \(name) dataset", reason: "GDAL has no \(name) driver")
        }
        let list = CStringArray(options)
        let created: GDALDatasetH? = GDALCall.run { list.withPointer { GDALCreate(driver, path, 0, 0, 0, GDT_Unknown, $0) } }
        guard let created else {
            throw GDALError(subject: path, operation: "creating \(name) dataset", reason: RasterDataset.lastMessage(fallback: ""))
        }
        return VectorDataset(handle: created, path: path)
    }

    /// Closes the dataset now (flushing a file being written).
    /// - Throws: `GDALError` when GDAL reports a failure while closing.
    func close() throws(GDALError) {
        guard isOpen else { return }
        isOpen = false
        CPLErrorReset()
        GDALClose(handle)
        if CPLGetLastErrorType() == CE_Failure || CPLGetLastErrorType() == CE_Fatal {
            throw GDALError(subject: path, operation: "closing", reason: RasterDataset.lastMessage(fallback: ""))
        }
    }
}

/// An OGR feature returned by a layer or created for writing; destroyed exactly once.
final class VectorFeatureHandle {
    let handle: OGRFeatureH

    init(_ handle: OGRFeatureH) { self.handle = handle }

    deinit { OGR_F_Destroy(handle) }
}
