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

    init(source: [UInt8], entries: [Entry], children: [Int32], strings: [String]) {
        self.source = source
        self.entries = entries
        self.children = children
        self.strings = strings
        var starts = [0]
        source.withUnsafeBufferPointer { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b == 0x0A || (b == 0x0D && (i + 1 >= n || bytes[i + 1] != 0x0A)) { starts.append(i + 1) }
                i += 1
            }
        }
        lineStarts = starts
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
        let column = source.withUnsafeBufferPointer {
            JSONPosition.column(from: lineStarts[low], to: offset, in: $0)
        }
        return JSONPosition(line: low + 1, column: column, offset: offset)
    }
}
