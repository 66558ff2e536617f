import Foundation
import ProtobufWire
import Testing

@Suite struct ProtobufWireTests {
    @Test func writesVarintsZigzagAndFixedFieldsByteForByte() {
        var writer = ProtobufWriter()
        writer.uint64(field: 1, 300)                 // 08 ac 02
        writer.sint64(field: 2, -2)                  // 10 03
        writer.int64(field: 3, -1)                   // 18 ff ff ff ff ff ff ff ff ff 01
        writer.double(field: 4, 1)                   // 21 + 8 bytes, little endian
        writer.float(field: 5, -2)                   // 2d + 4 bytes
        writer.bool(field: 6, true)                  // 30 01
        writer.packedVarints(field: 7, [1, 150])     // 3a 03 01 96 01
        let expected: [UInt8] = [0x08, 0xac, 0x02, 0x10, 0x03, 0x18] + [UInt8](repeating: 0xff, count: 9) + [0x01,
                                 0x21, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x2d, 0, 0, 0, 0xc0, 0x30, 0x01, 0x3a, 0x03, 0x01, 0x96, 0x01]
        #expect(writer.bytes == expected)
    }

    @Test func readsBackEveryWireTypeAndPackedValues() throws {
        var writer = ProtobufWriter()
        writer.uint64(field: 1, .max)
        writer.sint64(field: 2, .min)
        writer.double(field: 3, -0.125)
        writer.float(field: 4, 3.5)
        writer.packedUInt32(field: 5, [0, 127, 128, .max])
        writer.string(field: 6, "Šetnjica")
        var reader = ProtobufReader(writer.bytes[...], context: "test")
        var fields: [ProtobufField] = []
        while !reader.isAtEnd { fields.append(try reader.nextField()) }
        #expect(fields.map(\.number) == [1, 2, 3, 4, 5, 6])
        guard case .varint(let a) = fields[0].value, case .varint(let b) = fields[1].value,
              case .fixed64(let c) = fields[2].value, case .fixed32(let d) = fields[3].value,
              case .bytes(let packed) = fields[4].value, case .bytes(let text) = fields[5].value else {
            Issue.record("wrong wire types")
            return
        }
        #expect(a == .max && Zigzag.decode(b) == .min)
        #expect(Double(bitPattern: c) == -0.125 && Float(bitPattern: d) == 3.5)
        #expect(try PackedVarints.decode(packed, context: "packed") == [0, 127, 128, UInt64(UInt32.max)])
        #expect(String(decoding: text, as: UTF8.self) == "Šetnjica")
    }

    @Test func zigzagMapsSmallMagnitudesToSmallNumbers() {
        #expect([0, -1, 1, -2, 2].map { Zigzag.encode(Int32($0)) } == [0, 1, 2, 3, 4])
        for value: Int64 in [0, 1, -1, .max, .min, 123_456_789, -987_654_321] {
            #expect(Zigzag.decode(Zigzag.encode(value)) == value)
        }
        #expect(ProtobufWriter.varintSize(0) == 1 && ProtobufWriter.varintSize(127) == 1 && ProtobufWriter.varintSize(128) == 2)
        #expect(ProtobufWriter.varintSize(.max) == 10)
    }

    @Test func errorsNameTheMessageAndBothOffsets() {
        let bytes: [UInt8] = [0x08, 0x01, 0x12, 0x05, 0x01]   // field 2 claims 5 bytes, 1 follows
        var reader = ProtobufReader(bytes[2...], context: "inner")
        #expect { _ = try reader.nextField() } throws: { error in
            guard let wire = error as? ProtobufWireError else { return false }
            return wire.context == "inner" && wire.byteOffset == 2 && wire.messageStart == 2 && wire.bufferOffset == 4
                && wire.reason == "field 2 runs past the end"
        }
        for hostile: [UInt8] in [[0x80], [0x0b], [0x00], [0x09, 1, 2], [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]] {
            var reader = ProtobufReader(hostile[...], context: "hostile")
            #expect(throws: ProtobufWireError.self) { _ = try reader.nextField() }
        }
        var packed = PackedVarints([0x80, 0x80][...], context: "packed")
        #expect(throws: ProtobufWireError.self) { _ = try packed.next() }
        var wide = PackedVarints([0x80, 0x80, 0x80, 0x80, 0x10][...], context: "packed")
        #expect(throws: ProtobufWireError.self) { _ = try wide.nextUInt32() }
    }
}
