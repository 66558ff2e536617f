import Bindings
import Foundation
import MapStyle
import PackJSON
import PackSpec
import PMTiles
import TrailGraph
import TrailpackCore
import VectorTiles

/// Stage: the map's vector tiles (SPEC `style.json and map/`): contours, trails, POIs and the
/// trail-name lines cut into Mapbox Vector Tiles by `VectorTiles.Tiler` on every core,
/// gzip-compressed, in one PMTiles v3 archive `map/tiles.pmtiles` (identical tiles stored once).
/// Runs for regions whose contours are too large to draw from GeoJSON (`TilePlan`); their
/// contours are then stored in the tiles only.
public enum TileStage {
    /// What the stage wrote: the archive, its zooms, per-zoom figures and build notes.
    public struct Output {
        public var file: WrittenFile
        public var zooms: ClosedRange<Int>
        /// Per zoom: tiles, bytes (compressed, before identical tiles are stored once), features.
        public var perZoom: [ZoomStatistics]
        public var diagnostics: [Diagnostic]
    }

    /// Cuts `layers` into tiles over `zooms`, writes `map/tiles.pmtiles` through `writer`.
    /// - Throws: `BuildError` when the tiles cannot be cut, a tile keeps over its limits with
    ///   nothing left to drop, or the archive cannot be written.
    static func run(_ layers: [TileLayer], zooms: ClosedRange<Int>, bbox: BBox, name: String, attribution: [String],
                    writer: RegionWriter) throws -> Output {
        let options = tilingOptions(zooms, threads: threads)
        let tileset: Tileset
        do { tileset = try Tiler.tile(layers: layers, options: options) } catch {
            throw BuildError.output(path: StyleSheet.tilesPath, message: error.description)
        }
        if let unfit = tileset.limitEvents.first(where: { !$0.fits }) {
            // Only routes and POIs were left to keep: a tile MapLibre would refuse is never written.
            throw BuildError.output(path: StyleSheet.tilesPath, message: "\(unfit.description); the routes and POIs alone exceed a tile's limits")
        }
        let metadata = try JSONWriter().bytes(TileMetadata.document(layers, zooms: zooms, name: name, attribution: attribution))
        let archiveWriter = PMTilesWriter(tileType: .mvt, tileCompression: .gzip, internalCompression: .gzip) {
            Gzip.compress($0, level: TileLimits.gzipLevel)
        }
        // Tiles in PMTiles' Hilbert order (the tiler's ids are valid, so every id exists).
        let sorted = tileset.tiles.compactMap { tile in PMTiles.TileID.id(of: tile.id).map { (tileID: $0, bytes: tile.bytes) } }
            .sorted { $0.tileID < $1.tileID }
        let archive: [[UInt8]]
        do {
            // In parts, written one after another: the archive is never laid out in memory.
            archive = try archiveWriter.archiveParts(
                tiles: sorted, metadataJSON: metadata,
                bounds: PMTilesBounds(minLonDegrees: bbox.west, minLatDegrees: bbox.south, maxLonDegrees: bbox.east, maxLatDegrees: bbox.north),
                minZoom: zooms.lowerBound, maxZoom: zooms.upperBound,
                center: PMTilesCenter(lonDegrees: bbox.center.lon, latDegrees: bbox.center.lat, zoom: zooms.lowerBound))
        } catch {
            throw BuildError.output(path: StyleSheet.tilesPath, message: error.description)
        }
        let file = try writer.write(StyleSheet.tilesPath, arrays: archive)
        return Output(file: file, zooms: zooms, perZoom: tileset.zooms,
                      diagnostics: tileset.limitEvents.map { TileLimits.diagnostic($0) })
    }
}

extension TileStage {
    /// The tiler's options of a build over `zooms` on `threads` threads: the default extent and
    /// buffer, `TileLimits`, tiles gzip-compressed.
    public static func tilingOptions(_ zooms: ClosedRange<Int>, threads: Int) -> TilingOptions {
        var options = TilingOptions(minZoom: zooms.lowerBound, maxZoom: zooms.upperBound)
        options.maxFeaturesPerTile = TileLimits.maxFeatures
        options.maxBytesPerTile = TileLimits.maxBytes
        options.threads = threads
        options.compress = { Gzip.compress($0, level: TileLimits.gzipLevel) }
        return options
    }

    /// Threads cutting tiles: every core; `TRAILPACK_TILE_THREADS=N` sets N (the bytes are the
    /// same at any count: tests and `make bench` compare 1 and 2).
    public static var threads: Int {
        if let n = ProcessInfo.processInfo.environment["TRAILPACK_TILE_THREADS"].flatMap(Int.init), n >= 1 { return n }
        return ProcessInfo.processInfo.activeProcessorCount
    }
}

/// Per-tile limits of the tiler (docs/FORMAT.md): a tile over them is simplified harder, then
/// thinned, and each such tile is a build warning; never hit silently.
public enum TileLimits {
    /// Features of all layers in one tile.
    public static let maxFeatures = 100_000
    /// Encoded (uncompressed) MVT bytes of one tile: MapLibre parses a tile whole on the phone.
    public static let maxBytes = 500_000
    /// zlib level of the tiles and the archive's directories (9: the smallest; tiles are small).
    public static let gzipLevel = 9

    static func diagnostic(_ event: TileLimitEvent) -> Diagnostic {
        Diagnostic(.warning, "map", "\(StyleSheet.tilesPath) \(event.description)")
    }
}
