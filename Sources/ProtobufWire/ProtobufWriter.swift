/// Writes a protocol buffers message field by field, in the order called (callers write
/// fields in field-number order, so the same input gives the same bytes).
/// Wire format: https://protobuf.dev/programming-guides/encoding/
public struct ProtobufWriter: Sendable {
    /// The wire types: 0 varint, 1 fixed 64-bit, 2 length-delimited, 5 fixed 32-bit.
    public enum WireType: UInt64, Sendable {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    /// The message written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Starts with room for `capacity` bytes (no effect on the output).
    public init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Forgets what was written, keeping the storage (a scratch writer reused per tile).
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// A base-128 varint, least significant group first (1 to 10 bytes).
    public mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// A field's key: its number and wire type.
    public mutating func key(field: Int, _ wireType: WireType) {
        varint(UInt64(field) << 3 | wireType.rawValue)
    }

    public mutating func uint32(field: Int, _ value: UInt32) {
        key(field: field, .varint)
        varint(UInt64(value))
    }

    public mutating func uint64(field: Int, _ value: UInt64) {
        key(field: field, .varint)
        varint(value)
    }

    /// `int64`: two's complement, so a negative value takes 10 bytes (see `sint64`).
    public mutating func int64(field: Int, _ value: Int64) {
        key(field: field, .varint)
        varint(UInt64(bitPattern: value))
    }

    /// `sint32`: zigzag, so small negative numbers stay short.
    public mutating func sint32(field: Int, _ value: Int32) {
        key(field: field, .varint)
        varint(UInt64(Zigzag.encode(value)))
    }

    /// `sint64`: zigzag, so small negative numbers stay short.
    public mutating func sint64(field: Int, _ value: Int64) {
        key(field: field, .varint)
        varint(Zigzag.encode(value))
    }

    public mutating func bool(field: Int, _ value: Bool) {
        key(field: field, .varint)
        bytes.append(value ? 1 : 0)
    }

    /// `double`: IEEE 754 binary64, little endian.
    public mutating func double(field: Int, _ value: Double) {
        key(field: field, .fixed64)
        fixed64(value.bitPattern)
    }

    /// `float`: IEEE 754 binary32, little endian.
    public mutating func float(field: Int, _ value: Float) {
        key(field: field, .fixed32)
        fixed32(value.bitPattern)
    }

    /// Eight bytes, little endian, without a key.
    public mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Four bytes, little endian, without a key.
    public mutating func fixed32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    public mutating func lengthDelimited(field: Int, _ payload: some Collection<UInt8>) {
        key(field: field, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    /// An embedded message: `message`'s bytes, length-delimited.
    public mutating func message(field: Int, _ message: ProtobufWriter) {
        lengthDelimited(field: field, message.bytes)
    }

    public mutating func string(field: Int, _ text: String) {
        lengthDelimited(field: field, Array(text.utf8))
    }

    /// A packed repeated varint field (`[packed = true]`, proto3's default): one key, the
    /// byte length, then the values' varints. Nothing is written for no values.
    public mutating func packedVarints(field: Int, _ values: some Collection<UInt64>) {
        guard !values.isEmpty else { return }
        key(field: field, .lengthDelimited)
        varint(UInt64(values.reduce(0) { $0 + Self.varintSize($1) }))
        for value in values { varint(value) }
    }

    /// A packed repeated `uint32` field (MVT's `tags` and `geometry`).
    public mutating func packedUInt32(field: Int, _ values: [UInt32]) {
        guard !values.isEmpty else { return }
        key(field: field, .lengthDelimited)
        var length = 0
        for value in values { length += Self.varintSize(UInt64(value)) }
        varint(UInt64(length))
        // Sized once, then filled in place: the hot loop of vector tile geometry.
        var index = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            for value in values {
                var rest = value
                while rest >= 0x80 {
                    buffer[index] = UInt8(truncatingIfNeeded: rest) | 0x80
                    rest >>= 7
                    index += 1
                }
                buffer[index] = UInt8(truncatingIfNeeded: rest)
                index += 1
            }
        }
    }

    /// Appends bytes already in wire format (a message's fields written elsewhere).
    public mutating func append(raw: some Collection<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// The number of bytes `varint(value)` writes: 1 to 10.
    public static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
