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
    /// Traces contours of band 1 (an EPSG:3857 raster) every `intervalM` metres in one
    /// `GDALContourGenerateEx` pass, simplifies each line by `simplifyToleranceM` ground metres
    /// (topology preserved) and returns them in lon/lat, in ascending level order (GDAL's order
    /// within a level). `contours(levelsM:...)` on any split of the levels gives the same lines.
    /// - Throws: `GDALError` with GDAL's reason.
    public func contours(intervalM: Double, simplifyToleranceM: Double, groundMetresPerUnit: Double,
                         progress: (any ProgressReporter)? = nil, stage: String = "contours") throws(GDALError) -> [ContourLine] {
        let lines = try tracedContours(levelOption: "LEVEL_INTERVAL=\(gdalArg(intervalM))", simplifyToleranceM: simplifyToleranceM,
                                       groundMetresPerUnit: groundMetresPerUnit, progress: progress, stage: stage)
        var byLevel: [Double: [ContourLine]] = [:]
        for line in lines { byLevel[line.eleM, default: []].append(line) }
        return byLevel.keys.sorted().flatMap { byLevel[$0]! }
    }

    /// Traces contours of band 1 at exactly `levelsM` (GDAL's `FIXED_LEVELS`), simplified and in
    /// lon/lat like `contours(intervalM:...)`, grouped by level: element k holds the lines of
    /// `levelsM[k]` in GDAL's order.
    /// - Throws: `GDALError` with GDAL's reason, or when GDAL reports a level not asked for.
    public func contours(levelsM: [Double], simplifyToleranceM: Double, groundMetresPerUnit: Double,
                         progress: (any ProgressReporter)? = nil, stage: String = "contours") throws(GDALError) -> [[ContourLine]] {
        guard !levelsM.isEmpty else { return [] }
        let lines = try tracedContours(levelOption: "FIXED_LEVELS=" + levelsM.map(gdalArg).joined(separator: ","),
                                       simplifyToleranceM: simplifyToleranceM, groundMetresPerUnit: groundMetresPerUnit,
                                       progress: progress, stage: stage)
        var slot: [Double: Int] = [:]
        for (k, level) in levelsM.enumerated() { slot[level] = k }
        var grouped = [[ContourLine]](repeating: [], count: levelsM.count)
        for line in lines {
            guard let k = slot[line.eleM] else {
                throw GDALError(subject: path, operation: "tracing contours", reason: "GDAL traced level \(line.eleM), which was not asked for")
            }
            grouped[k].append(line)
        }
        return grouped
    }

    /// One `GDALContourGenerateEx` pass with `levelOption`, simplified, in GDAL's order.
    private func tracedContours(levelOption: String, simplifyToleranceM: Double, groundMetresPerUnit: Double,
                                progress: (any ProgressReporter)?, stage: String) throws(GDALError) -> [ContourLine] {
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
        let options = CStringArray([levelOption, "ID_FIELD=0", "ELEV_FIELD=1"])
        let bridge = GDALProgressBridge(progress, stage: stage)
        let err: CPLErr = GDALCall.run {
            options.withPointer { argv in
                bridge.withUserData { data in
                    GDALContourGenerateEx(GDALGetRasterBand(handle, 1), layer, argv, GDALProgressBridge.callback, data)
                }
            }
        }
        if err != CE_None {
            throw GDALError(subject: path, operation: "tracing contours", reason: Self.lastMessage(fallback: ""))
        }
        return try Self.simplifiedLines(of: layer, toleranceUnits: simplifyToleranceM / groundMetresPerUnit,
                                        from: mercator, to: wgs84, subject: path)
    }

    /// Features traced per batch handed to the worker threads.
    static let contourBatchSize = 4096

    /// Reads the traced features in layer order, simplifies and reprojects each one (on every
    /// core, one coordinate transformation per worker) and returns the lines in that order, so
    /// the result does not depend on thread scheduling. Each traced feature is freed once read.
    private static func simplifiedLines(of layer: OGRLayerH, toleranceUnits: Double, from mercator: SpatialReference,
                                        to wgs84: SpatialReference, subject: String) throws(GDALError) -> [ContourLine] {
        var transforms: [CoordinateTransformation] = []
        for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount) {
            transforms.append(try CoordinateTransformation(from: mercator, to: wgs84, subject: subject))
        }
        var lines: [ContourLine] = []
        var batch: [(eleM: Double, geometry: OGRGeometryH)] = []
        var fids: [GIntBig] = []
        var failure: GDALError?
        func flush() {
            let work = ContourBatch(items: batch, transforms: transforms, from: mercator, to: wgs84, subject: subject)
            let items = batch
            // One iteration per line: lines differ in length by orders of magnitude, so let
            // Dispatch balance them across the cores, longest first (no long line left alone at
            // the end); each result goes to its line's own slot.
            let longestFirst = items.indices.sorted {
                (OGR_G_GetPointCount(items[$0].geometry), $1) > (OGR_G_GetPointCount(items[$1].geometry), $0)
            }
            DispatchQueue.concurrentPerform(iterations: items.count) { n in
                let k = longestFirst[n]
                let item = work.items[k]
                work.store(k, Result { () throws(GDALError) -> [ContourLine] in
                    let transform = try work.takeTransform()
                    defer { work.returnTransform(transform) }
                    return try simplify(item.geometry, eleM: item.eleM, toleranceUnits: toleranceUnits, transform: transform)
                })
            }
            let results = work
            for item in items { OGR_G_DestroyGeometry(item.geometry) }
            batch.removeAll(keepingCapacity: true)
            // Traced features already read are no longer needed: free them as we go.
            for fid in fids { _ = OGR_L_DeleteFeature(layer, fid) }
            fids.removeAll(keepingCapacity: true)
            for result in results.results where failure == nil {
                switch result {
                case .success(let l)?: lines += l
                case .failure(let e)?: failure = e
                case nil: break
                }
            }
        }
        OGR_L_ResetReading(layer)
        while let f = OGR_L_GetNextFeature(layer) {
            fids.append(OGR_F_GetFID(f))
            if let g = OGR_F_StealGeometry(f) { batch.append((OGR_F_GetFieldAsDouble(f, 1), g)) }
            OGR_F_Destroy(f)
            if batch.count >= contourBatchSize { flush() }
            if let failure { throw failure }
        }
        flush()
        if let failure { throw failure }
        return lines
    }

    /// One traced line simplified by `toleranceUnits` (topology preserved), in lon/lat.
    private static func simplify(_ g: OGRGeometryH, eleM: Double, toleranceUnits: Double,
                                 transform: CoordinateTransformation) throws(GDALError) -> [ContourLine] {
        guard let simple = toleranceUnits > 0 ? OGR_G_SimplifyPreserveTopology(g, toleranceUnits) : OGR_G_Clone(g) else { return [] }
        defer { OGR_G_DestroyGeometry(simple) }
        guard OGR_G_Transform(simple, transform.handle) == OGRERR_NONE else {
            throw GDALError(subject: transform.subject, operation: "reprojecting contours", reason: lastMessage(fallback: ""))
        }
        return VectorGeometry.read(simple).lines.filter { $0.count >= 2 }.map { ContourLine(eleM: eleM, coords: $0) }
    }
}

