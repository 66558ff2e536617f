import Foundation
import Testing
import TrailpackCore
@testable import VectorTiles

/// Seeded random lines cut without simplification (tolerance 0): what the clipper keeps and
/// how the pieces of neighbouring tiles meet.
@Suite struct ClippingPropertyTests {
    static let frame = UnitFrame(zoom: 12)
    static let buffer = 64.0

    /// Random walks over a 4x4 block of tiles, some leaving and re-entering tiles many times.
    static func lines(seed: UInt64) -> [[(x: Double, y: Double)]] {
        var random = SplitMix64(seed: seed)
        let origin = 4096.0 * 1000
        return (0..<12).map { _ in
            let start = (x: origin + 4096 * (0.5 + 3 * random.unit()), y: origin + 4096 * (0.5 + 3 * random.unit()))
            return UnitFrame.randomLine(&random, from: start, count: 60 + Int(random.unit() * 300), step: 20 + 600 * random.unit())
        }
    }

    static func tiled(_ lines: [[(x: Double, y: Double)]]) throws -> [(id: TileID, layers: [MVTLayer])] {
        var options = TilingOptions(minZoom: 12, maxZoom: 12)
        options.bufferUnits = Int(buffer)
        return try decodedTiles(try Tiler.tile(layers: [lineLayer(lines, frame: frame)], options: options))
    }

    /// The decoded lines of feature `n` in `tile`, in global units.
    static func pieces(of n: Int, in tile: (id: TileID, layers: [MVTLayer])) -> [[(x: Double, y: Double)]] {
        let features = tile.layers.first?.features.filter { $0.property("n") == .int(Int64(n)) } ?? []
        return features.flatMap(\.geometry).map { $0.map { frame.global($0, in: tile.id) } }
    }

