import Bindings
import Foundation
import VectorTiles

/// One zoom of design A: its lattice, what was traced, the tiles as stored and their figures.
struct PerTileZoom {
    let zoom: Int
    let lattice: ZoomLattice
    /// Tiles traced (windows with samples), lines and vertices traced over all of them.
    let windows: Int
    let windowSamples: Int
    let lines: Int
    let vertices: Int
    let tiles: [EncodedTile]
    let tracing: Lap
    let tiling: Lap
    /// Features of every tile written, read back from the tiles (after the timing).
    let features: Int

    /// The zoom's figures; features are counted by decoding the tiles.
    /// - Throws: `GzipError` or `MVTDecodeError` when a tile does not read back.
    init(zoom: Int, lattice: ZoomLattice, windows: [TileWindow], traced: [[ContourLine]], tiles: [EncodedTile],
         tracing: Lap, tiling: Lap) throws {
        self.zoom = zoom
        self.lattice = lattice
        self.windows = windows.count
        windowSamples = windows.reduce(0) { $0 + $1.width * $1.height }
        lines = traced.reduce(0) { $0 + $1.count }
        vertices = traced.reduce(0) { $0 + $1.reduce(0) { $0 + $1.coords.count } }
        self.tiles = tiles
        self.tracing = tracing
        self.tiling = tiling
        features = try tiles.reduce(0) { $0 + (try SeamCheck.contourLines(gzipped: $1.bytes)).features }
    }

    var limitEvents: Int { tiles.reduce(0) { $0 + $1.limitEvents } }

    /// The figures every design reports.
    var figures: DesignZoom {
        DesignZoom(zoom: zoom, tiles: tiles.count, bytes: tiles.reduce(0) { $0 + $1.bytes.count },
                   uncompressedBytes: tiles.reduce(0) { $0 + $1.uncompressedBytes },
                   largestTileBytes: tiles.map(\.uncompressedBytes).max() ?? 0, features: features)
    }

    var json: String {
        figures.json([
            ("lattice", JSONText.string(lattice.isRegionGrid ? "region grid" : "tile's own (resampled)")),
            ("cellMercatorM", JSONText.number(lattice.cellXM)), ("windows", JSONText.number(windows)),
            ("meanWindowSamples", JSONText.number(windows == 0 ? 0 : Double(windowSamples) / Double(windows))),
            ("tracedLines", JSONText.number(lines)), ("tracedVertices", JSONText.number(vertices)),
            ("tracing", tracing.json), ("tiling", tiling.json),
        ])
    }
}
