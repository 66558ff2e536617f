extension JSONNode {
    /// The literal text of a number as written in the source (`175.0`, `-1e3`); nil for other
    /// values. For validators that care how a number is spelled, not only its value.
    public var numberText: String? {
        guard type == .number else { return nil }
        let start = tree.entries[Int(index)].offset
        return tree.source.withUnsafeBufferPointer { bytes -> String in
            var end = start
            while end < bytes.count {
                let b = bytes[end]
                let isNumberByte = (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2B || b == 0x2E || b == 0x65 || b == 0x45
                if !isNumberByte { break }
                end += 1
            }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    /// True for a number written as a plain integer (digits with an optional minus: no `.`, no
    /// exponent); false for anything else.
    public var isIntegerLiteral: Bool {
        guard let text = numberText, !text.isEmpty else { return false }
        return text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}
