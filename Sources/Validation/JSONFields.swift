import PackJSON
import TrailpackCore

/// Typed reads of one JSON file's values that report problems (`json.key-missing`,
/// `json.type`, `bbox.invalid`) to a `ProblemLog` instead of throwing, so that one bad value
/// does not hide the next.
struct JSONFields {
    let file: String
    let log: ProblemLog

    /// The member `key` of object `node`; reports `json.key-missing` when absent.
    func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        guard node.type == .object else { return nil }
        if let value = node[key] { return value }
        log.add(.jsonKeyMissing, file: file, node: node, expected: "key \(JSONWriter.quoted(key))", found: "no such key")
        return nil
    }

    /// `node` if it has type `type`; otherwise reports `json.type` and returns nil.
    func typed(_ node: JSONNode?, _ type: JSONType) -> JSONNode? {
        guard let node else { return nil }
        guard node.type == type else {
            log.add(.jsonType, file: file, node: node, expected: type.description, found: Self.describe(node))
            return nil
        }
        return node
    }

    func object(_ node: JSONNode, _ key: String) -> JSONNode? { typed(member(node, key), .object) }

    func array(_ node: JSONNode, _ key: String) -> [JSONNode]? { typed(member(node, key), .array)?.children }

    func string(_ node: JSONNode, _ key: String) -> String? { Self.stringValue(typed(member(node, key), .string)) }

    func number(_ node: JSONNode, _ key: String) -> Double? { Self.numberValue(typed(member(node, key), .number)) }

    /// A whole number in `range`; reports `json.type` for anything else.
    func integer(_ node: JSONNode, _ key: String, in range: ClosedRange<Int> = 0...Int(Int32.max)) -> Int? {
        guard let value = member(node, key) else { return nil }
        if let n = Self.integerValue(value), range.contains(n) { return n }
        if reportSpelledInteger(value) { return nil }
        log.add(.jsonType, file: file, node: value,
                expected: "an integer in \(range.lowerBound)...\(range.upperBound)", found: Self.describe(value))
        return nil
    }

    /// Reports `json.integer` when `node` is a whole number spelled with a decimal point or an
    /// exponent (`175.0`, `1e3`); true when it did.
    func reportSpelledInteger(_ node: JSONNode) -> Bool {
        guard let d = Self.numberValue(node), Self.exactInt(d) != nil, !node.isIntegerLiteral else { return false }
        log.add(.jsonInteger, file: file, node: node, expected: "an integer written without a decimal point or exponent",
                found: node.numberText ?? format(d))
        return true
    }

    /// A `[west, south, east, north]` box; reports `json.type` or `bbox.invalid`.
    func bbox(_ node: JSONNode, _ key: String) -> BBox? {
        guard let value = member(node, key) else { return nil }
        return bbox(value)
    }

    func bbox(_ value: JSONNode) -> BBox? {
        let numbers = value.type == .array ? value.children.compactMap { Self.numberValue($0) } : []
        guard value.count == 4, numbers.count == 4 else {
            log.add(.jsonType, file: file, node: value, expected: "[west, south, east, north] numbers", found: Self.describe(value))
            return nil
        }
        let box = BBox(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        if let problem = box.problem {
            log.add(.bboxInvalid, file: file, node: value, expected: "west < east, south < north, within -180...180 and -85.05...85.05",
                    found: problem)
            return nil
        }
        return box
    }

    // MARK: - Values

    static func stringValue(_ node: JSONNode?) -> String? {
        guard let node, case .string(let s) = node.value else { return nil }
        return s
    }

    static func numberValue(_ node: JSONNode?) -> Double? {
        guard let node, node.type == .number, case .number(let d) = node.value, d.isFinite else { return nil }
        return d
    }

    /// An integral number within ±2^53 written as an integer literal, as an `Int`; nil for
    /// anything else (`175.0` included; never traps).
    static func integerValue(_ node: JSONNode?) -> Int? {
        guard let node, let d = numberValue(node), node.isIntegerLiteral else { return nil }
        return exactInt(d)
    }

    static func exactInt(_ d: Double) -> Int? {
        guard d.isFinite, abs(d) <= 9_007_199_254_740_992, d.rounded(.towardZero) == d else { return nil }
        return Int(d)
    }

    /// A short description of a value for "found": its text for scalars, its kind otherwise.
    static func describe(_ node: JSONNode) -> String {
        switch node.type {
        case .string:
            let s = stringValue(node) ?? ""
            return JSONWriter.quoted(s.count > 60 ? String(s.prefix(57)) + "..." : s)
        case .number:
            let text = node.numberText ?? ""
            return text.isEmpty || text.count > 40 ? numberValue(node).map(format) ?? "a number" : text
        case .bool: return node.value == .bool(true) ? "true" : "false"
        case .null: return "null"
        case .array: return "an array of \(node.count)"
        case .object: return "an object"
        }
    }
}

/// Numbers for messages: integers without a decimal point, others in shortest form.
func format(_ d: Double) -> String {
    if let n = JSONFields.exactInt(d), abs(d) < 1e15 { return String(n) }
    return "\(d)"
}

/// Metres with two decimals for messages.
func metres(_ d: Double) -> String {
    let rounded = (d * 100).rounded() / 100
    return format(rounded) + " m"
}
