import Bindings
import Foundation
import PMTiles
import TestSupport
import Testing

/// Archives from the Swift writer read back by `scripts/read_tiles.py` (the PyPI `pmtiles`
/// reader and `mapbox_vector_tile`, no code shared with trailpack) with the repo's `.venv`
/// (`make venv`). Without the venv the tests fail: `make test` makes it.
@Suite struct IndependentReaderTests {
    /// Gzipped vector tiles on zooms 0...14: every tile of zooms 0...3, a run of 40 identical
    /// z14 tiles, and 300 z14 tiles drawn from 30 contents (duplicates), each tile with a seeded
    /// choice of the `contours`, `trails` and `pois` layers and of their properties.
    static func tileset() -> (tiles: Tiles, layers: [UInt64: [TinyMVT.Layer]]) {
        var rng = SeededRandom(seed: 2024)
        let contents: [[TinyMVT.Layer]] = (0..<30).map { _ in randomLayers(&rng) }
        var tiles: Tiles = []
        var layers: [UInt64: [TinyMVT.Layer]] = [:]
        func add(_ id: UInt64, _ content: Int) {
            tiles.append((id, Gzip.compress(TinyMVT.encode(contents[content]))))
            layers[id] = contents[content]
        }
        for id in 0..<TileID.firstID(zoom: 4) { add(id, Int(id) % contents.count) }
        var id = TileID.id(z: 14, x: 8555, y: 5723)! - 2000
        for _ in 0..<40 { add(id, 0); id += 1 }
        for _ in 0..<300 {
            id += UInt64.random(in: 1...20, using: &rng)
            add(id, Int.random(in: 0..<contents.count, using: &rng))
        }
        return (tiles, layers)
    }

