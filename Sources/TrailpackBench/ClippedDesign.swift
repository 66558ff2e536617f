import Bindings
import Foundation
import TrailpackCore
import VectorTiles

/// Design B, the build's: GDAL traces the whole region grid once (`TerrainStage.products`'
/// contour passes: levels dealt into two passes per core, lines simplified by the build's
/// tolerance, clipped to the bbox), then `Tiler.tile` projects, simplifies per zoom, clips to
/// each tile grown by the buffer, encodes and gzips (`TileLayers.contours`, `TileStage.run`).
enum ClippedDesign {
    /// What the design took and made.
    struct Result {
        /// Median seconds of the tracing (the contour part of the terrain products alone) and
        /// of the tiling (features made and `Tiler.tile`).
        var tracing: Lap
        var tiling: Lap
        var lines: Int
        var vertices: Int
        /// The traced lines equal the build's `TerrainProducts.contours`, line for line.
        var matchesBuild: Bool
        var zooms: [DesignZoom]
        var limitEvents: Int
        var seams: SeamCheck

        var json: String {
            JSONText.object([
                ("tracing", tracing.json), ("tiling", tiling.json), ("total", (tracing + tiling).json),
                ("tracedLines", JSONText.number(lines)), ("tracedVertices", JSONText.number(vertices)),
                ("tracedLinesMatchBuild", matchesBuild ? "true" : "false"),
                ("zooms", JSONText.array(zooms.map { $0.json() })), ("totals", DesignZoom.totals(zooms)),
                ("limitEvents", JSONText.number(limitEvents)), ("seamsZ14", seams.json),
            ])
        }
    }

    /// Traces and tiles `runs` times; figures of the last run, median seconds.
    static func run(_ region: DesignRegion, runs: Int) throws -> Result {
        var tracingLaps: [Lap] = [], tilingLaps: [Lap] = []
        var traced: [ContourLine] = [], tileset: Tileset?
        for _ in 0..<runs {
            let (lines, tracing) = try Lap.timed { try trace(region) }
            traced = lines
            let (tiles, tiling) = try Lap.timed { try tile(lines, intervalM: region.intervalM) }
            tileset = tiles
            tracingLaps.append(tracing)
            tilingLaps.append(tiling)
        }
        guard let tileset else { preconditionFailure("runs >= 1") }
        let zooms = tileset.zooms.map {
            DesignZoom(zoom: $0.zoom, tiles: $0.tiles, bytes: $0.bytes, uncompressedBytes: $0.uncompressedBytes,
                       largestTileBytes: $0.largestTileBytes, features: $0.features)
        }
        let deepest = tileset.tiles.filter { $0.id.z == TileDesigns.zooms.upperBound }
        return Result(tracing: Lap.median(tracingLaps), tiling: Lap.median(tilingLaps), lines: traced.count,
                      vertices: traced.reduce(0) { $0 + $1.coords.count }, matchesBuild: traced == region.products.contours,
                      zooms: zooms, limitEvents: tileset.limitEvents.count, seams: try SeamCheck.measure(gzippedTiles: deepest))
    }

    /// The contour part of `TerrainStage.products`, alone (the build runs the hillshade beside
    /// it): the same level split, tolerance and clip to the bbox, on every core.
    static func trace(_ region: DesignRegion) throws -> [ContourLine] {
        let (lo, hi) = region.pixels.reduce((Float.infinity, -Float.infinity)) { (min($0.0, $1), max($0.1, $1)) }
        let split = ContourLevelSplit(intervalM: region.intervalM, minM: Double(lo), maxM: Double(hi),
                                      subsets: 2 * ProcessInfo.processInfo.activeProcessorCount)
        let (_, traced) = try split.trace(region.raster, geoTransform: region.geometry.mercatorGeoTransform,
                                          simplifyToleranceM: region.traceToleranceM,
                                          groundMetresPerUnit: region.geometry.mercatorScale, progress: nil) { () }
        let bbox = region.geometry.bounds
        return chunkedFlatMap(traced, chunk: 1024) { line in
            VectorGeometry.lineString(line.coords).clipped(to: bbox).map { ContourLine(eleM: line.eleM, coords: $0) }
        }
    }

    /// The build's contour tiles of `lines` over zooms 10...14 (features made on every core, as
    /// `TileLayers.contours` does).
    static func tile(_ lines: [ContourLine], intervalM: Double) throws -> Tileset {
        let zooms = TileDesigns.zooms
        let features = chunkedFlatMap(lines, chunk: 256) { line in
            TileDesigns.feature(line, intervalM: intervalM, zoomRange: zooms).map { [$0] } ?? []
        }
        let options = TileDesigns.tilingOptions(zooms, threads: TileDesigns.threads, compressed: true)
        return try Tiler.tile(layers: [TileDesigns.layer(features)], options: options)
    }

    /// `transform` of every item on every core, in chunks of `chunk` items, results in input order.
    static func chunkedFlatMap<T: Sendable, U>(_ items: [T], chunk: Int, _ transform: @escaping @Sendable (T) -> [U]) -> [U] {
        let chunks = (items.count + chunk - 1) / chunk
        return BenchThreads.map(count: chunks, threads: TileDesigns.threads) { _, k in
            items[k * chunk..<min(items.count, (k + 1) * chunk)].flatMap(transform)
        }.flatMap { $0 }
    }
}
