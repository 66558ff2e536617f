import Bindings
import Foundation
import PackSpec
import Pipeline
import TrailpackCore

/// The region both designs cut: the build's terrain products (`TerrainStage.run`, timed) and the
/// filled region raster they are made from. Read-only once made; its `raster` is used on the
/// calling thread only (workers read `pixels`, or views of their own).
final class DesignRegion: @unchecked Sendable {
    let geometry: GridGeometry
    /// The filled region grid: Float32 EPSG:3857, pixel centres on the grid's samples.
    let raster: RasterDataset
    /// `raster`'s pixels, row-major from the north-west sample, metres.
    let pixels: [Float]
    let products: TerrainProducts
    /// The recipe's resampling kernel (the warps of design A use it too).
    let kernel: ResamplingKernel
    /// Wall and CPU seconds of `TerrainStage.run` (warp, void fill, hillshade, contours).
    let terrainLap: Lap
    /// Samples of `raster` whose whole metres differ from the build's `terrain.bin` grid (0:
    /// both designs read the grid the build traced).
    let cellsDifferingFromBuild: Int

    var intervalM: Double { products.contourIntervalM }
    /// The build's simplification of traced lines, ground metres (`TerrainStage.products`):
    /// a quarter of the grid's spacing, at most 3 m.
    var traceToleranceM: Double { Self.traceToleranceM(cellGroundM: geometry.resolutionM) }

    private init(geometry: GridGeometry, raster: RasterDataset, pixels: [Float], products: TerrainProducts,
                 kernel: ResamplingKernel, terrainLap: Lap, cellsDifferingFromBuild: Int) {
        (self.geometry, self.raster, self.pixels, self.products) = (geometry, raster, pixels, products)
        (self.kernel, self.terrainLap, self.cellsDifferingFromBuild) = (kernel, terrainLap, cellsDifferingFromBuild)
    }

    /// `TerrainStage`'s simplification tolerance for a grid of `cellGroundM` ground metres.
    static func traceToleranceM(cellGroundM: Double) -> Double { min(0.25 * cellGroundM, 3) }

    /// Loads a recipe of the settings (the build's parser and DEM opening), times the build's
    /// terrain stage on it, and warps the filled region raster again: `TerrainStage`'s raster is
    /// internal to it, so it is remade with the same public calls (`RasterDataset.warp` with the
    /// recipe's kernel, then voids from the build's filled grid as `FilledRegion` takes them),
    /// and checked against the grid the build wrote.
    static func make(_ settings: TileDesigns.Settings) throws -> DesignRegion {
        let recipe = try loadRecipe(settings)
        let sources = try LoadStage.run(recipe).dem
        let bbox = recipe.bbox ?? settings.bbox
        let (products, terrainLap) = try Lap.timed {
            try TerrainStage.run(bbox: bbox, sources: sources, options: recipe.terrain, progress: nil)
        }
        let kernel = ResamplingKernel(rawValue: recipe.terrain.kernel) ?? .cubicSpline
        let noData = Double(PackLimits.voidSentinelM)
        let raster = try RasterDataset.warp(sources, to: products.geometry, kernel: kernel, noData: noData)
        if products.voids.filledCells > 0 {
            try raster.takeVoids(from: RasterDataset.memory(grid: products.grid), onto: products.geometry, kernel: .bilinear, noData: noData)
        }
        let pixels = try raster.readFloat32()
        let rounded = try raster.roundedInt16()
        let differing = zip(rounded, products.grid.elevationsM).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        return DesignRegion(geometry: products.geometry, raster: raster, pixels: pixels, products: products, kernel: kernel,
                            terrainLap: terrainLap, cellsDifferingFromBuild: differing)
    }

    /// The settings as a recipe file in a scratch folder, read by `RecipeLoader` (so the terrain
    /// options are exactly a build's).
    static func loadRecipe(_ settings: TileDesigns.Settings) throws -> Recipe {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trailpack-bench-tile-designs-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dem = URL(fileURLWithPath: settings.demPath).standardizedFileURL.path
        let b = settings.bbox
        let path = folder.appendingPathComponent("tile-designs.json5").path
        try """
        {
          id: "bench-tile-designs", name: "bench tile designs", attribution: ["SRTM (public domain)"],
          bbox: [\(b.west), \(b.south), \(b.east), \(b.north)], dem: [\(JSONText.string(dem))],
          terrain: { resolutionM: \(settings.resolutionM), contourIntervalM: \(settings.intervalM) },
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return try RecipeLoader.load(path: path)
    }

    /// The region's grid and terrain figures as a JSON object.
    var json: String {
        JSONText.object([
            ("width", JSONText.number(geometry.width)), ("height", JSONText.number(geometry.height)),
            ("cellMercatorM", JSONText.number(geometry.cellWidthMercatorM)), ("cellGroundM", JSONText.number(geometry.resolutionM)),
            ("filledCells", JSONText.number(products.voids.filledCells)),
            ("cellsDifferingFromBuild", JSONText.number(cellsDifferingFromBuild)),
            ("traceToleranceM", JSONText.number(traceToleranceM)),
            ("terrainProducts", terrainLap.json),
            ("buildContourLines", JSONText.number(products.contours.count)),
            ("buildContourVertices", JSONText.number(products.contours.reduce(0) { $0 + $1.coords.count })),
        ])
    }
}
