/// A value in a parsed document, with where it came from: its `position`, its `path` from the
/// root and, for an object member, its `key` and `keyPosition`. Cheap to copy; all nodes of a
/// document share one storage.
///
/// Navigate with `node["key"]` / `node[index]` (nil when absent) or the throwing accessors in
/// `JSONNode+Access.swift`, whose errors carry the path and line:
///
/// ```swift
/// let root = try JSONParser.parse(bytes, mode: .json5)
/// try root.requireOnlyKeys(["id", "name", "routes"])
/// let name = try root.member("name").string()
/// // throws e.g. "name: expected a string, found a number (line 3, column 11)"
/// let via = try root.member("routes")[2]?.member("via").array() ?? []
/// ```
public struct JSONNode: Sendable {
    let tree: JSONTree
    let index: Int32
    /// Entry of this member's key, or -1.
    let keyIndex: Int32

    /// Where this value sits, from the root (`routes[2].via[0]`, or `$` for the root).
    public let path: JSONPath

    init(tree: JSONTree, index: Int32, keyIndex: Int32, path: JSONPath) {
        self.tree = tree
        self.index = index
        self.keyIndex = keyIndex
        self.path = path
    }

    private var entry: JSONTree.Entry { tree.entries[Int(index)] }

    /// The kind of value.
    public var type: JSONType {
        switch entry.kind {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Where the value starts (its first byte: a quote, bracket, sign or digit).
    public var position: JSONPosition { tree.position(ofEntry: index) }

    /// Where this member's key starts, or nil if this node is not an object member.
    public var keyPosition: JSONPosition? { keyIndex < 0 ? nil : tree.position(ofEntry: keyIndex) }

    /// This member's key, or nil if this node is not an object member.
    public var key: String? { keyIndex < 0 ? nil : tree.strings[Int(tree.entries[Int(keyIndex)].payload)] }

    /// True if the value is `null`.
    public var isNull: Bool { entry.kind == .null }

    /// The number of elements of an array or members of an object; 0 for scalars.
    public var count: Int {
        let e = entry
        switch e.kind {
        case .array: return Int(e.count)
        case .object: return Int(e.count) / 2
        default: return 0
        }
    }

    /// The member `key` of an object, or nil (also for non-objects).
    public subscript(key: String) -> JSONNode? {
        let e = entry
        guard e.kind == .object else { return nil }
        let start = Int(e.payload)
        var k = start
        while k < start + Int(e.count) {
            let keyEntry = tree.children[k]
            if tree.strings[Int(tree.entries[Int(keyEntry)].payload)] == key {
                return JSONNode(tree: tree, index: tree.children[k + 1], keyIndex: keyEntry,
                                path: path.appending(.key(key)))
            }
            k += 2
        }
        return nil
    }

    /// The element `index` of an array, or nil (also for non-arrays).
    public subscript(index: Int) -> JSONNode? {
        let e = entry
        guard e.kind == .array, index >= 0, index < Int(e.count) else { return nil }
        return JSONNode(tree: tree, index: tree.children[Int(e.payload) + index], keyIndex: -1,
                        path: path.appending(.index(index)))
    }

    /// The elements of an array, or the member values of an object (each with its `key`), in
    /// document order; empty for scalars.
    public var children: [JSONNode] {
        let e = entry
        guard e.kind == .array || e.kind == .object else { return [] }
        let start = Int(e.payload)
        switch e.kind {
        case .array:
            return (0..<Int(e.count)).map {
                JSONNode(tree: tree, index: tree.children[start + $0], keyIndex: -1, path: path.appending(.index($0)))
            }
        case .object:
            return stride(from: start, to: start + Int(e.count), by: 2).map { k in
                let keyEntry = tree.children[k]
                let key = tree.strings[Int(tree.entries[Int(keyEntry)].payload)]
                return JSONNode(tree: tree, index: tree.children[k + 1], keyIndex: keyEntry,
                                path: path.appending(.key(key)))
            }
        default:
            return []
        }
    }

    /// The whole subtree as a `JSONValue` (member order kept).
    public var value: JSONValue { tree.value(of: index) }

    /// An error about this value: `"<path>: <message> (line L, column C)"`. For the checks a
    /// validator makes itself ("id must be unique").
    public func error(_ message: String) -> JSONAccessError {
        JSONAccessError(path: path, position: position, reason: .invalid(message))
    }
}

extension JSONTree {
    func value(of index: Int32) -> JSONValue {
        let e = entries[Int(index)]
        switch e.kind {
        case .null: return .null
        case .bool: return .bool(e.payload != 0)
        case .number: return .number(Double(bitPattern: e.payload))
        case .string: return .string(strings[Int(e.payload)])
        case .array:
            let start = Int(e.payload)
            return .array((start..<start + Int(e.count)).map { value(of: children[$0]) })
        case .object:
            let start = Int(e.payload)
            return .object(JSONObject(stride(from: start, to: start + Int(e.count), by: 2).map {
                (strings[Int(entries[Int(children[$0])].payload)], value(of: children[$0 + 1]))
            }))
        }
    }
}
