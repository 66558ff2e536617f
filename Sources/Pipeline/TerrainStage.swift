import Bindings
import Foundation
import TrailpackCore

/// The region's terrain products, in memory, ready to be written.
public struct TerrainProducts: Sendable {
    public var grid: TerrainGrid
    public var geometry: GridGeometry
    public var voids: VoidReport
    /// 8-bit grey hillshade, same size as the grid (one pixel per sample).
    public var hillshade: PNGImage
    /// `hillshade` encoded as PNG (on a terrain core while contours are traced), or nil.
    public var hillshadePNG: [UInt8]? = nil
    /// Outer pixel edges of the hillshade (the manifest's `files.hillshade.bounds`).
    public var hillshadeBounds: BBox
    public var contourIntervalM: Double
    public var contours: [ContourLine]
}

/// Stage: DEM sources -> region grid (warped, voids filled), hillshade and contours.
public enum TerrainStage {
    /// Builds the terrain products of `bbox` from `sources` (highest priority first).
    /// `smallerExtent` advises, in void refusals, the recipe key that shrinks the region: the
    /// recipe's `bbox`, or `bboxMarginM` when the bbox is derived (`extentAdvice`).
    /// - Throws: `BuildError` when a DEM cannot be read or does not cover the bbox, or GDAL fails.
    public static func run(bbox: BBox, sources: [RasterDataset], options: Recipe.TerrainOptions,
                           smallerExtent: String = "choose a smaller bbox", progress: (any ProgressReporter)?) throws -> TerrainProducts {
        let region = try fillRegion(bbox: bbox, sources: sources, options: options, smallerExtent: smallerExtent, progress: progress)
        if let error = VoidLimits.error(region.fill.breaches.map { .region($0) }, dem: sources.map(\.path), bbox: bbox) { throw error }
        return try products(of: region, options: options, progress: progress)
    }

    /// The region grid warped from `sources` and filled as far as the void limits allow; the
    /// limits it exceeds are in `fill.breaches` (`PackBuilder` reports them with the routes').
    /// - Throws: `BuildError.demCoverage`, `MemoryLimitError`, `BuildError.input` for implausible
    ///   elevations or an all-void grid, `GDALError`.
    static func fillRegion(bbox: BBox, sources: [RasterDataset], options: Recipe.TerrainOptions,
                           smallerExtent: String = "choose a smaller bbox", progress: (any ProgressReporter)?) throws -> FilledRegionRaster {
        let geometry = GridGeometry(bounds: bbox, resolutionM: options.resolutionM)
        let (raster, fill) = try filledRegionRaster(geometry: geometry, sources: sources,
                                                    kernel: ResamplingKernel(rawValue: options.kernel) ?? .cubicSpline,
                                                    options: options, smallerExtent: smallerExtent, progress: progress)
        return FilledRegionRaster(raster: raster, geometry: geometry, fill: fill)
    }

    /// The region grid warped and filled, and what was filled (with the limits it exceeds).
    struct FilledRegionRaster {
        var raster: RasterDataset
        var geometry: GridGeometry
        var fill: VoidFiller.Fill

        /// The region grid in whole metres, as the pack's `terrain.bin` holds it.
        /// - Throws: `GDALError` when the raster cannot be read.
        func grid() throws -> TerrainGrid {
            TerrainGrid(width: geometry.width, height: geometry.height, bounds: geometry.bounds, elevationsM: try raster.roundedInt16())
        }
    }

    /// The terrain products of a filled region grid: whole-metre grid, hillshade, contours.
    /// - Throws: `GDALError` when GDAL fails.
    static func products(of region: FilledRegionRaster, options: Recipe.TerrainOptions,
                         progress: (any ProgressReporter)?) throws -> TerrainProducts {
        let (raster, geometry, voids, bbox) = (region.raster, region.geometry, region.fill.report, region.geometry.bounds)
        // The contour interval needs only the relief: whole-metre rounding is monotonic, so the
        // extremes of the Int16 grid are the rounded extremes of the raster.
        let (lo, hi) = try raster.withFloat32Pixels { pixels in
            pixels.reduce((Float.infinity, -Float.infinity)) { (min($0.0, $1), max($0.1, $1)) }
        }
        let intervalM = options.contourIntervalM ?? {
            let minM = Int16(clamping: Int(lo.rounded())), maxM = Int16(clamping: Int(hi.rounded()))
            return ContourInterval.automatic(reliefM: Double(maxM - minM))
        }()

        var hillshadeOptions = RasterDataset.HillshadeOptions()
        hillshadeOptions.azimuthDeg = options.hillshade.azimuthDeg
        hillshadeOptions.altitudeDeg = options.hillshade.altitudeDeg
        hillshadeOptions.zFactor = options.hillshade.zFactor
        hillshadeOptions.multidirectional = options.hillshade.multidirectional
        hillshadeOptions.groundMetresPerUnit = geometry.mercatorScale
        let toleranceM = min(0.25 * geometry.resolutionM, 3)
        // Hillshade and contours are independent: the hillshade (and the Int16 grid) is one job,
        // the contour levels are dealt into passes over the whole grid, each on its own handle,
        // and all of them share the cores; lines come back in level order (same bytes as one pass).
        let split = ContourLevelSplit(intervalM: intervalM, minM: Double(lo), maxM: Double(hi),
                                      subsets: contourPasses)
        let (gridAndShade, traced) = try split.trace(raster, geoTransform: geometry.mercatorGeoTransform, simplifyToleranceM: toleranceM,
                                                     groundMetresPerUnit: geometry.mercatorScale, progress: progress) {
            () throws -> (TerrainGrid, PNGImage, [UInt8]) in
            let shaded = try raster.hillshade(hillshadeOptions, progress: progress)
            let image = PNGImage(width: geometry.width, height: geometry.height, channels: 1, pixels: try shaded.readBytes())
            return (try region.grid(), image, try image.encoded())
        }
        let (grid, hillshade, hillshadePNG) = gridAndShade
        // GDAL traces up to the outer pixel edges, half a cell beyond the samples: keep what
        // lies on the grid, where the terrain is defined.
        let contours = orderedParallelFlatMap(traced) { line in
            VectorGeometry.lineString(line.coords).clipped(to: bbox).map { ContourLine(eleM: line.eleM, coords: $0) }
        }
        return TerrainProducts(grid: grid, geometry: geometry, voids: voids, hillshade: hillshade,
                               hillshadePNG: hillshadePNG, hillshadeBounds: geometry.pixelEdgeBounds,
                               contourIntervalM: intervalM, contours: contours)
    }

