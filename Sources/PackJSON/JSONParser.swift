import Foundation

/// Which grammar `JSONParser` accepts.
public enum JSONParseMode: Sendable, Hashable {
    /// RFC 8259 exactly. In both modes, lone UTF-16 surrogates in `\u` escapes, invalid UTF-8
    /// in strings and numbers beyond the range of `Double` are errors; numbers are rounded to
    /// the nearest `Double`.
    case strict
    /// Strict JSON plus what recipes use from JSON5: `//` and `/* */` comments, trailing commas,
    /// unquoted ASCII-identifier keys (`[A-Za-z_$][A-Za-z0-9_$]*`, non-ASCII letters allowed),
    /// single-quoted strings, JSON5 string escapes (`\'`, `\v`, `\0`, `\xHH`, line
    /// continuations), a leading `+`, leading or trailing decimal points, hexadecimal
    /// integers, and the JSON5 extra whitespace. `Infinity` and `NaN` are rejected.
    case json5
}

/// Parses JSON or JSON5 into a `JSONNode` tree that remembers where each value and key is.
///
/// Any object with a repeated key is an error naming both lines. A leading UTF-8 byte-order
/// mark is skipped. Nesting deeper than `maxDepth` is an error, so hostile input cannot
/// exhaust the stack (the parser does not recurse). Never traps on any input.
///
/// ```swift
/// let root = try JSONParser.parse(recipeBytes, mode: .json5)
/// for route in try root.member("routes").array() {
///     try route.requireOnlyKeys(["id", "name", "via"])
///     let id = try route.member("id").string()
///     let spacing = try route["spacingM"]?.double(in: 1...100) ?? 12
/// }
/// ```
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// Parses `bytes` (UTF-8). Throws `JSONSyntaxError` at the first problem.
    public static func parse(_ bytes: [UInt8], mode: JSONParseMode = .strict) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONTree, JSONSyntaxError> in
            var engine = JSONParserEngine(buffer: buffer, json5: mode == .json5)
            do throws(JSONSyntaxError) {
                try engine.run()
            } catch {
                return .failure(error)
            }
            return .success(JSONTree(source: bytes, entries: engine.entries, children: engine.children,
                                     strings: engine.strings))
        }
        return JSONNode(tree: try result.get(), index: 0, keyIndex: -1, path: .root)
    }

    /// Parses UTF-8 `data`. Throws `JSONSyntaxError` at the first problem.
    public static func parse(_ data: Data, mode: JSONParseMode = .strict) throws(JSONSyntaxError) -> JSONNode {
        try parse([UInt8](data), mode: mode)
    }

    /// Parses `text`. Throws `JSONSyntaxError` at the first problem.
    public static func parse(_ text: String, mode: JSONParseMode = .strict) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8), mode: mode)
    }
}
