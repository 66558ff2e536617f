import Bindings
import PMTiles
import TestSupport

/// The tests' tile list type (the writer's input).
typealias Tiles = [(tileID: UInt64, bytes: [UInt8])]

/// Shared fixtures of the PMTiles tests: the gzip closures, seeded tilesets, archives put together
/// by hand (to corrupt them on purpose) and tiny vector tiles.
enum Kit {
    /// An unsupported compression reached the tests' decompressor.
    struct Unsupported: Error { var compression: PMTilesCompression }

    /// Gzip through Bindings, as the pipeline injects it.
    static let gunzip: PMTilesArchive.Decompressor = { bytes, compression, maxBytes in
        guard compression == .gzip else { throw Unsupported(compression: compression) }
        return try Gzip.decompress(bytes, maxBytes: maxBytes)
    }

    /// A writer with gzip-compressed directories and metadata.
    static var gzipWriter: PMTilesWriter {
        PMTilesWriter(internalCompression: .gzip, compress: { Gzip.compress($0) })
    }

    /// A writer with uncompressed directories and metadata (so corruptions reach the decoder).
    static var plainWriter: PMTilesWriter {
        PMTilesWriter(tileCompression: .none, internalCompression: .none, compress: { $0 })
    }

    /// Writes `tiles` over the whole world, zooms `zooms`, with a small metadata document.
    static func write(_ tiles: Tiles, with writer: PMTilesWriter = gzipWriter, zooms: ClosedRange<Int> = 0...31) throws -> [UInt8] {
        try writer.archive(tiles: tiles, metadataJSON: Array(#"{"name":"test"}"#.utf8),
                           bounds: PMTilesBounds(minLonDegrees: -180, minLatDegrees: -85, maxLonDegrees: 180, maxLatDegrees: 85),
                           minZoom: zooms.lowerBound, maxZoom: zooms.upperBound,
                           center: PMTilesCenter(lonDegrees: 0, latDegrees: 0, zoom: zooms.lowerBound))
    }

    /// Random bytes, `count` long.
    static func randomBytes(_ count: Int, _ rng: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    /// A seeded tileset of `count` tiles on `zoom` (and the zooms after it when one fills up):
    /// ids advancing by random gaps, about a tenth of them starting runs of 2...30 consecutive
    /// ids with one content, about a fifth reusing an earlier content, the rest fresh random
    /// contents of 1...`maxTileBytes` bytes.
    static func randomTileset(seed: UInt64, count: Int, zoom: Int, maxTileBytes: Int = 300) -> Tiles {
        var rng = SeededRandom(seed: seed)
        var tiles: Tiles = []
        var pool: [[UInt8]] = []
        var id = TileID.firstID(zoom: zoom) + UInt64.random(in: 0..<16, using: &rng)
        while tiles.count < count {
            let content: [UInt8]
            if !pool.isEmpty, Int.random(in: 0..<5, using: &rng) == 0 {
                content = pool[Int.random(in: 0..<pool.count, using: &rng)]
            } else {
                content = randomBytes(Int.random(in: 1...maxTileBytes, using: &rng), &rng)
                pool.append(content)
            }
            let run = Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 2...30, using: &rng) : 1
            for _ in 0..<min(run, count - tiles.count) {
                tiles.append((id, content))
                id += 1
            }
            id += UInt64.random(in: 1...8, using: &rng)
        }
        return tiles
    }

    /// The tile entries a deduplicating, run-merging writer must make of `tiles`: a new entry
    /// wherever the content changes or the id is not the previous one plus 1.
    static func expectedRuns(_ tiles: Tiles) -> Int {
        tiles.indices.filter { i in i == 0 || tiles[i].bytes != tiles[i - 1].bytes || tiles[i].tileID != tiles[i - 1].tileID + 1 }.count
    }
}

/// An archive put together section by section, directories uncompressed (internal compression
/// `none`) unless given compressed, to build damaged files on purpose.
struct HandArchive {
    var root: [UInt8]
    var metadata: [UInt8] = Array("{}".utf8)
    var leaves: [UInt8] = []
    var tileData: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    var compression = PMTilesCompression.none

