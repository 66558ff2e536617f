/// A feature property's value as MVT 2.1 stores it (`Tile.Value`: exactly one of string, float,
/// double, int64, uint64, sint64, bool). The encoder writes `.int` as `int_value` when it is
/// not negative and as `sint_value` (zigzag, short) when it is; the decoder reads both back as
/// `.int`, so every value round-trips.
public enum TileValue: Sendable, CustomStringConvertible {
    case string(String)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case float(Float)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .int(let value): "\(value)"
        case .uint(let value): "\(value)"
        case .double(let value): "\(value)"
        case .float(let value): "\(value)f"
        case .bool(let value): "\(value)"
        }
    }

    /// The identity a layer's value table dedupes by: kind and exact bits (so NaN equals itself
    /// and 0.0 differs from -0.0, as their encodings do).
    var tableKey: TableKey {
        switch self {
        case .string(let text): .string(text)
        case .int(let value): .int(value)
        case .uint(let value): .uint(value)
        case .double(let value): .double(value.bitPattern)
        case .float(let value): .float(value.bitPattern)
        case .bool(let value): .bool(value)
        }
    }

    enum TableKey: Hashable {
        case string(String), int(Int64), uint(UInt64), double(UInt64), float(UInt32), bool(Bool)
    }
}

extension TileValue: Hashable {
    /// Same kind and same bits: `.double(.nan) == .double(.nan)`, `.int(1) != .uint(1)`.
    public static func == (a: TileValue, b: TileValue) -> Bool { a.tableKey == b.tableKey }

    public func hash(into hasher: inout Hasher) { hasher.combine(tableKey) }
}
