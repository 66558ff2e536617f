extension JSONNode {
    /// An array of rows of `width` numbers (`[[lon, lat, ele], ...]`), flattened row by row and
    /// read straight from the parse tree, with no node per value: for coordinate arrays of
    /// hundreds of thousands of numbers.
    /// - Throws: `JSONAccessError` at this node when it is not an array, at the first row that is
    ///   not an array of exactly `width` numbers, or at its first value that is not a number.
    public func numberRows(width: Int) throws(JSONAccessError) -> [Double] {
        let e = tree.entries[Int(index)]
        guard e.kind == .array else { throw mismatch("an array") }
        let start = Int(e.payload), rows = Int(e.count)
        var out: [Double] = []
        out.reserveCapacity(rows * width)
        for r in 0..<rows {
            let row = tree.entries[Int(tree.children[start + r])]
            guard row.kind == .array, Int(row.count) == width else { throw rowError(r, width: width) }
            let first = Int(row.payload)
            for k in 0..<width {
                let value = tree.entries[Int(tree.children[first + k])]
                guard value.kind == .number else { throw rowError(r, width: width) }
                out.append(Double(bitPattern: value.payload))
            }
        }
        return out
    }

    /// The located error of row `r`, found the slow way.
    private func rowError(_ r: Int, width: Int) -> JSONAccessError {
        guard let row = self[r] else { return error("row \(r) is missing") }
        guard row.type == .array, row.count == width else { return row.error("expected an array of \(width) numbers") }
        for k in 0..<width {
            if let value = row[k], value.type != .number { return value.mismatch("a number") }
        }
        return row.error("expected an array of \(width) numbers")
    }
}
