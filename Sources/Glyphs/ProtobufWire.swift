/// The few pieces of the protocol buffers wire format glyph PBFs use: varints (wire type 0),
/// zigzag `sint32`, and length-delimited bytes, strings and messages (wire type 2).
/// https://protobuf.dev/programming-guides/encoding/
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func uint32(field: Int, _ value: UInt32) {
        varint(UInt64(field << 3))
        varint(UInt64(value))
    }

    /// `sint32`: zigzag, so small negative numbers stay short.
    mutating func sint32(field: Int, _ value: Int32) {
        varint(UInt64(field << 3))
        varint(UInt64(UInt32(bitPattern: (value << 1) ^ (value >> 31))))
    }

    mutating func lengthDelimited(field: Int, _ payload: [UInt8]) {
        varint(UInt64(field << 3 | 2))
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    mutating func string(field: Int, _ text: String) {
        lengthDelimited(field: field, Array(text.utf8))
    }
}

/// One field read from a message: its number and either a varint or a byte slice.
struct ProtobufField {
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed  // a 32- or 64-bit field, skipped (glyph PBFs have none)
    }
    var number: Int
    var value: Value
}

/// Reads the fields of one message in order; throws on truncated or malformed input.
struct ProtobufReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int
    /// What the message is ("glyphs", "fontstack 1", ...), for error messages.
    let context: String

    init(_ bytes: ArraySlice<UInt8>, context: String) {
        self.bytes = bytes
        self.offset = bytes.startIndex
        self.context = context
    }

    var isAtEnd: Bool { offset >= bytes.endIndex }

    mutating func varint() throws(GlyphPBFError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex else { throw error("varint runs past the end") }
            guard shift < 64 else { throw error("varint longer than 10 bytes") }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func nextField() throws(GlyphPBFError) -> ProtobufField {
        let key = try varint()
        let number = Int(key >> 3)
        guard number > 0 else { throw error("field number 0") }
        switch key & 7 {
        case 0: return ProtobufField(number: number, value: .varint(try varint()))
        case 1: try skip(8); return ProtobufField(number: number, value: .fixed)
        case 5: try skip(4); return ProtobufField(number: number, value: .fixed)
        case 2:
            let length = try varint()
            guard length <= UInt64(bytes.endIndex - offset) else { throw error("field \(number) runs past the end") }
            let start = offset
            offset += Int(length)
            return ProtobufField(number: number, value: .bytes(bytes[start..<offset]))
        default: throw error("unsupported wire type \(key & 7) in field \(number)")
        }
    }

    private mutating func skip(_ count: Int) throws(GlyphPBFError) {
        guard bytes.endIndex - offset >= count else { throw error("fixed-size field runs past the end") }
        offset += count
    }

    func error(_ reason: String) -> GlyphPBFError {
        GlyphPBFError(context: context, byteOffset: offset - bytes.startIndex, reason: reason)
    }
}
