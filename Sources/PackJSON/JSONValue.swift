/// A JSON value to be written by `JSONWriter` (or read back from a parsed `JSONNode`).
///
/// Numbers are `Double`s. The writer prints any integral value within ±2^53 without a decimal
/// point and every other finite value in its shortest round-trip decimal form, never with an
/// exponent. To limit decimals, round when building the value with `number(_:decimals:)`.
///
/// ```swift
/// let route: JSONValue = [
///     "id": .string(id),
///     "bytes": .int(byteCount),
///     "coords": .array(coords.map { [.number($0.lon, decimals: 7),
///                                    .number($0.lat, decimals: 7),
///                                    .number($0.ele, decimals: 1)] }),
/// ]
/// let bytes = try JSONWriter().bytes(route)   // sorted keys, 2-space indent, trailing newline
/// ```
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// An integer number. Exact for magnitudes up to 2^53.
    public static func int<T: BinaryInteger>(_ value: T) -> JSONValue {
        .number(Double(value))
    }

    /// A number rounded to at most `decimals` decimal places, ties away from zero,
    /// decided on the exact binary value of `value` (so 1.005 with 2 decimals is 1.0, because
    /// the double nearest 1.005 lies below it). At most 15 significant digits are kept: large
    /// magnitudes get fewer decimals. Negative zero becomes zero; non-finite values pass through
    /// unchanged (and make `JSONWriter` throw). `decimals` outside 0...15 is a programmer error
    /// (precondition).
    public static func number(_ value: Double, decimals: Int) -> JSONValue {
        .number(JSONNumberFormat.round(value, decimals: decimals))
    }

    /// The kind of this value.
    public var type: JSONType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The member named `key` if this is an object holding it, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` if this is an array long enough, else nil.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }
}

/// The six kinds of JSON value; `description` reads as in error messages ("a string").
public enum JSONType: Sendable, Hashable, CustomStringConvertible {
    case null, bool, number, string, array, object

    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Members keep the literal's order; a repeated key is a programmer error (precondition).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
