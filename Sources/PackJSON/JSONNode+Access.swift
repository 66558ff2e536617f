/// Throwing, typed access for readers such as the recipe loader and the pack validator. Every
/// accessor throws `JSONAccessError` naming this node's path and position.
extension JSONNode {
    /// The member `key` of this object. Throws if this is not an object (type mismatch) or the
    /// key is absent (`missingKey`, located at the object).
    public func member(_ key: String) throws(JSONAccessError) -> JSONNode {
        guard type == .object else { throw mismatch("an object") }
        guard let node = self[key] else {
            throw JSONAccessError(path: path, position: position, reason: .missingKey(key))
        }
        return node
    }

    /// The string value. Throws unless this is a string.
    public func string() throws(JSONAccessError) -> String {
        guard case .string(let text) = scalar else { throw mismatch("a string") }
        return text
    }

    /// The boolean value. Throws unless this is `true` or `false`.
    public func bool() throws(JSONAccessError) -> Bool {
        guard case .bool(let flag) = scalar else { throw mismatch("a boolean") }
        return flag
    }

    /// The number value. Throws unless this is a number.
    public func double() throws(JSONAccessError) -> Double {
        guard case .number(let number) = scalar else { throw mismatch("a number") }
        return number
    }

    /// The number value, which must lie in `range`. Throws on a non-number or (`outOfRange`) a
    /// number outside the range.
    public func double(in range: ClosedRange<Double>) throws(JSONAccessError) -> Double {
        let number = try double()
        guard range.contains(number) else {
            throw JSONAccessError(path: path, position: position, reason: .outOfRange(
                value: number,
                range: "\(JSONNumberFormat.string(range.lowerBound))...\(JSONNumberFormat.string(range.upperBound))"))
        }
        return number
    }

    /// The number value as an integer. Throws on a non-number (type mismatch) or a number with
    /// a fraction or beyond `Int` (`notAnInteger`).
    public func int() throws(JSONAccessError) -> Int {
        guard case .number(let number) = scalar else { throw mismatch("an integer") }
        guard number.rounded(.towardZero) == number, number >= -0x1p63, number < 0x1p63 else {
            throw JSONAccessError(path: path, position: position, reason: .notAnInteger(number))
        }
        return Int(number)
    }

    /// The integer value, which must lie in `range`. Throws as `int()`, or (`outOfRange`) for
    /// an integer outside the range.
    public func int(in range: ClosedRange<Int>) throws(JSONAccessError) -> Int {
        let number = try int()
        guard range.contains(number) else {
            throw JSONAccessError(path: path, position: position,
                                  reason: .outOfRange(value: Double(number), range: "\(range.lowerBound)...\(range.upperBound)"))
        }
        return number
    }

    /// The elements. Throws unless this is an array.
    public func array() throws(JSONAccessError) -> [JSONNode] {
        guard type == .array else { throw mismatch("an array") }
        return children
    }

    /// The member values (each with its `key`), in document order. Throws unless this is an
    /// object.
    public func object() throws(JSONAccessError) -> [JSONNode] {
        guard type == .object else { throw mismatch("an object") }
        return children
    }

    /// Checks that this object has no member outside `allowed`. Throws a type mismatch for a
    /// non-object, or `unknownKey` for the first offending member in document order, located at
    /// its key, suggesting the nearest allowed key within edit distance 2.
    public func requireOnlyKeys(_ allowed: some Collection<String>) throws(JSONAccessError) {
        if let first = try unknownKeys(allowed).first { throw first }
    }

    /// One `unknownKey` error per member outside `allowed`, in document order (for validators
    /// that report every problem). Throws a type mismatch for a non-object.
    public func unknownKeys(_ allowed: some Collection<String>) throws(JSONAccessError) -> [JSONAccessError] {
        let members = try object()
        let allowedSet = Set(allowed)
        return members.compactMap { member in
            guard let key = member.key, !allowedSet.contains(key) else { return nil }
            return JSONAccessError(path: member.path, position: member.keyPosition ?? member.position,
                                   reason: .unknownKey(key, suggestion: EditDistance.suggestion(for: key, among: allowed)))
        }
    }

    private enum Scalar {
        case string(String), bool(Bool), number(Double), other
    }

    private var scalar: Scalar {
        let e = tree.entries[Int(index)]
        switch e.kind {
        case .string: return .string(tree.strings[Int(e.payload)])
        case .bool: return .bool(e.payload != 0)
        case .number: return .number(Double(bitPattern: e.payload))
        default: return .other
        }
    }

    func mismatch(_ expected: String) -> JSONAccessError {
        JSONAccessError(path: path, position: position, reason: .typeMismatch(expected: expected, found: type))
    }
}
