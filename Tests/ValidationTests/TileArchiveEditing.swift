import Bindings
import PMTiles
import ProtobufWire
import VectorTiles

/// Rewrites the tile archive of a pack under test: every tile read back (gunzipped MVT), one
/// changed, the archive written again as the builder writes it.
enum TileArchiveEditing {
    static let path = "map/tiles.pmtiles"

    /// Replaces the MVT bytes of the first tile `pick` selects (given its zoom and layers) with
    /// `change(mvt)`.
    static func editFirstTile(_ e: PackEditor, where pick: (Int, [MVTLayer]) -> Bool, _ change: ([UInt8]) throws -> [UInt8]) throws {
        let archive = try PMTilesArchive(bytes: try e.bytes(path)) { slice, _, maxBytes in try Gzip.decompress(slice, maxBytes: maxBytes) }
        var tiles: [(tileID: UInt64, bytes: [UInt8])] = []
        var changed = false
        for entry in try archive.entries() {
            var mvt = try Gzip.decompress(archive.bytes(of: entry), maxBytes: 1 << 24)
            if !changed, pick(entry.tile.z, try MVTDecoder.decode(mvt)) {
                mvt = try change(mvt)
                changed = true
            }
            tiles.append((entry.tileID, Gzip.compress(mvt, level: 9)))
        }
        guard changed else { throw TileEditError.noTileMatched }
        let h = archive.header
        let writer = PMTilesWriter(tileType: .mvt, tileCompression: .gzip, internalCompression: .gzip) { Gzip.compress($0, level: 9) }
        let bytes = try writer.archive(tiles: tiles, metadataJSON: archive.metadata,
                                       bounds: PMTilesBounds(minLonDegrees: Double(h.minLonE7) / 1e7, minLatDegrees: Double(h.minLatE7) / 1e7,
                                                             maxLonDegrees: Double(h.maxLonE7) / 1e7, maxLatDegrees: Double(h.maxLatE7) / 1e7),
                                       minZoom: Int(h.minZoom), maxZoom: Int(h.maxZoom),
                                       center: PMTilesCenter(lonDegrees: Double(h.centerLonE7) / 1e7, latDegrees: Double(h.centerLatE7) / 1e7,
                                                             zoom: Int(h.centerZoom)))
        try e.write(path, bytes)
    }

    /// An MVT layer `name` (version 2, extent 4096) with one point feature whose property `key`
    /// is `value` (a string): appended to a tile, it adds a layer or pads it.
    static func layer(_ name: String, key: String, value: String) -> [UInt8] {
        var v = ProtobufWriter()
        v.lengthDelimited(field: 1, Array(value.utf8))
        var feature = ProtobufWriter()
        feature.lengthDelimited(field: 2, packed([0, 0]))
        feature.uint32(field: 3, 1)
        feature.lengthDelimited(field: 4, packed([9, 0, 0]))
        var layer = ProtobufWriter()
        layer.uint32(field: 15, 2)
        layer.lengthDelimited(field: 1, Array(name.utf8))
        layer.message(field: 2, feature)
        layer.lengthDelimited(field: 3, Array(key.utf8))
        layer.message(field: 4, v)
        layer.uint32(field: 5, 4096)
        var tile = ProtobufWriter()
        tile.message(field: 3, layer)
        return tile.bytes
    }

    /// An MVT `contours` layer with one line from (100, 100) to (200, 200) at `ele` (int64),
    /// `index` false: appended to a deepest-zoom tile, a contour the checks read.
    static func contour(ele: Int64) -> [UInt8] {
        var eleValue = ProtobufWriter(), indexValue = ProtobufWriter()
        eleValue.int64(field: 4, ele)
        indexValue.bool(field: 7, false)
        var feature = ProtobufWriter()
        feature.lengthDelimited(field: 2, packed([0, 0, 1, 1]))
        feature.uint32(field: 3, 2)
        feature.lengthDelimited(field: 4, packed([9, 200, 200, 10, 200, 200]))
        var layer = ProtobufWriter()
        layer.uint32(field: 15, 2)
        layer.lengthDelimited(field: 1, Array("contours".utf8))
        layer.message(field: 2, feature)
        layer.lengthDelimited(field: 3, Array("ele".utf8))
        layer.lengthDelimited(field: 3, Array("index".utf8))
        layer.message(field: 4, eleValue)
        layer.message(field: 4, indexValue)
        layer.uint32(field: 5, 4096)
        var tile = ProtobufWriter()
        tile.message(field: 3, layer)
        return tile.bytes
    }

    static func packed(_ values: [UInt64]) -> [UInt8] {
        var w = ProtobufWriter()
        for value in values { w.varint(value) }
        return w.bytes
    }

    enum TileEditError: Error { case noTileMatched }
}
