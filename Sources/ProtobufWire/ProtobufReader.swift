/// Reads the fields of one message in order, never past its end; every read is bounded by the
/// bytes left, so hostile input costs linear time and throws rather than traps.
public struct ProtobufReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int
    /// What the message is ("glyphs", "fontstack 1", "layer 2"...), for error messages.
    public let context: String

    /// A reader over `bytes`; a slice keeps its buffer's indices, so errors can name the offset
    /// both in the message and in the whole buffer.
    public init(_ bytes: ArraySlice<UInt8>, context: String) {
        self.bytes = bytes
        self.offset = bytes.startIndex
        self.context = context
    }

    public var isAtEnd: Bool { offset >= bytes.endIndex }

    /// Offset of the next byte to read from the first byte of this message.
    public var byteOffset: Int { offset - bytes.startIndex }

    /// A base-128 varint.
    /// - Throws: `ProtobufWireError` when it runs past the end or is longer than 10 bytes.
    public mutating func varint() throws(ProtobufWireError) -> UInt64 {
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

    /// The next field: its key, then its value by wire type.
    /// - Throws: `ProtobufWireError` on field number 0, a group or unknown wire type (3, 4, 6,
    ///   7), or a value that runs past the end. Field numbers are not checked against
    ///   protobuf's 2^29 - 1: an unknown field is skipped whatever its number.
    public mutating func nextField() throws(ProtobufWireError) -> ProtobufField {
        let key = try varint()
        let number = Int(key >> 3)
        guard number > 0 else { throw error("field number 0") }
        switch key & 7 {
        case 0: return ProtobufField(number: number, value: .varint(try varint()))
        case 1: return ProtobufField(number: number, value: .fixed64(try fixed(8)))
        case 5: return ProtobufField(number: number, value: .fixed32(UInt32(truncatingIfNeeded: try fixed(4))))
        case 2:
            let length = try varint()
            guard length <= UInt64(bytes.endIndex - offset) else { throw error("field \(number) runs past the end") }
            let start = offset
            offset += Int(length)
            return ProtobufField(number: number, value: .bytes(bytes[start..<offset]))
        default: throw error("unsupported wire type \(key & 7) in field \(number)")
        }
    }

    /// `count` bytes, little endian.
    private mutating func fixed(_ count: Int) throws(ProtobufWireError) -> UInt64 {
        guard bytes.endIndex - offset >= count else { throw error("fixed-size field runs past the end") }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        offset += count
        return value
    }

    /// An error at the current offset, in this message's context.
    public func error(_ reason: String) -> ProtobufWireError {
        ProtobufWireError(context: context, byteOffset: offset - bytes.startIndex, messageStart: bytes.startIndex, reason: reason)
    }
}
