import Foundation
import Testing
import TrailpackCore
@testable import VectorTiles

@Suite struct DeterminismTests {
    /// Lines and points over a few hundred tiles of zooms 8 to 12, some over the limits.
    static func layers() -> [TileLayer] {
        var random = SplitMix64(seed: 21)
        let frame = UnitFrame(zoom: 12)
        let origin = 4096.0 * 2000
        var lines: [TileFeature] = []
        for index in 0..<300 {
            let start = (x: origin + 4096 * 12 * random.unit(), y: origin + 4096 * 12 * random.unit())
            let line = UnitFrame.randomLine(&random, from: start, count: 20 + Int(random.unit() * 800), step: 10 + 200 * random.unit())
            lines.append(TileFeature(geometry: .lines([line.map { frame.world($0.x, $0.y) }]),
                                     properties: [("ele", .int(Int64(index * 10))), ("index", .bool(index % 5 == 0))],
                                     minZoom: index % 5 == 0 ? 8 : 10, dropRank: index % 5 == 0 ? 1 : 2))
        }
        let points = (0..<500).map { index in
            TileFeature(geometry: .points([frame.world(origin + 4096 * 12 * random.unit(), origin + 4096 * 12 * random.unit())]),
                        properties: [("name", .string("P\(index)")), ("ele", .double(random.unit() * 3000))])
        }
        return [TileLayer(name: "contours", features: lines, toleranceUnits: { z in z >= 12 ? 0.5 : 1.5 }),
                TileLayer(name: "pois", features: points, toleranceUnits: { _ in 0 })]
    }

    static func tile(threads: Int) throws -> Tileset {
        var options = TilingOptions(minZoom: 8, maxZoom: 12)
        options.threads = threads
        options.maxBytesPerTile = 12_000
        options.compress = { $0.reversed() }
        return try Tiler.tile(layers: layers(), options: options)
    }

    @Test func theBytesAreTheSameAtOneAndFourThreads() throws {
        let one = try Self.tile(threads: 1), four = try Self.tile(threads: 4)
        #expect(one.tiles.count > 100)
        #expect(one.tiles.map(\.id) == four.tiles.map(\.id))
        #expect(one.tiles.map(\.bytes) == four.tiles.map(\.bytes))
        #expect(one.zooms == four.zooms)
        #expect(one.limitEvents == four.limitEvents && !one.limitEvents.isEmpty)
        #expect(one.tiles.map(\.id) == one.tiles.map(\.id).sorted())
    }

    @Test func storedBytesAreTheCompressedTilesAndFiguresAddUp() throws {
        let tileset = try Self.tile(threads: 2)
        for zoom in tileset.zooms {
            let tiles = tileset.tiles.filter { $0.id.z == zoom.zoom }
            #expect(tiles.count == zoom.tiles)
            #expect(tiles.reduce(0) { $0 + $1.bytes.count } == zoom.bytes && zoom.bytes == zoom.uncompressedBytes)
            let decoded = try tiles.map { try MVTDecoder.decode(Array($0.bytes.reversed())) }
            #expect(decoded.reduce(0) { $0 + $1.reduce(0) { $0 + $1.features.count } } == zoom.features)
        }
    }
}
