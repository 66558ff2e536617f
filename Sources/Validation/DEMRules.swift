import Bindings
import CMalloc
import Foundation
import PackJSON
import PackReader
import TrailpackCore

/// `validate --dem`: a region against its source DEMs, opened as the build opens them
/// (`DEMFile.open`: archives, `/vsicurl/`, vertical units) and resampled through the build's own
/// GDAL paths (`RasterDataset.warp` onto each of the pack's grids with the recipe's kernel,
/// voids filled, `hillshade`). Every terrain cell, AR patch cell and hillshade pixel is
/// compared; thresholds are below and in docs/VALIDATION.md.
struct DEMRules {
    let log: ProblemLog
    /// Problem file names are `prefix + relative path`.
    let prefix: String
    let demPaths: [String]
    /// Per DEM path, the recipe's vertical unit (else the band's unit type says it).
    let verticalUnits: [String: VerticalUnit]
    /// The kernel the build resampled with (the recipe's `terrain.kernel`).
    let kernel: ResamplingKernel

    /// Terrain and AR patches: the pack stores the build's unrounded warp rounded to whole
    /// metres, so each cell is within 0.5 m of the same warp here (uniform rounding: RMS
    /// 1/sqrt(12) = 0.29 m). The limits leave a margin for filled voids only.
    static let gridRMSLimitM = 0.35
    static let gridWorstLimitM = 0.6
    /// Contours: the largest difference between a vertex's `ele` and the DEM at the vertex
    /// beyond what its 7-decimal coordinates' rounding moves the DEM there (`contourRuns`):
    /// traced vertices lie on the level up to the bilinear sampling.
    /// Within a cell of the grid's edge, clipping to the bbox adds vertices between traced ones,
    /// so there the level must lie between the cell's four samples, within the same margin.
    static let contourWorstLimitM = 0.1
    /// Hillshade: recomputed by the same GDAL call on the same grid, pixels should be identical:
    /// the mean absolute difference and the share of pixels within `hillshadeNearLevels` allowed.
    static let hillshadeMeanLimit = 1.0
    static let hillshadeNearLevels: Float = 2
    static let hillshadeNearShareLimit = 0.99
    /// A shift is reported when the best offset's RMS is below this share of the zero offset's.
    static let shiftRMSRatio = 0.5
    /// POIs: the largest difference from the DEM allowed (metres): whole-metre rounding of the
    /// grid the build samples gives up to 0.5 m, `ele` is written with one decimal.
    static let poiLimitM = 1.0

    /// What the region validator read and hands over. `run` consumes it and lets each input go
    /// once its rule has run (the contours' parsed tree is the largest thing a region holds).
    struct Inputs {
        var terrain: (grid: TerrainGrid, file: String)?
        var hillshade: HillshadeInput?
        var contours: (doc: JSONNode, intervalM: Double, file: String)?
        /// Contours in the map's tiles (`files.contours.tiles`): the deepest zoom's lines.
        var tileContours: (lines: [TileLine], zoom: Int, file: String)?
        var pois: (doc: JSONNode, file: String)?
        var arPatches: [(grid: TerrainGrid, file: String)] = []
    }

    /// hillshade.png as read (decoded only when compared), its outer bounds and lighting.
    struct HillshadeInput {
        var png: [UInt8]
        var bounds: BBox
        var lighting: RasterDataset.HillshadeOptions
        var file: String
    }

    /// The hillshade's bytes, outer bounds and lighting from its manifest entry; nil when the
    /// bounds are invalid (reported by their own rule). A PNG that does not decode is left out
    /// when compared (PNGCheck reports it).
    static func hillshadeInput(_ node: JSONNode, bytes: [UInt8], file: String) -> HillshadeInput? {
        guard let bounds = FileEntryView(node).bounds, bounds.problem == nil else { return nil }
        var lighting = RasterDataset.HillshadeOptions()
        if let v = node["azimuthDeg"]?.doubleValue { lighting.azimuthDeg = v }
        if let v = node["altitudeDeg"]?.doubleValue { lighting.altitudeDeg = v }
        if let v = node["zFactor"]?.doubleValue { lighting.zFactor = v }
        if node["multidirectional"]?.value == .bool(true) { lighting.multidirectional = true }
        return HillshadeInput(png: bytes, bounds: bounds, lighting: lighting, file: file)
    }

