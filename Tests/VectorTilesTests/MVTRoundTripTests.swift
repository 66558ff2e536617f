import Foundation
import ProtobufWire
import Testing
import TrailpackCore
@testable import VectorTiles

@Suite struct MVTRoundTripTests {
    /// The spec's own example: one Point at (25, 17) with one property, byte for byte.
    @Test func writesTheSpecsPointExampleByteForByte() throws {
        let frame = UnitFrame(zoom: 0)
        let feature = TileFeature(geometry: .points([frame.world(25, 17)]), properties: [("k", .string("v"))])
        let tileset = try Tiler.tile(layers: [TileLayer(name: "l", features: [feature], toleranceUnits: { _ in 0 })],
                                     options: TilingOptions(minZoom: 0, maxZoom: 0))
        let featureBytes: [UInt8] = [0x12, 0x02, 0x00, 0x00, 0x18, 0x01, 0x22, 0x03, 0x09, 0x32, 0x22]
        let layerBytes: [UInt8] = [0x0a, 0x01, 0x6c, 0x12, 0x0b] + featureBytes
            + [0x1a, 0x01, 0x6b, 0x22, 0x03, 0x0a, 0x01, 0x76, 0x28, 0x80, 0x20, 0x78, 0x02]
        #expect(tileset.tiles.count == 1)
        #expect(tileset.tiles.first?.bytes == [0x1a, UInt8(layerBytes.count)] + layerBytes)
    }

