extension PMTilesWriter {
    /// Checks the compression, zooms, bounds and center.
    /// - Throws: `PMTilesWriteError` `.badCompression`, `.badZoom` or `.badCoordinates`.
    func checkSettings(bounds: PMTilesBounds, minZoom: Int, maxZoom: Int, center: PMTilesCenter) throws(PMTilesWriteError) {
        guard internalCompression != .unknown else {
            throw PMTilesWriteError(.badCompression, "internal compression must be declared (none, gzip, brotli or zstd)")
        }
        let zooms = 0...TileID.maxZoom
        guard zooms.contains(minZoom), zooms.contains(maxZoom), minZoom <= maxZoom, zooms.contains(center.zoom) else {
            throw PMTilesWriteError(.badZoom, "zooms min \(minZoom), max \(maxZoom), center \(center.zoom): each must be in 0...31, min <= max")
        }
        let longitudes = [bounds.minLonDegrees, bounds.maxLonDegrees, center.lonDegrees]
        let latitudes = [bounds.minLatDegrees, bounds.maxLatDegrees, center.latDegrees]
        guard longitudes.allSatisfy({ $0.isFinite && abs($0) <= 180 }), latitudes.allSatisfy({ $0.isFinite && abs($0) <= 90 }) else {
            throw PMTilesWriteError(.badCoordinates, "bounds \(bounds) or center \(center) not finite or beyond ±180° / ±90°")
        }
    }

    /// Checks that tiles exist, have 1 byte to 4 GiB - 1 each, strictly increasing ids, and zooms
    /// within minZoom...maxZoom (ids are sorted and zoom grows with id: the first and last decide).
    /// - Throws: `PMTilesWriteError` `.noTiles`, `.badTileLength`, `.unsortedTiles` or
    ///   `.tileIDOutOfRange`, naming the tile's index.
    func checkTiles(_ tiles: [(tileID: UInt64, bytes: [UInt8])], minZoom: Int, maxZoom: Int) throws(PMTilesWriteError) {
        guard let first = tiles.first, let last = tiles.last else {
            throw PMTilesWriteError(.noTiles, "no tiles: a PMTiles directory must have at least one entry")
        }
        for (i, tile) in tiles.enumerated() {
            guard (1...Int(UInt32.max)).contains(tile.bytes.count) else {
                throw PMTilesWriteError(.badTileLength, tileIndex: i, "\(tile.bytes.count) bytes: a tile has 1 byte to 4 GiB - 1")
            }
            guard i == 0 || tiles[i - 1].tileID < tile.tileID else {
                throw PMTilesWriteError(.unsortedTiles, tileIndex: i, "tile id \(tile.tileID) follows \(tiles[i - 1].tileID): ids must strictly increase")
            }
        }
        for (i, id) in [(0, first.tileID), (tiles.count - 1, last.tileID)] {
            guard let zoom = TileID.zoom(of: id), (minZoom...maxZoom).contains(zoom) else {
                throw PMTilesWriteError(.tileIDOutOfRange, tileIndex: i, "tile id \(id) is not on a zoom in \(minZoom)...\(maxZoom)")
            }
        }
    }
}
