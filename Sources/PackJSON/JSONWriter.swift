import Foundation

/// Writes `JSONValue`s as UTF-8 JSON, byte-deterministically.
///
/// - Object keys are sorted by UTF-8 byte order (`sortKeys`, default on); otherwise members
///   keep their insertion order.
/// - Numbers never use exponents: integral values within ±2^53 print as integers (`1234`, never
///   `1234.0`), others in shortest round-trip form (`-71.4536123`); -0 prints as `0`. Round
///   with `JSONValue.number(_:decimals:)` to bound decimals.
/// - Strings escape `"`, `\` and control characters (`\b \f \n \r \t`, else `\u00XX` in lower
///   case); everything else, `/` and non-ASCII included, is copied as UTF-8.
/// - `.pretty` (default): 2-space indentation, `"key": value`, arrays whose elements are all
///   scalars on one line (`[-71.4536123, 44.5012345, 612.3]`), empty containers as `[]`/`{}`,
///   and a trailing newline. `.compact`: no whitespace at all, no trailing newline.
///
/// ```swift
/// let data = try JSONWriter().data(manifest)
/// let line = try JSONWriter(style: .compact).string(["a": [1, 2]])   // {"a":[1,2]}
/// ```
public struct JSONWriter: Sendable {
    /// Layout of the output.
    public enum Style: Sendable, Hashable {
        case pretty
        case compact
    }

    public var style: Style
    public var sortKeys: Bool

    public init(style: Style = .pretty, sortKeys: Bool = true) {
        self.style = style
        self.sortKeys = sortKeys
    }

    /// The encoded bytes. Throws `JSONWriteError` for a NaN or infinite number.
    public func bytes(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        try write(value, indent: 0, to: &out)
        if style == .pretty { out.append(0x0A) }
        return out
    }

    /// The encoded text. Throws `JSONWriteError` for a NaN or infinite number.
    public func string(_ value: JSONValue) throws(JSONWriteError) -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }

    /// The encoded bytes as `Data`. Throws `JSONWriteError` for a NaN or infinite number.
    public func data(_ value: JSONValue) throws(JSONWriteError) -> Data {
        Data(try bytes(value))
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(_ value: JSONValue, indent: Int, to out: inout [UInt8]) throws(JSONWriteError) {
        switch value {
        case .null:
            out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let flag):
            out.append(contentsOf: flag ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
        case .number(let number):
            guard number.isFinite else { throw JSONWriteError(path: .root, value: number) }
            JSONNumberFormat.append(number, to: &out)
        case .string(let text):
            Self.appendString(text, to: &out)
        case .array(let elements):
            try writeArray(elements, indent: indent, to: &out)
        case .object(let object):
            try writeObject(object, indent: indent, to: &out)
        }
    }

    private func writeArray(_ elements: [JSONValue], indent: Int, to out: inout [UInt8]) throws(JSONWriteError) {
        out.append(UInt8(ascii: "["))
        let multiline = style == .pretty && elements.contains { $0.isContainer }
        for (k, element) in elements.enumerated() {
            if k > 0 {
                out.append(UInt8(ascii: ","))
                if style == .pretty && !multiline { out.append(0x20) }
            }
            if multiline { newline(indent + 1, &out) }
            do {
                try write(element, indent: indent + 1, to: &out)
            } catch {
                throw JSONWriteError(path: JSONPath([.index(k)] + error.path.components), value: error.value)
            }
        }
        if multiline { newline(indent, &out) }
        out.append(UInt8(ascii: "]"))
    }

    private func writeObject(_ object: JSONObject, indent: Int, to out: inout [UInt8]) throws(JSONWriteError) {
        out.append(UInt8(ascii: "{"))
        var members = Array(object)
        if sortKeys { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
        for (k, member) in members.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            if style == .pretty { newline(indent + 1, &out) }
            Self.appendString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            if style == .pretty { out.append(0x20) }
            do {
                try write(member.value, indent: indent + 1, to: &out)
            } catch {
                throw JSONWriteError(path: JSONPath([.key(member.key)] + error.path.components), value: error.value)
            }
        }
        if style == .pretty && !members.isEmpty { newline(indent, &out) }
        out.append(UInt8(ascii: "}"))
    }

    private func newline(_ indent: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: 2 * indent))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]])
            default:
                out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
