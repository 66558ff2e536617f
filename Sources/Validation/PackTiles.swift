import Bindings
import PMTiles
import TrailpackCore
import VectorTiles

/// A region's `map/tiles.pmtiles` read back as the apps read it: the archive (PMTiles v3,
/// directories and metadata gzip-compressed), each tile gunzipped and decoded as MVT 2.1. The
/// one reader of pack tiles, for `validate` and the preview.
public struct PackTiles: Sendable {
    public let archive: PMTilesArchive
    /// Every addressed tile, in tile-id order.
    public let entries: [PMTilesAddressedTile]

    /// The most bytes one tile may decompress to (a gzip bomb stops there).
    public static let maxTileBytes = 16 << 20

    /// Opens the archive's bytes and lists its tiles.
    /// - Throws: `PMTilesError` naming the byte offset of the first problem.
    public init(bytes: [UInt8]) throws(PMTilesError) {
        archive = try PMTilesArchive(bytes: bytes) { slice, compression, maxBytes in
            guard compression == .gzip else { throw GzipError.corrupt("compression \(compression) is not gzip") }
            return try Gzip.decompress(slice, maxBytes: maxBytes)
        }
        entries = try archive.entries()
    }

    /// A tile gunzipped (when the header says gzip) and decoded.
    /// - Throws: `PackTilesError` naming the tile and what failed.
    public func layers(of entry: PMTilesAddressedTile) throws(PackTilesError) -> (layers: [MVTLayer], bytes: Int) {
        let raw = archive.bytes(of: entry)
        let mvt: [UInt8]
        switch archive.header.tileCompression {
        case .none: mvt = Array(raw)
        case .gzip:
            do { mvt = try Gzip.decompress(raw, maxBytes: Self.maxTileBytes) } catch {
                throw PackTilesError(tile: entry.tile, reason: "does not gunzip: \(error)")
            }
        default: throw PackTilesError(tile: entry.tile, reason: "tile compression \(archive.header.tileCompression) is neither gzip nor none")
        }
        do { return (try MVTDecoder.decode(mvt), mvt.count) } catch {
            throw PackTilesError(tile: entry.tile, reason: "is no MVT 2.1 tile: \(error)")
        }
    }

    /// The lines of `layer` in the tiles of zoom `z`, in lon/lat, with their properties. With
    /// `insideOnly`, each piece keeps only the vertices inside its tile (the buffer belongs to
    /// the neighbours: for checks), split where it leaves the tile; otherwise the buffer is kept
    /// (neighbouring pieces overlap: for drawing without gaps at tile edges).
    /// - Throws: `PackTilesError` for the first tile that does not decode.
    public func lines(layer: String, zoom z: Int, insideOnly: Bool = true) throws(PackTilesError) -> [TileLine] {
        var out: [TileLine] = []
        for entry in entries where entry.tile.z == z {
            for mvt in try layers(of: entry).layers where mvt.name == layer {
                out += Self.lines(of: mvt, in: entry.tile, insideOnly: insideOnly)
            }
        }
        return out
    }

    /// The line features of one decoded layer of `tile`, in lon/lat (see `lines(layer:zoom:insideOnly:)`).
    public static func lines(of mvt: MVTLayer, in tile: TileZXY, insideOnly: Bool) -> [TileLine] {
        mvt.features.enumerated().compactMap { k, feature in
            guard feature.type == .lineString else { return nil }
            let parts = (insideOnly ? feature.geometry.flatMap { insideParts($0, extent: mvt.extent) } : feature.geometry)
                .map { $0.map { tile.lonLat(of: $0, extent: mvt.extent) } }
            return parts.isEmpty ? nil : TileLine(tile: tile, feature: k, properties: feature.properties, parts: parts)
        }
    }

    /// The runs of `line` whose vertices lie inside the tile (0...extent on both axes).
    static func insideParts(_ line: [TilePoint], extent: Int) -> [[TilePoint]] {
        var parts: [[TilePoint]] = [], current: [TilePoint] = []
        for p in line {
            if (0...extent).contains(p.x), (0...extent).contains(p.y) { current.append(p); continue }
            if !current.isEmpty { parts.append(current) }
            current = []
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

/// One line feature of a tile, in lon/lat.
public struct TileLine: Sendable {
    public var tile: TileZXY
    /// The feature's index in its layer.
    public var feature: Int
    public var properties: [(key: String, value: TileValue)]
    public var parts: [[LonLat]]

    public func property(_ key: String) -> TileValue? { properties.first { $0.key == key }?.value }

    /// A number property as a Double.
    public func number(_ key: String) -> Double? {
        switch property(key) {
        case .int(let v)?: Double(v)
        case .uint(let v)?: Double(v)
        case .double(let v)?: v
        case .float(let v)?: Double(v)
        default: nil
        }
    }

    /// Where it is, for messages: `tile 14/4821/5922, contours feature 12`.
    public func place(_ layer: String) -> String { "tile \(tile), \(layer) feature \(feature)" }
}

/// A tile that cannot be read.
public struct PackTilesError: Error, Sendable, CustomStringConvertible {
    public var tile: TileZXY
    public var reason: String
    public var description: String { "tile \(tile) \(reason)" }
}

extension TileZXY {
    /// The lon/lat of a point in tile units (`extent` per tile side, y down).
    func lonLat(of p: TilePoint, extent: Int) -> LonLat {
        let n = Double(1 << z), e = Double(extent)
        return WorldPoint(x: (Double(x) + Double(p.x) / e) / n, y: (Double(y) + Double(p.y) / e) / n).lonLat
    }
}
