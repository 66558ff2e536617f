/// The members of a JSON object: unique keys in insertion order (the order the writer uses
/// when key sorting is off). Equality ignores member order, as JSON does.
///
/// Keys are compared with Swift `String` equality (canonically equivalent spellings are the
/// same key).
///
/// ```swift
/// var feature: JSONObject = ["type": "Feature"]
/// feature["properties"] = ["name": .string(name)]
/// ```
public struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Member = (key: String, value: JSONValue)

    private var storage: [Member] = []
    private var index: [String: Int] = [:]

    /// An empty object.
    public init() {}

    /// An object with these members in this order. A repeated key is a programmer error
    /// (precondition).
    public init(_ members: some Sequence<(String, JSONValue)>) {
        for (key, value) in members {
            precondition(index[key] == nil, "JSONObject: duplicate key \(key)")
            index[key] = storage.count
            storage.append((key, value))
        }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { storage.count }

    /// The keys in insertion order.
    public var keys: [String] { storage.map(\.key) }

    /// The value of `key`, or nil. Setting a new key appends it; setting an existing key keeps
    /// its place; setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { index[key].map { storage[$0].value } }
        set {
            if let position = index[key] {
                if let newValue {
                    storage[position].value = newValue
                } else {
                    storage.remove(at: position)
                    index[key] = nil
                    for i in position..<storage.count { index[storage[i].key] = i }
                }
            } else if let newValue {
                index[key] = storage.count
                storage.append((key, newValue))
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        storage.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.storage.count == rhs.storage.count else { return false }
        for (key, value) in lhs.storage {
            guard let other = rhs.index[key], rhs.storage[other].value == value else { return false }
        }
        return true
    }
}
