import Bindings
import Foundation
import TrailpackCore
import VectorTiles

/// Design A, as maplibre-contour draws contours in the browser: each tile of each zoom traces
/// its own window of the filled region grid (the tile grown by the buffer, at the coarser of the
/// grid's and the tile's resolution, `ZoomLattice`) with GDAL, the levels the zoom shows (index
/// lines only at 10), simplified on tracing as the build does; its lines are projected into
/// the tile's units, simplified at the build's tolerance for the zoom and encoded by
/// `Tiler.tile` for that one tile, then gzipped. No line is clipped (the tiler only trims the
/// half sample a window reaches past the buffer). Tiles are independent: both phases of a zoom
/// (tracing every tile, then encoding every tile) run on every core.
enum PerTileDesign {
    /// What the design took and made.
    struct Result {
        /// Median seconds of the tracing (windows copied or warped, GDAL tracing, lines to
        /// lon/lat) and of the tiling (`Tiler.tile` per tile, gzip), all zooms.
        var tracing: Lap
        var tiling: Lap
        /// Per zoom, of the last run (its seconds too).
        var zooms: [PerTileZoom]
        var seams: SeamCheck

        var json: String {
            let figures = zooms.map(\.figures)
            return JSONText.object([
                ("tracing", tracing.json), ("tiling", tiling.json), ("total", (tracing + tiling).json),
                ("tracedLines", JSONText.number(zooms.reduce(0) { $0 + $1.lines })),
                ("tracedVertices", JSONText.number(zooms.reduce(0) { $0 + $1.vertices })),
                ("zooms", JSONText.array(zooms.map(\.json))), ("totals", DesignZoom.totals(figures)),
                ("limitEvents", JSONText.number(zooms.reduce(0) { $0 + $1.limitEvents })), ("seamsZ14", seams.json),
            ])
        }
    }

    /// Cuts every zoom `runs` times; figures of the last run, median seconds. `traceToleranceM`
    /// (ground metres) simplifies the traced lines; nil: the build's for the window's spacing.
    static func run(_ region: DesignRegion, runs: Int, traceToleranceM: Double?) throws -> Result {
        var tracingLaps: [Lap] = [], tilingLaps: [Lap] = []
        var zooms: [PerTileZoom] = []
        for _ in 0..<runs {
            zooms = try region.raster.withSharedViews(count: TileDesigns.threads, geoTransform: region.geometry.mercatorGeoTransform) { views in
                let workers = WorkerRasters(views)
                return try TileDesigns.zooms.map { try cut(zoom: $0, region: region, workers: workers, traceToleranceM: traceToleranceM) }
            }
            tracingLaps.append(zooms.reduce(Lap()) { $0 + $1.tracing })
            tilingLaps.append(zooms.reduce(Lap()) { $0 + $1.tiling })
        }
        let deepest = zooms.last?.tiles.map { (id: $0.tile, bytes: $0.bytes) } ?? []
        return Result(tracing: Lap.median(tracingLaps), tiling: Lap.median(tilingLaps), zooms: zooms,
                      seams: try SeamCheck.measure(gzippedTiles: deepest))
    }

    /// One zoom: every tile traced (all cores), then every tile encoded (all cores), each phase timed.
    static func cut(zoom: Int, region: DesignRegion, workers: WorkerRasters, traceToleranceM: Double?) throws -> PerTileZoom {
        let lattice = ZoomLattice(zoom: zoom, geometry: region.geometry)
        let windows = tiles(zoom: zoom, region: region).compactMap {
            lattice.window(of: $0, extentUnits: TileDesigns.extentUnits, bufferUnits: TileDesigns.bufferUnits)
        }
        let (traced, tracing) = try Lap.timed {
            try BenchThreads.map(count: windows.count, threads: TileDesigns.threads) { worker, k in
                Swift.Result { try trace(windows[k], region: region, source: workers.rasters[worker], toleranceM: traceToleranceM) }
            }.map { try $0.get() }
        }
        let intervalM = region.intervalM
        let (encoded, tiling) = Lap.timed {
            BenchThreads.map(count: windows.count, threads: TileDesigns.threads) { _, k in
                encode(windows[k].tile, lines: traced[k], intervalM: intervalM)
            }.compactMap { $0 }
        }
        return try PerTileZoom(zoom: zoom, lattice: lattice, windows: windows, traced: traced, tiles: encoded,
                               tracing: tracing, tiling: tiling)
    }