    /// A root of `entries`.
    init(rootEntries entries: [PMTilesEntry]) { root = PMTilesDirectory.serialize(entries) }

    /// The header, with correct sections and unknown (0) counts, before `patch`.
    func header() -> PMTilesHeader {
        var h = PMTilesHeader()
        h.root = PMTilesSection(offsetBytes: 127, lengthBytes: UInt64(root.count))
        h.metadata = PMTilesSection(offsetBytes: h.root.endBytes!, lengthBytes: UInt64(metadata.count))
        h.leafDirectories = PMTilesSection(offsetBytes: h.metadata.endBytes!, lengthBytes: UInt64(leaves.count))
        h.tileData = PMTilesSection(offsetBytes: h.leafDirectories.endBytes!, lengthBytes: UInt64(tileData.count))
        (h.internalCompression, h.tileCompression, h.tileType) = (compression, .none, .mvt)
        (h.minZoom, h.maxZoom) = (0, 31)
        return h
    }

    /// The file: the header after `patch`, then the sections.
    func bytes(_ patch: (inout PMTilesHeader) -> Void = { _ in }) -> [UInt8] {
        var h = header()
        patch(&h)
        return h.encoded() + root + metadata + leaves + tileData
    }
}

/// Mapbox Vector Tiles small enough to write by hand: point features with string properties.
enum TinyMVT {
    /// A layer: its name and, per feature, its properties.
    struct Layer {
        var name: String
        var features: [[String: String]]
    }

    /// The tile's protobuf bytes (spec 2.1: Tile.layers = 3; Layer version 15, name 1,
    /// features 2, keys 3, values 4, extent 5; Feature id 1, tags 2, type 3, geometry 4).
    static func encode(_ layers: [Layer]) -> [UInt8] {
        var tile: [UInt8] = []
        for layer in layers { field(3, bytes: encode(layer), into: &tile) }
        return tile
    }

    private static func encode(_ layer: Layer) -> [UInt8] {
        let keys = Array(Set(layer.features.flatMap(\.keys))).sorted()
        let values = Array(Set(layer.features.flatMap(\.values))).sorted()
        var out: [UInt8] = []
        field(15, varint: 2, into: &out)
        field(1, bytes: Array(layer.name.utf8), into: &out)
        for (i, properties) in layer.features.enumerated() {
            var feature: [UInt8] = []
            field(1, varint: UInt64(i + 1), into: &feature)
            var tags: [UInt8] = []
            for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                varint(UInt64(keys.firstIndex(of: key)!), into: &tags)
                varint(UInt64(values.firstIndex(of: value)!), into: &tags)
            }
            field(2, bytes: tags, into: &feature)
            field(3, varint: 1, into: &feature)  // POINT
            var geometry: [UInt8] = []
            for v: UInt64 in [9, UInt64(2 * (i * 7 % 4096)), 100] { varint(v, into: &geometry) }  // MoveTo(1) x y, zigzag
            field(4, bytes: geometry, into: &feature)
            field(2, bytes: feature, into: &out)
        }
        for key in keys { field(3, bytes: Array(key.utf8), into: &out) }
        for value in values {
            var v: [UInt8] = []
            field(1, bytes: Array(value.utf8), into: &v)
            field(4, bytes: v, into: &out)
        }
        field(5, varint: 4096, into: &out)
        return out
    }

    private static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            out.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }

    private static func field(_ number: UInt64, varint value: UInt64, into out: inout [UInt8]) {
        varint(number << 3, into: &out)
        varint(value, into: &out)
    }

    private static func field(_ number: UInt64, bytes: [UInt8], into out: inout [UInt8]) {
        varint(number << 3 | 2, into: &out)
        varint(UInt64(bytes.count), into: &out)
        out += bytes
    }
}

extension Kit {
    /// "problem@byteOffset" of the `PMTilesError` `body` throws, or "no error".
    static func failure(_ body: () throws(PMTilesError) -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error.problem.rawValue)@\(error.byteOffset)"
        }
    }
}