    /// Every comparison the inputs allow; each input is let go once compared, the terrain's
    /// warp once the hillshade is compared.
    func run(_ inputs: consuming Inputs) {
        let manifestFile = prefix + "manifest.json"
        var sources: [RasterDataset] = []
        for path in demPaths {
            do { sources.append(try DEMFile.open(path, verticalUnit: verticalUnits[path]).dataset) } catch {
                log.add(.demRead, file: manifestFile, at: .file, expected: "a readable DEM at \(path)", found: String(describing: error))
                return
            }
        }
        guard let region = inputs.terrain?.grid.bounds ?? inputs.arPatches.first?.grid.bounds else { return }
        let covering = sources.filter { (try? $0.lonLatExtent())?.intersects(region) ?? false }
        guard !covering.isEmpty else {
            log.add(.demRead, file: manifestFile, at: .file, expected: "a --dem source covering the region \(region)",
                    found: "none of \(demPaths.joined(separator: ", ")) does")
            return
        }
        do {
            if let terrain = inputs.terrain { try compareTerrain(terrain, &inputs, sources: covering) }
            // The build fills a patch's void cells from terrain.bin (one filled terrain per pack).
            let region = try inputs.terrain.map { try RasterDataset.memory(grid: $0.grid) }
            inputs.terrain = nil
            for patch in inputs.arPatches {
                let raster = try warpedRaster(covering, onto: GridGeometry(width: patch.grid.width, height: patch.grid.height,
                                                                          bounds: patch.grid.bounds), voidsFrom: region)
                try raster.withFloat32Pixels { compareGrid(patch.grid, with: $0, rule: .demARPatch, file: patch.file) }
                checkSourceResolution(patch.grid, sources: covering, file: patch.file)
            }
        } catch {
            log.add(.demRead, file: manifestFile, at: .file, expected: "the DEM read and resampled onto the pack's grids",
                    found: String(describing: error))
        }
    }

    /// terrain.bin, then the POIs, contours and hillshade against the DEM warped onto the
    /// terrain grid (read in place: no copy of the warp); each vector input is let go
    /// (`inputs`) once compared, before the hillshade is decoded.
    /// - Throws: `GDALError` when GDAL fails.
    private func compareTerrain(_ terrain: (grid: TerrainGrid, file: String), _ inputs: inout Inputs,
                                sources: [RasterDataset]) throws {
        let grid = terrain.grid
        // The contours' lines without their parsed tree, which goes before the warp.
        let contours = inputs.contours.map { (runs: Self.contourRuns($0.doc), file: $0.file) }
        let tileContours = inputs.tileContours.map { (runs: Self.contourRuns($0.lines, zoom: $0.zoom), file: $0.file) }
        inputs.contours = nil
        inputs.tileContours = nil
        // The region's documents are gone: give their pages back before the warp (glibc keeps
        // freed pieces below its mmap threshold mapped, so they would count in the peak).
        malloc_trim(0)
        let raster = try warpedRaster(sources, onto: GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds))
        try raster.withFloat32Pixels { values in
            compareGrid(grid, with: values, rule: .demTerrain, file: terrain.file)
            checkSourceResolution(grid, sources: sources, file: terrain.file)
            let dem = FloatGrid(width: grid.width, height: grid.height, bounds: grid.bounds, values: values)
            if let pois = inputs.pois { comparePOIs(pois.doc, dem: dem, file: pois.file) }
            if let contours { compareContours(contours.runs, dem: dem, file: contours.file) }
            if let tileContours { compareContours(tileContours.runs, dem: dem, file: tileContours.file) }
        }
        inputs.pois = nil
        guard let shade = inputs.hillshade else { return }
        inputs.hillshade = nil
        try compareHillshade(shade, terrainRaster: raster, terrain: grid, sources: sources)
    }

    /// The DEM warped onto `geometry` (pixel centres on its samples) with the build's kernel,
    /// voids filled as the build fills them, unrounded: from the last source filled at its own
    /// resolution (`takeSourceFill`), then from `region` (terrain.bin as a raster, sampled
    /// bilinearly, the SPEC sampler) where given, then by `fillNoData` for what is left.
    /// - Throws: `GDALError` when GDAL fails.
    func warpedRaster(_ sources: [RasterDataset], onto geometry: GridGeometry, voidsFrom region: RasterDataset? = nil) throws -> RasterDataset {
        let raster = try RasterDataset.warp(sources, to: geometry, kernel: kernel, noData: -32768)
        let hasVoids = try raster.withFloat32Pixels { $0.contains { $0 <= -32768 || !$0.isFinite } }
        guard hasVoids else { return raster }
        try raster.withMutableFloat32Pixels { pixels in
            for k in pixels.indices where !pixels[k].isFinite { pixels[k] = -32768 }
        }
        try raster.takeSourceFill(sources, geometry: geometry, kernel: kernel, noData: -32768)
        if let region { try raster.takeVoids(from: region, onto: geometry, kernel: .bilinear, noData: -32768) }
        if try raster.withFloat32Pixels({ $0.contains { $0 <= -32768 } }) {
            try raster.fillNoData(maxSearchDistancePixels: Double(max(geometry.width, geometry.height)),
                                  smoothingIterations: VoidSmoothing.passes)
        }
        return raster
    }
}
