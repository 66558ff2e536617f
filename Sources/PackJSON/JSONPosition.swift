/// A place in a source document. `line` and `column` are 1-based; `column` counts Unicode
/// scalars (a tab counts as one); `offset` is the 0-based byte offset. Line breaks are LF,
/// CRLF and a lone CR. A leading UTF-8 byte-order mark does not count as a column.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// "line 12, column 5"
    public var description: String { "line \(line), column \(column)" }

    /// The position of byte `offset` in `bytes`, scanning from the start.
    static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONPosition {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < end {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return JSONPosition(line: line, column: column(from: lineStart, to: offset, in: bytes), offset: offset)
    }

    /// 1 + the number of scalars in `lineStart..<offset`, skipping a BOM at the file start.
    static func column(from lineStart: Int, to offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = lineStart
        if start == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, offset >= 3 {
            start = 3
        }
        var column = 1
        var i = start
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }
}
