/// The flat storage behind `JSONNode`s of one parsed document. Entries are in document order;
/// a container's direct children are `children[payload..<payload+count]` (for objects,
/// alternating key entry and value entry).
final class JSONTree: Sendable {
    enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    struct Entry: Sendable {
        /// Byte offset where the value (or key) starts.
        var offset: Int
        /// Bool: 0/1; number: bit pattern; string: index into `strings`; container: first child.
        var payload: UInt64
        /// Containers: number of child entries (twice the member count for objects).
        var count: UInt32
        var kind: Kind
    }

    let source: [UInt8]
    let entries: [Entry]
    let children: [Int32]
    let strings: [String]
    /// Byte offset of the start of each line; `lineStarts[0] == 0`.
    let lineStarts: [Int]
    /// `scalarCheckpoints[k]`: the Unicode scalars (bytes that are no UTF-8 continuation byte)
    /// in the source's first `k * checkpointBytes` bytes, so a column on a long line (a document
    /// written on one line) is found by scanning at most `checkpointBytes` bytes twice.
    let scalarCheckpoints: [Int]
    static let checkpointBytes = 4096

    init(source: [UInt8], entries: [Entry], children: [Int32], strings: [String]) {
        self.source = source
        self.entries = entries
        self.children = children
        self.strings = strings
        var starts = [0]
        var checkpoints = [0]
        checkpoints.reserveCapacity(source.count / Self.checkpointBytes + 1)
        source.withUnsafeBufferPointer { bytes in
            var i = 0, scalars = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b == 0x0A || (b == 0x0D && (i + 1 >= n || bytes[i + 1] != 0x0A)) { starts.append(i + 1) }
                if b & 0xC0 != 0x80 { scalars += 1 }
                i += 1
                if i % Self.checkpointBytes == 0 { checkpoints.append(scalars) }
            }
        }
        lineStarts = starts
        scalarCheckpoints = checkpoints
    }

    /// The scalars in the source's first `offset` bytes (at most its length).
    func scalars(upTo offset: Int) -> Int {
        let end = min(max(offset, 0), source.count)
        let k = end / Self.checkpointBytes
        var count = scalarCheckpoints[k]
        source.withUnsafeBufferPointer { bytes in
            for i in (k * Self.checkpointBytes)..<end where bytes[i] & 0xC0 != 0x80 { count += 1 }
        }
        return count
    }

    func position(ofEntry index: Int32) -> JSONPosition {
        position(ofOffset: entries[Int(index)].offset)
    }

    func position(ofOffset offset: Int) -> JSONPosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return JSONPosition(line: low + 1, column: column(from: lineStarts[low], to: offset), offset: offset)
    }

    /// `JSONPosition.column(from:to:in:)` on the source from its checkpoints: 1 + the scalars in
    /// `lineStart..<offset`, a byte-order mark at the file start not counted.
    func column(from lineStart: Int, to offset: Int) -> Int {
        var start = lineStart
        if start == 0, source.count >= 3, source[0] == 0xEF, source[1] == 0xBB, source[2] == 0xBF, offset >= 3 { start = 3 }
        guard offset > start else { return 1 }
        return 1 + scalars(upTo: offset) - scalars(upTo: start)
    }
}
