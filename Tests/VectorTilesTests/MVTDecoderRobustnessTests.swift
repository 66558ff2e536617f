import Foundation
import ProtobufWire
import Testing
import TrailpackCore
@testable import VectorTiles

@Suite struct MVTDecoderRobustnessTests {
    static func sampleTile() throws -> [UInt8] {
        let frame = UnitFrame(zoom: 6)
        var random = SplitMix64(seed: 3)
        let line = UnitFrame.randomLine(&random, from: (1000, 1000), count: 40, step: 60)
        let layer = lineLayer([line], frame: frame)
        let points = TileLayer(name: "pois", features: [TileFeature(geometry: .points([frame.world(5, 5)]), properties: [("name", .string("A")), ("ele", .double(1.5))])],
                               toleranceUnits: { _ in 0 })
        return try #require(try Tiler.tile(layers: [layer, points], options: TilingOptions(minZoom: 6, maxZoom: 6)).tiles.first).bytes
    }

    @Test func refusesEveryTruncation() throws {
        let bytes = try Self.sampleTile()
        #expect(try MVTDecoder.decode([]).isEmpty)
        let firstLayerEnd = 2 + Int(bytes[1] & 0x7f) + (bytes[1] >= 0x80 ? Int(bytes[2]) << 7 + 1 : 0)
        for cut in 1..<bytes.count where cut != firstLayerEnd {
            #expect(throws: MVTDecodeError.self) { try MVTDecoder.decode(Array(bytes.prefix(cut))) }
        }
    }

    @Test func neverCrashesOnGarbageOrFlippedBits() throws {
        let bytes = try Self.sampleTile()
        var random = SplitMix64(seed: 99)
        var refused = 0
        for round in 0..<3000 {
            var hostile = bytes
            if round % 3 == 0 {
                hostile = (0..<Int(random.unit() * 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                for _ in 0..<1 + Int(random.unit() * 4) {
                    hostile[Int(random.unit() * Double(hostile.count))] ^= UInt8(1) << UInt8(random.unit() * 8)
                }
            }
            do { _ = try MVTDecoder.decode(hostile) } catch { refused += 1 }
        }
        #expect(refused > 1000)
    }

    /// A layer (name "x", one key, one value) around one feature's raw fields.
    static func tile(feature: ProtobufWriter, keys: Int = 1) -> [UInt8] {
        var layer = ProtobufWriter()
        layer.string(field: 1, "x")
        layer.message(field: 2, feature)
        for k in 0..<keys { layer.string(field: 3, "k\(k)") }
        var value = ProtobufWriter()
        value.string(field: 1, "v")
        layer.message(field: 4, value)
        layer.uint32(field: 15, 2)
        var tile = ProtobufWriter()
        tile.message(field: 3, layer)
        return tile.bytes
    }

    @Test func errorsNameTheLayerTheFeatureAndTheOffset() {
        var feature = ProtobufWriter()
        feature.packedUInt32(field: 2, [0, 5])            // value 5 of 1
        feature.uint32(field: 3, 1)
        feature.packedUInt32(field: 4, [9, 2, 2])
        #expect { try MVTDecoder.decode(Self.tile(feature: feature)) } throws: { error in
            guard let error = error as? MVTDecodeError else { return false }
            return error.layerIndex == 0 && error.layerName == "x" && error.featureIndex == 0 && error.byteOffset > 0
                && error.reason.contains("outside the 1 keys and 1 values")
                && error.description.hasPrefix("vector tile, layer 0 \"x\", feature 0, byte ")
        }
    }

    @Test func refusesAKeyTaggedTwice() {
        var feature = ProtobufWriter()
        feature.packedUInt32(field: 2, [0, 0, 0, 0])
        feature.uint32(field: 3, 1)
        feature.packedUInt32(field: 4, [9, 2, 2])
        #expect { try MVTDecoder.decode(Self.tile(feature: feature)) } throws: { error in
            (error as? MVTDecodeError)?.reason == "a key is tagged more than once"
        }
    }

    @Test func refusesHostileGeometryQuicklyAndByItsRules() {
        let cases: [(commands: [UInt32], type: UInt32, reason: String)] = [
            ([MVTSchema.command(1, count: (1 << 29) - 1)], 1, "runs out of parameters"),
            ([9, 2, 2, 18, 2], 2, "runs out of parameters"),
            ([9, 2, 2], 2, "has one point"),
            ([9, 2, 2, 10, 4, 4], 1, "LineTo in a point feature"),
            ([17, 2, 2, 4, 4], 2, "MoveTo with count 2"),
            ([9, 0, 0, 18, 2, 0, 0, 2], 3, "not closed"),
            ([9, 0, 0, 10, 2, 0, 15], 3, "fewer than 3"),
            ([11, 0, 0], 1, "unknown command 3"),
            ([], 2, "no geometry"),
        ]
        for (commands, type, reason) in cases {
            var feature = ProtobufWriter()
            feature.uint32(field: 3, type)
            feature.packedUInt32(field: 4, commands)
            #expect { try MVTDecoder.decode(Self.tile(feature: feature)) } throws: { error in
                (error as? MVTDecodeError)?.reason.contains(reason) == true
            }
        }
    }

    @Test func refusesBadLayersAndValues() {
        var noName = ProtobufWriter()
        noName.uint32(field: 15, 2)
        var twoFields = ProtobufWriter()
        twoFields.string(field: 1, "a")
        twoFields.bool(field: 7, true)
        var badValue = ProtobufWriter()
        badValue.string(field: 1, "x")
        badValue.message(field: 4, twoFields)
        var version3 = ProtobufWriter()
        version3.string(field: 1, "x")
        version3.uint32(field: 15, 3)
        var named = ProtobufWriter()
        named.string(field: 1, "same")
        for (layers, reason) in [([noName], "no name"), ([badValue], "has 2 fields"), ([version3], "version 3"), ([named, named], "same name")] {
            var tile = ProtobufWriter()
            for layer in layers { tile.message(field: 3, layer) }
            #expect { try MVTDecoder.decode(tile.bytes) } throws: { error in
                (error as? MVTDecodeError)?.reason.contains(reason) == true
            }
        }
    }
}
