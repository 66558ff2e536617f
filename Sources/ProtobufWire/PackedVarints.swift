/// The values of a packed repeated varint field (`tags`, `geometry` in MVT), read one at a
/// time from its payload without copying it.
public struct PackedVarints: Sendable {
    private var reader: ProtobufReader

    /// A reader over a packed field's payload (`ProtobufField.Value.bytes`).
    public init(_ payload: ArraySlice<UInt8>, context: String) {
        reader = ProtobufReader(payload, context: context)
    }

    public var isAtEnd: Bool { reader.isAtEnd }

    /// Offset of the next value from the payload's first byte.
    public var byteOffset: Int { reader.byteOffset }

    /// The next value, or nil at the end of the payload.
    /// - Throws: `ProtobufWireError` when the last varint is cut short or too long.
    public mutating func next() throws(ProtobufWireError) -> UInt64? {
        reader.isAtEnd ? nil : try reader.varint()
    }

    /// The next value as a `uint32`, or nil at the end.
    /// - Throws: `ProtobufWireError` as `next()`, or when the value needs more than 32 bits.
    public mutating func nextUInt32() throws(ProtobufWireError) -> UInt32? {
        guard let value = try next() else { return nil }
        guard let small = UInt32(exactly: value) else { throw reader.error("packed value \(value) over 32 bits") }
        return small
    }

    /// Every value; at most one per byte of the payload, so the array is linear in the input.
    /// - Throws: `ProtobufWireError` as `next()`.
    public static func decode(_ payload: ArraySlice<UInt8>, context: String) throws(ProtobufWireError) -> [UInt64] {
        var values: [UInt64] = []
        values.reserveCapacity(payload.count)
        var reader = PackedVarints(payload, context: context)
        while let value = try reader.next() { values.append(value) }
        return values
    }

    /// An error at the current offset.
    public func error(_ reason: String) -> ProtobufWireError { reader.error(reason) }
}
