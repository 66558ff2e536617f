/// Cuts layers of lon/lat features into Mapbox Vector Tiles 2.1, one zoom after the other.
///
/// At each zoom, every feature present is projected to tile units, its lines simplified with
/// Douglas–Peucker at the layer's tolerance for the zoom (in tile units, on the whole line, so
/// the pieces of neighbouring tiles are cut from one line and meet), clipped to each tile's
/// rectangle grown by the buffer (a line leaving and coming back makes several pieces; points
/// are kept within the buffer), rounded to whole units with repeated points removed (pieces
/// under one unit long are dropped) and encoded. Tiles without features are not written.
/// The bytes are the same whatever the number of threads.
public enum Tiler {
    /// The tiles of `layers` from `options.minZoom` to `options.maxZoom`.
    /// - Throws: `TilingError` when the options are out of range (`TilingOptions.problem`) or
    ///   two layers share a name, or a layer's name is empty.
    public static func tile(layers: [TileLayer], options: TilingOptions) throws(TilingError) -> Tileset {
        if let problem = options.problem { throw TilingError(reason: problem) }
        var names: Set<String> = []
        for layer in layers {
            guard !layer.name.isEmpty else { throw TilingError(reason: "a layer has an empty name") }
            guard names.insert(layer.name).inserted else { throw TilingError(reason: "two layers are named \"\(layer.name)\"") }
        }
        let prepared = layers.map { PreparedLayer($0, options: options) }
        var tileset = Tileset(tiles: [], zooms: [], limitEvents: [])
        for zoom in options.minZoom...options.maxZoom {
            let finished = ZoomPass(layers: prepared, options: options, grid: ZoomGrid(zoom: zoom, options: options)).run()
            // A tile whose every feature its limits dropped is left out like any empty tile.
            let written = finished.filter { $0.features > 0 }
            tileset.tiles += written.map { ($0.tile, $0.bytes) }
            tileset.limitEvents += finished.compactMap(\.event)
            let statistics = ZoomStatistics(
                zoom: zoom, tiles: written.count, bytes: written.reduce(0) { $0 + $1.bytes.count },
                uncompressedBytes: written.reduce(0) { $0 + $1.uncompressedBytes },
                largestTileBytes: written.map(\.uncompressedBytes).max() ?? 0,
                features: written.reduce(0) { $0 + $1.features })
            tileset.zooms.append(statistics)
            options.zoomDone?(statistics)
        }
        return tileset
    }
}