    @Test func roundTripsEveryValueKindWithTablesInFirstUseOrder() throws {
        let frame = UnitFrame(zoom: 3)
        let values: [TileValue] = [.string("Mont Blanc – 4808"), .int(-12), .int(4808), .uint(.max), .double(-0.5), .double(.nan),
                                   .float(1.25), .bool(true), .bool(false), .string("")]
        let features = values.enumerated().map { index, value in
            TileFeature(geometry: .points([frame.world(100 + Double(index) * 10, 200)]),
                        properties: [("kind", .string("peak")), ("v\(index % 3)", value), ("kind", .string("repeated"))])
        }
        let layer = TileLayer(name: "pois", features: features, toleranceUnits: { _ in 0 })
        let tileset = try Tiler.tile(layers: [layer], options: TilingOptions(minZoom: 3, maxZoom: 3))
        let decoded = try MVTDecoder.decode(try #require(tileset.tiles.first).bytes)
        let pois = try #require(decoded.first)
        #expect(decoded.count == 1 && pois.name == "pois" && pois.version == 2 && pois.extent == 4096)
        #expect(pois.keys == ["kind", "v0", "v1", "v2"])
        #expect(pois.values == [.string("peak")] + values)
        for (index, feature) in pois.features.enumerated() {
            #expect(feature.type == .point)
            #expect(feature.geometry == [[TilePoint(x: 100 + index * 10, y: 200)]])
            #expect(feature.properties.map(\.key) == ["kind", "v\(index % 3)"])
            #expect(feature.property("v\(index % 3)") == values[index])
        }
    }

    @Test func linesAcrossLayersKeepTheirPiecesOrderAndPoints() throws {
        let frame = UnitFrame(zoom: 5)
        let zigzag: [(x: Double, y: Double)] = [(10, 10), (300, 40), (20, 90), (310, 130)]
        let loop: [(x: Double, y: Double)] = [(500, 500), (600, 500), (600, 600), (500, 600), (500, 500)]
        let trails = lineLayer([zigzag, loop], name: "trails", frame: frame)
        let points = TileLayer(name: "pois", features: [TileFeature(geometry: .points([frame.world(7, 8), frame.world(9, 10)]),
                                                                    properties: [])], toleranceUnits: { _ in 0 })
        let tileset = try Tiler.tile(layers: [trails, points], options: TilingOptions(minZoom: 5, maxZoom: 5))
        let layers = try MVTDecoder.decode(try #require(tileset.tiles.first).bytes)
        #expect(layers.map(\.name) == ["trails", "pois"])
        #expect(layers[0].features.map(\.type) == [.lineString, .lineString])
        #expect(layers[0].features[0].geometry == [zigzag.map { TilePoint(x: Int($0.x), y: Int($0.y)) }])
        #expect(layers[0].features[1].geometry == [loop.map { TilePoint(x: Int($0.x), y: Int($0.y)) }])
        #expect(layers[0].features.map { $0.property("n") } == [.int(0), .int(1)])
        #expect(layers[1].features.first?.geometry == [[TilePoint(x: 7, y: 8), TilePoint(x: 9, y: 10)]])
    }

    @Test func leavesOutEmptyTilesLayersAndZoomsAFeatureIsNotIn() throws {
        let frame = UnitFrame(zoom: 4)
        let early = TileFeature(geometry: .lines([[frame.world(10, 10), frame.world(50, 50)]]), properties: [], minZoom: 0, maxZoom: 3)
        let late = TileFeature(geometry: .points([frame.world(4096 * 5 + 100, 100)]), properties: [], minZoom: 4, maxZoom: 4)
        let tileset = try Tiler.tile(layers: [TileLayer(name: "a", features: [early], toleranceUnits: { _ in 0 }),
                                              TileLayer(name: "b", features: [late], toleranceUnits: { _ in 0 })],
                                     options: TilingOptions(minZoom: 3, maxZoom: 4))
        #expect(tileset.tiles.map(\.id) == [TileID(z: 3, x: 0, y: 0), TileID(z: 4, x: 5, y: 0)])
        #expect(try MVTDecoder.decode(tileset.tiles[1].bytes).map(\.name) == ["b"])
        #expect(tileset.zooms.map(\.tiles) == [1, 1] && tileset.zooms.map(\.features) == [1, 1])
    }

    @Test func leavesOutNonFiniteVerticesAndLinesTooShortToDraw() throws {
        let frame = UnitFrame(zoom: 2)
        let nan = WorldPoint(LonLat(.nan, 1))
        let line = TileFeature(geometry: .lines([[frame.world(10, 10), nan, frame.world(20, 10)], [nan, frame.world(5, 5)]]), properties: [])
        let points = TileFeature(geometry: .points([nan, frame.world(30, 30)]), properties: [])
        let tileset = try Tiler.tile(layers: [TileLayer(name: "l", features: [line, points], toleranceUnits: { _ in 0 })],
                                     options: TilingOptions(minZoom: 2, maxZoom: 2))
        let features = try MVTDecoder.decode(try #require(tileset.tiles.first).bytes)[0].features
        #expect(features.map(\.geometry) == [[[TilePoint(x: 10, y: 10), TilePoint(x: 20, y: 10)]], [[TilePoint(x: 30, y: 30)]]])
    }

    @Test func refusesBadOptionsAndDuplicateLayerNames() {
        let layer = TileLayer(name: "x", features: [], toleranceUnits: { _ in 0 })
        #expect(throws: TilingError.self) { try Tiler.tile(layers: [layer, layer], options: TilingOptions(minZoom: 0, maxZoom: 1)) }
        #expect(throws: TilingError.self) { try Tiler.tile(layers: [layer], options: TilingOptions(minZoom: 5, maxZoom: 4)) }
        var noThreads = TilingOptions(minZoom: 0, maxZoom: 1)
        noThreads.threads = 0
        #expect(throws: TilingError.self) { try Tiler.tile(layers: [layer], options: noThreads) }
    }

    @Test func worldPointsAndTileBoundsAgreeWithWebMercator() {
        let summit = LonLat(7.6586, 45.9763)
        let point = WorldPoint(summit)
        let tile = TileID(containing: point, zoom: 14)
        #expect(tile == TileID(z: 14, x: 8540, y: 5830))
        #expect(tile.bounds.contains(summit))
        #expect(abs(point.lonLat.lon - summit.lon) < 1e-9 && abs(point.lonLat.lat - summit.lat) < 1e-9)
        #expect(WorldPoint(LonLat(-180, 89)).y == 0 && WorldPoint(LonLat(180, -89)).x == 1)
        #expect(abs(TileID(z: 0, x: 0, y: 0).bounds.north - WorldPoint.maxLatitudeDeg) < 1e-9)
        #expect(!WorldPoint(LonLat(.nan, 0)).isFinite)
        guard case .lines(let lines) = TileGeometry(lonLatLines: [[summit, LonLat(7.7, 46)]]) else { return }
        #expect(lines == [[point, WorldPoint(LonLat(7.7, 46))]])
    }
}
