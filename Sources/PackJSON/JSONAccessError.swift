/// A parsed value that is not what the reader expected, located by key path and source
/// position. `description` reads `routes[2].name: expected a string, found a number (line 14,
/// column 15)`.
public struct JSONAccessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// The value has the wrong type; `expected` reads like "a string" or "an integer".
        case typeMismatch(expected: String, found: JSONType)
        /// A required member is absent; the error sits at the object.
        case missingKey(String)
        /// A member not among the allowed keys; the error sits at its key. `suggestion` is an
        /// allowed key within edit distance 2, else the one the key begins (`azimuth` →
        /// `azimuthDeg`: `EditDistance.suggestion`), if any.
        case unknownKey(String, suggestion: String?)
        /// A number outside the allowed range (`range` reads like "0.1...1000").
        case outOfRange(value: Double, range: String)
        /// A number with a fraction, or beyond `Int`, where an integer is needed.
        case notAnInteger(Double)
        /// Any other problem, in the reader's words.
        case invalid(String)
    }

    /// The path of the offending value (of the object, for a missing key).
    public var path: JSONPath
    /// Where the offending value (or unknown key) starts.
    public var position: JSONPosition
    public var reason: Reason

    public init(path: JSONPath, position: JSONPosition, reason: Reason) {
        self.path = path
        self.position = position
        self.reason = reason
    }

    /// 1-based line of the problem.
    public var line: Int { position.line }
    /// 1-based column of the problem.
    public var column: Int { position.column }

    /// What is wrong, without path or location ("expected a string, found a number").
    public var message: String {
        switch reason {
        case .typeMismatch(let expected, let found):
            return "expected \(expected), found \(found)"
        case .missingKey(let key):
            return "missing required key \(JSONWriter.quoted(key))"
        case .unknownKey(let key, let suggestion):
            let base = "unknown key \(JSONWriter.quoted(key))"
            return suggestion.map { base + "; did you mean \(JSONWriter.quoted($0))?" } ?? base
        case .outOfRange(let value, let range):
            return "\(JSONNumberFormat.string(value)) is out of range \(range)"
        case .notAnInteger(let value):
            return "expected an integer, found \(JSONNumberFormat.string(value))"
        case .invalid(let text):
            return text
        }
    }

    public var description: String { "\(path): \(message) (\(position))" }
}