    static func randomLayers(_ rng: inout SeededRandom) -> [TinyMVT.Layer] {
        let keys = ["contours": ["ele", "index"], "trails": ["name", "routeId", "kind"], "pois": ["name", "kind", "ele"]]
        return ["contours", "trails", "pois"].filter { _ in Bool.random(using: &rng) }.map { name in
            let features = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                Dictionary(uniqueKeysWithValues: keys[name]!.filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }
                    .map { ($0, "v\(Int.random(in: 0..<5, using: &rng))") })
            }
            return TinyMVT.Layer(name: name, features: features)
        }
    }

    /// With the root alone, and with leaves (a small root limit and small leaves).
    @Test(arguments: [false, true]) func pythonReadsWhatSwiftWrote(leaves: Bool) throws {
        let python = try #require(IndependentRouter.python, "no .venv: run 'make venv'")
        let (tiles, layers) = Self.tileset()
        var writer = Kit.gzipWriter
        if leaves { (writer.headerAndRootLimitBytes, writer.minimumLeafEntries) = (300, 20) }
        let metadata = #"{"name":"test","vector_layers":[{"id":"contours","minzoom":0,"maxzoom":14},{"id":"trails","minzoom":0,"maxzoom":14},{"id":"pois","minzoom":0,"maxzoom":14}]}"#
        let bytes = try writer.archive(tiles: tiles, metadataJSON: Array(metadata.utf8),
                                       bounds: PMTilesBounds(minLonDegrees: 7.9, minLatDegrees: 46.5, maxLonDegrees: 8.05, maxLatDegrees: 46.62),
                                       minZoom: 0, maxZoom: 14, center: PMTilesCenter(lonDegrees: 7.975, latDegrees: 46.56, zoom: 12))
        let header = try PMTilesArchive(bytes: bytes, decompress: Kit.gunzip).header
        #expect((header.leafDirectories.lengthBytes > 0) == leaves)
        let file = TestData.scratchFolder("pmtiles").appendingPathComponent("tiles.pmtiles")
        try Data(bytes).write(to: file)
        let script = TestData.repoRoot.appendingPathComponent("scripts/read_tiles.py").path
        let (status, stdout, stderr) = try TestData.runProcess(python, [script, file.path], timeoutS: 120)
        #expect(status == 0, "\(String(decoding: stderr, as: UTF8.self))")
        let report = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
        try expectHeader(try #require(report["header"] as? [String: Any]), header)
        #expect(report["bytes"] as? Int == bytes.count)
        #expect((report["tileDataBytes"] as? NSNumber)?.uint64Value == header.tileData.lengthBytes)
        #expect(report["largestTileBytes"] as? Int == tiles.map(\.bytes.count).max())
        let vectorLayers = (report["metadata"] as? [String: Any])?["vector_layers"] as? [[String: Any]]
        #expect(vectorLayers?.compactMap { $0["id"] as? String } == ["contours", "trails", "pois"])
        try expectZooms(try #require(report["zooms"] as? [String: [String: Int]]), tiles)
        try expectTiles(try #require(report["tiles"] as? [[String: Any]]), tiles, layers)
    }

    func expectHeader(_ json: [String: Any], _ header: PMTilesHeader) throws {
        let numbers: [String: UInt64] = [
            "version": 3, "root_offset": header.root.offsetBytes, "root_length": header.root.lengthBytes,
            "metadata_offset": header.metadata.offsetBytes, "metadata_length": header.metadata.lengthBytes,
            "leaf_directory_offset": header.leafDirectories.offsetBytes, "leaf_directory_length": header.leafDirectories.lengthBytes,
            "tile_data_offset": header.tileData.offsetBytes, "tile_data_length": header.tileData.lengthBytes,
            "addressed_tiles_count": header.addressedTilesCount, "tile_entries_count": header.tileEntriesCount,
            "tile_contents_count": header.tileContentsCount, "min_zoom": 0, "max_zoom": 14, "center_zoom": 12,
        ]
        for (key, value) in numbers { #expect((json[key] as? NSNumber)?.uint64Value == value, "\(key)") }
        let e7: [String: Int32] = ["min_lon_e7": 79_000_000, "min_lat_e7": 465_000_000, "max_lon_e7": 80_500_000,
                                   "max_lat_e7": 466_200_000, "center_lon_e7": 79_750_000, "center_lat_e7": 465_600_000]
        for (key, value) in e7 { #expect((json[key] as? NSNumber)?.int32Value == value, "\(key)") }
        #expect(json["clustered"] as? Bool == true)
        #expect(json["internal_compression"] as? String == "gzip" && json["tile_compression"] as? String == "gzip")
        #expect(json["tile_type"] as? String == "mvt")
    }

    func expectZooms(_ zooms: [String: [String: Int]], _ tiles: Tiles) throws {
        var expected: [String: [String: Int]] = [:]
        for tile in tiles {
            let z = String(TileID.zoom(of: tile.tileID)!)
            expected[z, default: ["tiles": 0, "bytes": 0]]["tiles"]! += 1
            expected[z]!["bytes"]! += tile.bytes.count
        }
        #expect(zooms == expected)
    }

    func expectTiles(_ listed: [[String: Any]], _ tiles: Tiles, _ layers: [UInt64: [TinyMVT.Layer]]) throws {
        #expect(listed.compactMap { ($0["tileId"] as? NSNumber)?.uint64Value } == tiles.map(\.tileID))
        for (entry, tile) in zip(listed, tiles) {
            let zxy = TileID.tile(of: tile.tileID)!
            #expect(entry["z"] as? Int == zxy.z && entry["x"] as? Int == zxy.x && entry["y"] as? Int == zxy.y)
            #expect(entry["bytes"] as? Int == tile.bytes.count)
            let decoded = try #require(entry["layers"] as? [String: [String: Any]])
            let written = layers[tile.tileID]!
            #expect(Set(decoded.keys) == Set(written.map(\.name)), "tile \(zxy)")
            for layer in written {
                #expect(decoded[layer.name]?["features"] as? Int == layer.features.count, "\(zxy) \(layer.name)")
                #expect(decoded[layer.name]?["keys"] as? [String] == Set(layer.features.flatMap(\.keys)).sorted(), "\(zxy) \(layer.name)")
            }
        }
    }
}