    static func clipRectangle(_ id: TileID) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (Double(id.x) * 4096 - buffer, Double(id.y) * 4096 - buffer, Double(id.x + 1) * 4096 + buffer, Double(id.y + 1) * 4096 + buffer)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func keepsEveryVertexInsideATileWithinOneUnit(seed: UInt64) throws {
        let lines = Self.lines(seed: seed)
        let tiles = try Self.tiled(lines)
        for (n, line) in lines.enumerated() {
            for vertex in line {
                let holding = tiles.filter {
                    let r = Self.clipRectangle($0.id)
                    return vertex.x >= r.minX && vertex.x <= r.maxX && vertex.y >= r.minY && vertex.y <= r.maxY
                }
                #expect(!holding.isEmpty, "no tile holds vertex \(vertex) of line \(n)")
                for tile in holding {
                    let nearest = Self.pieces(of: n, in: tile).joined().map { (($0.x - vertex.x) * ($0.x - vertex.x) + ($0.y - vertex.y) * ($0.y - vertex.y)).squareRoot() }.min()
                    #expect((nearest ?? .infinity) <= 0.75, "line \(n) vertex \(vertex) in tile \(tile.id)")
                }
            }
        }
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func piecesOfNeighbouringTilesJoinAtTheirSharedEdges(seed: UInt64) throws {
        let lines = Self.lines(seed: seed)
        let tiles = try Self.tiled(lines)
        let byID = Dictionary(uniqueKeysWithValues: tiles.map { ($0.id, $0) })
        var crossings = 0
        for (n, line) in lines.enumerated() {
            for index in line.indices.dropFirst() {
                let a = line[index - 1], b = line[index]
                for (edge, vertical) in Self.edgesCrossed(a, b) {
                    let t = vertical ? (edge - a.x) / (b.x - a.x) : (edge - a.y) / (b.y - a.y)
                    let crossing = (x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                    let column = Int((vertical ? edge : crossing.x) / 4096), row = Int((vertical ? crossing.y : edge) / 4096)
                    let sides = vertical ? [TileID(z: 12, x: column - 1, y: row), TileID(z: 12, x: column, y: row)]
                                         : [TileID(z: 12, x: column, y: row - 1), TileID(z: 12, x: column, y: row)]
                    for side in sides {
                        let tile = try #require(byID[side], "tile \(side) missing for line \(n)")
                        #expect(distance(crossing, toLines: Self.pieces(of: n, in: tile)) <= 1, "line \(n) at \(crossing) in \(side)")
                    }
                    crossings += 1
                }
            }
        }
        #expect(crossings > 50)
    }

    /// The tile edges (x = kE or y = kE, global units) segment a-b crosses, and whether each is vertical.
    static func edgesCrossed(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> [(Double, Bool)] {
        func crossed(_ u: Double, _ v: Double) -> [Double] {
            let low = (min(u, v) / 4096).rounded(.up), high = (max(u, v) / 4096).rounded(.down)
            return low <= high ? stride(from: low, through: high, by: 1).map { $0 * 4096 }.filter { $0 != u && $0 != v } : []
        }
        return crossed(a.x, b.x).map { ($0, true) } + crossed(a.y, b.y).map { ($0, false) }
    }

    @Test func aLineWhollyInsideOneTileIsOnePieceInThatTileAlone() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let base = 4096.0 * 300
            let line = UnitFrame.randomLine(&random, from: (base + 2048, base + 2048), count: 200, step: 15)
            guard line.allSatisfy({ abs($0.x - base - 2048) < 1900 && abs($0.y - base - 2048) < 1900 }) else { continue }
            let tiles = try Self.tiled([line])
            #expect(tiles.map(\.id) == [TileID(z: 12, x: 300, y: 300)])
            #expect(tiles.first?.layers.first?.features.count == 1)
            #expect(tiles.first?.layers.first?.features.first?.geometry.count == 1)
        }
    }

    /// A straight line across 4,000 columns and 1,000 rows of zoom 14, a vertex every 100
    /// units: cut by walking its segments (clipping it against every tile of its box would be
    /// four million tiles), it is one piece in each tile it crosses, ending on the clip edges.
    @Test func aLongLineIsWalkedIntoOnePiecePerTileItCrosses() throws {
        let frame = UnitFrame(zoom: 14)
        let start = (x: 4096.0 * 100.5, y: 4096.0 * 200.5), end = (x: 4096.0 * 4100.5, y: 4096.0 * 1200.5)
        let count = Int((end.x - start.x) / 100)
        let line = (0...count).map { (k: Int) -> (x: Double, y: Double) in
            let t = Double(k) / Double(count)
            return (start.x + t * (end.x - start.x), start.y + t * (end.y - start.y))
        }
        var options = TilingOptions(minZoom: 14, maxZoom: 14)
        options.bufferUnits = 64
        let tiles = try decodedTiles(try Tiler.tile(layers: [lineLayer([line], frame: frame)], options: options))
        #expect(tiles.count >= 5000 && tiles.count < 5400)
        for tile in tiles {
            let parts = tile.layers[0].features.flatMap(\.geometry)
            #expect(parts.count == 1, "tile \(tile.id)")
            for point in [parts[0].first!, parts[0].last!] where tile.id != TileID(z: 14, x: 100, y: 200) && tile.id != TileID(z: 14, x: 4100, y: 1200) {
                let onEdge = [-64, 4096 + 64].contains(point.x) || [-64, 4096 + 64].contains(point.y)
                #expect(onEdge, "tile \(tile.id) piece ends at \(point)")
            }
        }
    }

    @Test func everyDecodedPointLiesOnTheInputWithinOneUnit() throws {
        let lines = Self.lines(seed: 9)
        for tile in try Self.tiled(lines) {
            for n in lines.indices {
                for point in Self.pieces(of: n, in: tile).joined() {
                    #expect(distance(point, toLines: [lines[n]]) <= 0.75, "line \(n) point \(point) in \(tile.id)")
                }
            }
        }
    }

    @Test func pointsAreKeptInEveryTileWhoseBufferHoldsThem() throws {
        let frame = UnitFrame(zoom: 10)
        let corner = (x: 4096.0 * 20, y: 4096.0 * 30)
        let near = TileFeature(geometry: .points([frame.world(corner.x - 10, corner.y + 63)]), properties: [])
        let far = TileFeature(geometry: .points([frame.world(corner.x + 200, corner.y + 200)]), properties: [])
        let tileset = try Tiler.tile(layers: [TileLayer(name: "p", features: [near, far], toleranceUnits: { _ in 0 })],
                                     options: TilingOptions(minZoom: 10, maxZoom: 10))
        let tiles = try decodedTiles(tileset)
        #expect(tiles.map(\.id) == [TileID(z: 10, x: 19, y: 29), TileID(z: 10, x: 19, y: 30), TileID(z: 10, x: 20, y: 29), TileID(z: 10, x: 20, y: 30)])
        #expect(tiles[0].layers[0].features.first?.geometry == [[TilePoint(x: 4086, y: 4096 + 63)]])
        #expect(tiles[3].layers[0].features.map(\.geometry) == [[[TilePoint(x: -10, y: 63)]], [[TilePoint(x: 200, y: 200)]]])
    }
}
