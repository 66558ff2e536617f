/// One field read from a message: its number and its value by wire type.
public struct ProtobufField: Sendable {
    public enum Value: Sendable {
        /// Wire type 0: `int32`, `int64`, `uint32`, `uint64`, `sint32`, `sint64`, `bool`, enums.
        case varint(UInt64)
        /// Wire type 1: `fixed64`, `sfixed64`, `double` (the 8 bytes, little endian).
        case fixed64(UInt64)
        /// Wire type 5: `fixed32`, `sfixed32`, `float` (the 4 bytes, little endian).
        case fixed32(UInt32)
        /// Wire type 2: bytes, strings, embedded messages and packed repeated fields. The slice
        /// keeps the indices of the buffer it was read from.
        case bytes(ArraySlice<UInt8>)
    }

    public var number: Int
    public var value: Value

    public init(number: Int, value: Value) {
        self.number = number
        self.value = value
    }

    /// The wire type's name, for error messages ("varint", "64-bit", "length-delimited", "32-bit").
    public var wireTypeName: String {
        switch value {
        case .varint: "varint"
        case .fixed64: "64-bit"
        case .fixed32: "32-bit"
        case .bytes: "length-delimited"
        }
    }
}
