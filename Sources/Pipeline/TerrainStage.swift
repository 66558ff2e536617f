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
    /// Outer pixel edges of the hillshade (the manifest's `files.hillshade.bounds`).
    public var hillshadeBounds: BBox
    public var contourIntervalM: Double
    public var contours: [ContourLine]
}

/// Stage: DEM sources -> region grid (warped, voids filled), hillshade and contours.
public enum TerrainStage {
    /// Builds the terrain products of `bbox` from `sources` (highest priority first).
    /// - Throws: `BuildError` when a DEM cannot be read or does not cover the bbox, or GDAL fails.
    public static func run(bbox: BBox, sources: [RasterDataset], options: Recipe.TerrainOptions,
                           progress: (any ProgressReporter)?) throws -> TerrainProducts {
        let geometry = GridGeometry(bounds: bbox, resolutionM: options.resolutionM)
        let (raster, values, voids) = try regionRaster(geometry: geometry, sources: sources,
                                                       kernel: ResamplingKernel(rawValue: options.kernel) ?? .cubicSpline,
                                                       progress: progress)
        let grid = TerrainGrid(width: geometry.width, height: geometry.height, bounds: bbox,
                               elevationsM: values.map { Int16(clamping: Int(($0).rounded())) })
        let stats = grid.statistics
        let intervalM = options.contourIntervalM ?? ContourInterval.automatic(reliefM: Double(stats.maxM - stats.minM))

        // Hillshade and contours are independent: run them on two cores, each on its own dataset.
        let second = try RasterDataset.memory(width: geometry.width, height: geometry.height,
                                              geoTransform: geometry.mercatorGeoTransform, values: values)
        var hillshadeOptions = RasterDataset.HillshadeOptions()
        hillshadeOptions.azimuthDeg = options.hillshade.azimuthDeg
        hillshadeOptions.altitudeDeg = options.hillshade.altitudeDeg
        hillshadeOptions.zFactor = options.hillshade.zFactor
        hillshadeOptions.multidirectional = options.hillshade.multidirectional
        hillshadeOptions.groundMetresPerUnit = geometry.mercatorScale
        let toleranceM = min(0.25 * geometry.resolutionM, 3)
        let results = ParallelPair(
            { () throws -> PNGImage in
                let shaded = try raster.hillshade(hillshadeOptions, progress: progress)
                return PNGImage(width: geometry.width, height: geometry.height, channels: 1, pixels: try shaded.readBytes())
            },
            { () throws -> [ContourLine] in
                try second.contours(intervalM: intervalM, simplifyToleranceM: toleranceM,
                                    groundMetresPerUnit: geometry.mercatorScale, progress: progress)
            })
        let (hillshade, traced) = try results.run()
        // GDAL traces up to the outer pixel edges, half a cell beyond the samples: keep what
        // lies on the grid, where the terrain is defined.
        let contours = traced.flatMap { line in
            VectorGeometry.lineString(line.coords).clipped(to: bbox).map { ContourLine(eleM: line.eleM, coords: $0) }
        }
        return TerrainProducts(grid: grid, geometry: geometry, voids: voids, hillshade: hillshade,
                               hillshadeBounds: geometry.pixelEdgeBounds, contourIntervalM: intervalM, contours: contours)
    }

    /// Warps the sources onto `geometry` and fills voids; returns the filled raster, its values
    /// and what was filled.
    /// - Throws: `BuildError.demCoverage` when the sources do not cover the grid.
    static func regionRaster(geometry: GridGeometry, sources: [RasterDataset], kernel: ResamplingKernel,
                             progress: (any ProgressReporter)?) throws -> (RasterDataset, [Float], VoidReport) {
        try checkCoverage(of: geometry.bounds, by: sources)
        let noData: Float = -32768
        let raster = try RasterDataset.warp(sources, to: geometry, kernel: kernel, noData: Double(noData), progress: progress)
        var values = try raster.readFloat32()
        let isVoid = values.map { $0 <= noData || !$0.isFinite }
        let grid = TerrainGrid(width: geometry.width, height: geometry.height, bounds: geometry.bounds,
                               elevationsM: [Int16](repeating: 0, count: values.count))
        let voids = VoidReport.analyse(isVoid: isVoid, width: geometry.width, height: geometry.height) { c, r in
            LonLat(grid.lon(column: Double(c)), grid.lat(row: Double(r)))
        }
        if voids.filledCells == values.count {
            throw BuildError.demCoverage(dem: sources.map(\.path), bbox: geometry.bounds,
                                         detail: "every cell of the region grid is void in the DEM")
        }
        if voids.filledCells > 0 {
            try raster.fillNoData(maxSearchDistancePixels: Double(max(geometry.width, geometry.height)), progress: progress)
            values = try raster.readFloat32()
            if let k = values.firstIndex(where: { $0 <= noData || !$0.isFinite }) {
                throw BuildError.demCoverage(dem: sources.map(\.path), bbox: geometry.bounds,
                                             detail: "void filling left cell \(k % geometry.width),\(k / geometry.width) empty")
            }
        }
        return (raster, values, voids)
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

/// Runs two throwing jobs on two threads and returns both results (the first error wins).
struct ParallelPair<A, B>: @unchecked Sendable {
    let first: () throws -> A
    let second: () throws -> B

    init(_ first: @escaping () throws -> A, _ second: @escaping () throws -> B) {
        self.first = first
        self.second = second
    }

    func run() throws -> (A, B) {
        nonisolated(unsafe) var a: Result<A, any Error>?
        nonisolated(unsafe) var b: Result<B, any Error>?
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 { a = Result { try first() } } else { b = Result { try second() } }
        }
        return (try a!.get(), try b!.get())
    }
}
