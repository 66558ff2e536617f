import Bindings
import Foundation
import Pipeline
import TrailpackCore
import VectorTiles

/// `trailpack-bench tile-designs`: the region's contours cut into vector tiles two ways, timed
/// side by side on the same filled region grid, contours layer only, zooms 10...14:
/// - design B (the build's, `ClippedDesign`): GDAL traces the whole grid once, the tiler clips,
///   simplifies and encodes the lines per tile;
/// - design A (`PerTileDesign`, as maplibre-contour in the browser): every tile traces its own
///   window of the grid, grown by the buffer, at the zoom's resolution; no line is clipped.
/// Prints one JSON object: seconds (wall and CPU, tracing and tiling apart), per-zoom tiles,
/// bytes and features, and the seams between neighbouring zoom-14 tiles (`SeamCheck`).
enum TileDesigns {
    /// The command line's settings.
    struct Settings {
        var demPath: String
        var bbox: BBox
        var resolutionM: Double
        var intervalM: Double
        var runs: Int
        /// Design A's simplification of traced lines, ground metres; nil: the build's for the
        /// window's spacing (`DesignRegion.traceToleranceM`).
        var perTileTraceToleranceM: Double?
    }

    /// Zooms cut: the build's contour zooms (index lines from 10, every level from 11) to its deepest.
    static let zooms = 10...14
    /// The build's tile grid (`TilingOptions`' defaults, docs/FORMAT.md) and gzip level.
    static let extentUnits = TilingOptions(minZoom: 0, maxZoom: 0).extent
    static let bufferUnits = TilingOptions(minZoom: 0, maxZoom: 0).bufferUnits
    static let gzipLevel = TileLimits.gzipLevel
    /// `TileLayers`' contour zooms.
    static let minorContoursFromZoom = TileLayers.minorContoursFromZoom
    /// Threads: every core, as the build's tiler (`TileStage.threads`).
    static var threads: Int { TileStage.threads }

    /// Parses the options, measures both designs and prints the report.
    static func run(demText: String?, bboxText: String?, resolutionText: String?, intervalText: String?, runsText: String?,
                    perTileTraceToleranceText: String?) {
        guard let demPath = demText, let parts = bboxText?.split(separator: ",").compactMap({ Double($0) }), parts.count == 4,
              let resolutionM = Double(resolutionText ?? "30"), let intervalM = Double(intervalText ?? "10"),
              let runs = Int(runsText ?? "1"), runs >= 1
        else { usageFailure("tile-designs needs --dem FILE --bbox W,S,E,N [--resolution M] [--interval M] [--runs R] [--per-tile-trace-simplify-m M]") }
        let settings = Settings(demPath: demPath, bbox: BBox(west: parts[0], south: parts[1], east: parts[2], north: parts[3]),
                                resolutionM: resolutionM, intervalM: intervalM, runs: runs,
                                perTileTraceToleranceM: perTileTraceToleranceText.flatMap(Double.init))
        do {
            let region = try DesignRegion.make(settings)
            RouteBenchmark.log("region grid \(region.geometry.width)x\(region.geometry.height), terrain products in \(JSONText.number(region.terrainLap.wallS)) s")
            let clipped = try ClippedDesign.run(region, runs: runs)
            RouteBenchmark.log("design B: traced in \(JSONText.number(clipped.tracing.wallS)) s, tiled in \(JSONText.number(clipped.tiling.wallS)) s")
            let perTile = try PerTileDesign.run(region, runs: runs, traceToleranceM: settings.perTileTraceToleranceM)
            RouteBenchmark.log("design A: traced in \(JSONText.number(perTile.tracing.wallS)) s, tiled in \(JSONText.number(perTile.tiling.wallS)) s")
            print(report(settings, region: region, clipped: clipped, perTile: perTile))
        } catch {
            RouteBenchmark.log("tile designs failed: \(error)")
            exit(1)
        }
    }

    /// The JSON report of both designs.
    static func report(_ settings: Settings, region: DesignRegion, clipped: ClippedDesign.Result, perTile: PerTileDesign.Result) -> String {
        JSONText.object([
            ("dem", JSONText.string(settings.demPath)),
            ("bbox", JSONText.array(settings.bbox.array.map { JSONText.number($0) })),
            ("resolutionM", JSONText.number(settings.resolutionM)), ("intervalM", JSONText.number(region.intervalM)),
            ("runs", JSONText.number(settings.runs)), ("threads", JSONText.number(threads)),
            ("perTileTraceToleranceM", settings.perTileTraceToleranceM.map { JSONText.number($0) } ?? JSONText.string("build's")),
            ("loadAverage", LandmarkBenchmark.loadAverage()),
            ("region", region.json),
            ("designB", clipped.json),
            ("designA", perTile.json),
        ])
    }

    /// A contour line as the build's `contours` layer holds it (`TileLayers.contourFeature`).
    static func feature(_ line: ContourLine, intervalM: Double, zoomRange: ClosedRange<Int>) -> TileFeature? {
        TileLayers.contourFeature(line, intervalM: intervalM, zooms: zoomRange)
    }

    /// The `contours` layer of `features`, simplified per zoom as the build does.
    static func layer(_ features: [TileFeature]) -> TileLayer { TileLayers.contourLayer(features) }

    /// The build's tiling options (`TileStage.tilingOptions`) over `zoomRange` on `threads`
    /// threads; tiles gzip-compressed only when `compressed`.
    static func tilingOptions(_ zoomRange: ClosedRange<Int>, threads: Int, compressed: Bool) -> TilingOptions {
        var options = TileStage.tilingOptions(zoomRange, threads: threads)
        if !compressed { options.compress = nil }
        return options
    }
}

/// One zoom of a design in figures.
struct DesignZoom {
    var zoom: Int
    /// Tiles written (with at least one feature).
    var tiles = 0
    /// Gzip-compressed and MVT bytes, all tiles.
    var bytes = 0
    var uncompressedBytes = 0
    var largestTileBytes = 0
    /// Features written, all tiles (a line in four tiles counts four times).
    var features = 0

    /// The zoom's figures as a JSON object, with `extra` members after them.
    func json(_ extra: [(String, String)] = []) -> String {
        JSONText.object([("zoom", JSONText.number(zoom)), ("tiles", JSONText.number(tiles)), ("bytes", JSONText.number(bytes)),
                         ("uncompressedBytes", JSONText.number(uncompressedBytes)), ("largestTileBytes", JSONText.number(largestTileBytes)),
                         ("features", JSONText.number(features))] + extra)
    }

    /// The totals of several zooms (largest tile: the largest of all).
    static func totals(_ zooms: [DesignZoom]) -> String {
        JSONText.object([("tiles", JSONText.number(zooms.reduce(0) { $0 + $1.tiles })),
                         ("bytes", JSONText.number(zooms.reduce(0) { $0 + $1.bytes })),
                         ("uncompressedBytes", JSONText.number(zooms.reduce(0) { $0 + $1.uncompressedBytes })),
                         ("largestTileBytes", JSONText.number(zooms.map(\.largestTileBytes).max() ?? 0)),
                         ("features", JSONText.number(zooms.reduce(0) { $0 + $1.features }))])
    }
}
