/// Protocol buffers' zigzag mapping of signed to unsigned integers (`sint32`, `sint64`, and
/// MVT's geometry parameters): 0, -1, 1, -2... become 0, 1, 2, 3..., so small magnitudes of
/// either sign stay short as varints.
public enum Zigzag {
    public static func encode(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value << 1) ^ (value >> 31))
    }

    public static func encode(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    public static func decode(_ raw: UInt32) -> Int32 {
        Int32(bitPattern: raw >> 1) ^ -Int32(bitPattern: raw & 1)
    }

    public static func decode(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }
}
