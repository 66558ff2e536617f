extension JSONNode {
    /// The positions of `nodes` (values of one parsed document, in any order), in their order:
    /// what `position` gives each, found in one pass over the source (each byte scanned at most
    /// once however many nodes share a line, where `position` may scan thousands per node).
    /// Lets a caller keep the positions it may report and let a large document's tree go.
    public static func positions(of nodes: [JSONNode]) -> [JSONPosition] {
        guard let tree = nodes.first?.tree else { return [] }
        precondition(nodes.allSatisfy { $0.tree === tree }, "nodes of one document")
        let order = nodes.indices.sorted { tree.entries[Int(nodes[$0].index)].offset < tree.entries[Int(nodes[$1].index)].offset }
        var out = [JSONPosition](repeating: JSONPosition(line: 1, column: 1, offset: 0), count: nodes.count)
        let bom = tree.source.count >= 3 && tree.source[0] == 0xEF && tree.source[1] == 0xBB && tree.source[2] == 0xBF
        // A byte-order mark at the start is no column.
        var line = 0, scanned = bom ? 3 : 0, column = 1
        tree.source.withUnsafeBufferPointer { bytes in
            for k in order {
                let offset = tree.entries[Int(nodes[k].index)].offset
                if line + 1 < tree.lineStarts.count, tree.lineStarts[line + 1] <= offset {
                    while line + 1 < tree.lineStarts.count, tree.lineStarts[line + 1] <= offset { line += 1 }
                    scanned = tree.lineStarts[line]
                    column = 1
                }
                // Scalars (bytes that are no UTF-8 continuation byte) from the last position.
                while scanned < offset {
                    if bytes[scanned] & 0xC0 != 0x80 { column += 1 }
                    scanned += 1
                }
                out[k] = JSONPosition(line: line + 1, column: column, offset: offset)
            }
        }
        return out
    }
}