    /// Passes over the grid that share the contour levels: two per core, so the hillshade job
    /// and uneven passes still leave no core idle. `TRAILPACK_CONTOUR_PASSES=1` gives the
    /// single pass (same bytes), for `make bench` to measure against.
    static var contourPasses: Int {
        if let n = ProcessInfo.processInfo.environment["TRAILPACK_CONTOUR_PASSES"].flatMap(Int.init), n >= 1 { return n }
        return 2 * ProcessInfo.processInfo.activeProcessorCount
    }

    /// Warps the sources onto `geometry` (an in-memory Float32 raster), checks it against the
    /// memory limit first, and fills its voids in place (`TerrainRaster`, `VoidFiller`); returns
    /// the raster and what was filled, with the void limits it exceeds.
    /// - Throws: `BuildError.demCoverage` when the sources do not cover the grid, `BuildError.input`
    ///   naming the DEM for implausible elevations or an all-void grid, `MemoryLimitError`.
    static func filledRegionRaster(geometry: GridGeometry, sources: [RasterDataset], kernel: ResamplingKernel,
                                   options: Recipe.TerrainOptions = Recipe.TerrainOptions(), smallerExtent: String = "choose a smaller bbox",
                                   progress: (any ProgressReporter)?) throws -> (RasterDataset, VoidFiller.Fill) {
        let purpose = TerrainRaster.Purpose(label: "the region grid", bytesPerCell: MemoryLimit.regionBytesPerCell,
                                            resolutionKey: "terrain.resolutionM", maxFilledPercent: options.voids.maxFilledPercent,
                                            smallerExtent: smallerExtent)
        let (raster, fill) = try TerrainRaster.make(geometry: geometry, sources: sources, kernel: kernel, options: options,
                                                    purpose: purpose, progress: progress) { message in
            BuildError.input(file: sources.map(\.path).joined(separator: ", "), place: "region grid \(geometry.bounds)", message: message)
        }
        return (raster, fill)
    }

    /// The advice on shrinking the region of `recipe` in void refusals: "choose a smaller bbox",
    /// or, when the bbox is derived, "lower bboxMarginM (...)".
    public static func extentAdvice(_ recipe: Recipe) -> String {
        guard recipe.bbox == nil else { return "choose a smaller bbox" }
        return String(format: "lower bboxMarginM (now %.0f m; without a bbox the region is the routes', trails' and POIs' extent grown by it)", recipe.bboxMarginM)
    }

    /// Every point of a 21x21 lattice over `bbox` must lie inside some source's footprint.
    static func checkCoverage(of bbox: BBox, by sources: [RasterDataset]) throws {
        let extents = try sources.map { try $0.lonLatExtent() }
        if !extents.contains(where: { $0.intersects(bbox) }) {
            throw BuildError.demCoverage(dem: sources.map(\.path), bbox: bbox,
                                         detail: "the DEM covers \(extents.map(\.description).joined(separator: ", ")), which does not intersect the region")
        }
        let n = 20
        for i in 0...n {
            for j in 0...n {
                let p = LonLat(bbox.west + (bbox.east - bbox.west) * Double(i) / Double(n),
                               bbox.south + (bbox.north - bbox.south) * Double(j) / Double(n))
                if !extents.contains(where: { $0.contains(p, toleranceDeg: 1e-9) }) {
                    throw BuildError.demCoverage(dem: sources.map(\.path), bbox: bbox,
                                                 detail: "no DEM source covers \(p) (sources cover \(extents.map(\.description).joined(separator: ", ")))")
                }
            }
        }
    }
}

/// `transform` applied to every element on all cores, results concatenated in input order (so
/// the output does not depend on thread scheduling).
func orderedParallelFlatMap<T, U>(_ items: [T], chunkSize: Int = 1024, _ transform: @escaping (T) -> [U]) -> [U] {
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    guard chunkCount > 1 else { return items.flatMap(transform) }
    let job = OrderedChunks(items: items, chunkSize: chunkSize, transform: transform)
    DispatchQueue.concurrentPerform(iterations: chunkCount) { k in job.run(chunk: k) }
    return Array(job.slots.joined())
}

/// The shared state of `orderedParallelFlatMap`: each chunk's slot is written by one worker.
private final class OrderedChunks<T, U>: @unchecked Sendable {
    let items: [T]
    let chunkSize: Int
    let transform: (T) -> [U]
    private(set) var slots: [[U]]
    private let lock = NSLock()

    init(items: [T], chunkSize: Int, transform: @escaping (T) -> [U]) {
        self.items = items
        self.chunkSize = chunkSize
        self.transform = transform
        slots = Array(repeating: [], count: (items.count + chunkSize - 1) / chunkSize)
    }

    func run(chunk k: Int) {
        let result = items[k * chunkSize..<min(items.count, (k + 1) * chunkSize)].flatMap(transform)
        lock.lock()
        slots[k] = result
        lock.unlock()
    }
}