    /// The tiles of `zoom` whose rectangle grown by the buffer meets the region's samples.
    static func tiles(zoom: Int, region: DesignRegion) -> [TileID] {
        let b = region.geometry.bounds
        let northWest = WorldPoint(LonLat(b.west, b.north)), southEast = WorldPoint(LonLat(b.east, b.south))
        let n = Double(TileID.tilesPerAxis(zoom: zoom)), grow = Double(TileDesigns.bufferUnits) / Double(TileDesigns.extentUnits)
        let last = TileID.tilesPerAxis(zoom: zoom) - 1
        func span(_ low: Double, _ high: Double) -> ClosedRange<Int> {
            max(0, Int((low * n - grow).rounded(.down)))...min(last, Int((high * n + grow).rounded(.down)))
        }
        let xs = span(northWest.x, southEast.x), ys = span(northWest.y, southEast.y)
        return xs.flatMap { x in ys.map { y in TileID(z: zoom, x: x, y: y) } }
    }

    /// The contours of one tile's window: copied from the region grid or warped from `source`
    /// (this worker's view of it) onto the zoom's lattice, traced by GDAL at the levels the zoom
    /// shows, simplified by `toleranceM` ground metres (nil: as the build simplifies a grid of the
    /// window's spacing), in lon/lat.
    static func trace(_ window: TileWindow, region: DesignRegion, source: RasterDataset, toleranceM: Double?) throws -> [ContourLine] {
        let raster = window.lattice.isRegionGrid
            ? try RasterDataset.memory(width: window.width, height: window.height, geoTransform: window.geoTransform,
                                       values: window.copied(from: region.pixels, regionWidth: region.geometry.width))
            : try RasterDataset.warp([source], to: window.gridGeometry, kernel: region.kernel, noData: Double(-32768))
        let levels = try levelsM(raster, intervalM: region.intervalM, indexOnly: window.tile.z < TileDesigns.minorContoursFromZoom)
        let cellGroundM = window.lattice.cellXM * region.geometry.mercatorScale
        return try raster.contours(levelsM: levels, simplifyToleranceM: toleranceM ?? DesignRegion.traceToleranceM(cellGroundM: cellGroundM),
                                   groundMetresPerUnit: region.geometry.mercatorScale).flatMap { $0 }
    }

    /// The multiples of `intervalM` within the raster's elevations (only index levels, every
    /// fifth, when `indexOnly`), metres, ascending.
    static func levelsM(_ raster: RasterDataset, intervalM: Double, indexOnly: Bool) throws -> [Double] {
        let (lo, hi) = try raster.withFloat32Pixels { pixels in
            pixels.reduce((Float.infinity, -Float.infinity)) { (min($0.0, $1), max($0.1, $1)) }
        }
        guard lo <= hi else { return [] }
        let first = Int((Double(lo) / intervalM).rounded(.up)), last = Int((Double(hi) / intervalM).rounded(.down))
        guard first <= last else { return [] }
        return (first...last).map { Double($0) * intervalM }.filter { !indexOnly || ContourInterval.isIndex(eleM: $0, intervalM: intervalM) }
    }

    /// One tile's lines cut by `Tiler.tile` at its zoom alone on this thread (the tiler also
    /// fills the neighbours' buffers, which are thrown away), gzipped as the build stores it;
    /// nil when the tile has no feature.
    static func encode(_ tile: TileID, lines: [ContourLine], intervalM: Double) -> EncodedTile? {
        let features = lines.compactMap { TileDesigns.feature($0, intervalM: intervalM, zoomRange: tile.z...tile.z) }
        guard !features.isEmpty else { return nil }
        let options = TileDesigns.tilingOptions(tile.z...tile.z, threads: 1, compressed: false)
        guard let tileset = try? Tiler.tile(layers: [TileDesigns.layer(features)], options: options),
              let raw = tileset.tiles.first(where: { $0.id == tile })?.bytes
        else { return nil }
        return EncodedTile(tile: tile, bytes: Gzip.compress(raw, level: TileDesigns.gzipLevel), uncompressedBytes: raw.count,
                           limitEvents: tileset.limitEvents.filter { $0.tile == tile }.count)
    }
}

/// One tile of design A as stored.
struct EncodedTile: Sendable {
    let tile: TileID
    /// Gzip-compressed MVT.
    let bytes: [UInt8]
    let uncompressedBytes: Int
    /// Limit events of the tile (0 or 1).
    let limitEvents: Int
}

/// One raster handle per worker thread over the region grid's pixels (GDAL handles are not
/// thread-safe; worker k uses `rasters[k]` only).
final class WorkerRasters: @unchecked Sendable {
    let rasters: [RasterDataset]
    init(_ rasters: [RasterDataset]) { self.rasters = rasters }
}