/// One batch of traced lines for the contour workers, their per-index result slots (each index
/// written by exactly one worker) and a pool of coordinate transformations (one per worker at
/// a time: a transformation is not thread-safe).
private final class ContourBatch: @unchecked Sendable {
    let items: [(eleM: Double, geometry: OGRGeometryH)]
    private var transforms: [CoordinateTransformation]
    private(set) var results: [Result<[ContourLine], GDALError>?]
    private let lock = NSLock()

    private let mercator: SpatialReference, wgs84: SpatialReference, subject: String

    init(items: [(eleM: Double, geometry: OGRGeometryH)], transforms: [CoordinateTransformation],
         from mercator: SpatialReference, to wgs84: SpatialReference, subject: String) {
        self.items = items
        self.transforms = transforms
        self.mercator = mercator
        self.wgs84 = wgs84
        self.subject = subject
        results = Array(repeating: nil, count: items.count)
    }

    /// A transformation for this worker's exclusive use (a new one if the pool is empty).
    func takeTransform() throws(GDALError) -> CoordinateTransformation {
        lock.lock()
        let pooled = transforms.popLast()
        lock.unlock()
        if let pooled { return pooled }
        return try CoordinateTransformation(from: mercator, to: wgs84, subject: subject)
    }

    func returnTransform(_ t: CoordinateTransformation) {
        lock.lock()
        transforms.append(t)
        lock.unlock()
    }

    func store(_ k: Int, _ result: Result<[ContourLine], GDALError>) {
        lock.lock()
        results[k] = result
        lock.unlock()
    }
}
