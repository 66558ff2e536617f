/// Where a value of a parsed document sits (its path and position), apart from the parsed tree:
/// it keeps the source text and its line index only, so a caller can let a large document's
/// tree go and still point at one of its values later (the position is found when asked).
public struct JSONSpot: Sendable {
    /// The value's path from the root.
    public let path: JSONPath
    let offset: Int
    let text: JSONSourceText

    /// The value's line and column (1-based) and byte offset.
    public var position: JSONPosition { text.position(ofOffset: offset) }
}

extension JSONNode {
    /// This value's spot, which outlives the parsed tree.
    public var spot: JSONSpot {
        JSONSpot(path: path, offset: tree.entries[Int(index)].offset, text: tree.text)
    }
}
