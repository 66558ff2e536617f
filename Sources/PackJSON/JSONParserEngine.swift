/// The non-recursive parser behind `JSONParser`: one pass over the bytes with an explicit stack
/// of open containers, filling the flat arrays of a `JSONTree`.
struct JSONParserEngine {
    private struct Frame {
        var entry: Int32
        var isObject: Bool
        var scratchStart: Int
    }

    private let p: UnsafeBufferPointer<UInt8>
    private let end: Int
    private let json5: Bool
    private var i = 0
    private var frames: [Frame] = []
    private var scratch: [Int32] = []
    private var buffer: [UInt8] = []

    private(set) var entries: [JSONTree.Entry] = []
    private(set) var children: [Int32] = []
    private(set) var strings: [String] = []

    init(buffer: UnsafeBufferPointer<UInt8>, json5: Bool) {
        p = buffer
        end = buffer.count
        self.json5 = json5
        entries.reserveCapacity(max(16, end / 8))
    }

    // MARK: Structure

    mutating func run() throws(JSONSyntaxError) {
        if end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        guard end < Int(Int32.max) else { throw fail("document larger than 2 GB", at: 0) }
        parseValue: while true {
            try skipSpace()
            guard i < end else { throw fail("unexpected end of input, expected a value", at: i) }
            switch p[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = p[i] == UInt8(ascii: "{")
                guard frames.count < JSONParser.maxDepth else {
                    throw fail("nesting deeper than \(JSONParser.maxDepth) levels", at: i)
                }
                let entry = add(isObject ? .object : .array, payload: 0)
                frames.append(Frame(entry: entry, isObject: isObject, scratchStart: scratch.count))
                i += 1
                try skipSpace()
                if i < end, p[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    try close()
                } else if isObject {
                    try parseKeyAndColon()
                    continue parseValue
                } else {
                    continue parseValue
                }
            default:
                try parseScalar()
            }
            // After a complete value: separators and closing brackets until a new value starts.
            while let frame = frames.last {
                let closer = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                try skipSpace()
                guard i < end else {
                    throw fail("unexpected end of input, expected ',' or '\(Character(Unicode.Scalar(closer)))'", at: i)
                }
                if p[i] == UInt8(ascii: ",") {
                    let comma = i
                    i += 1
                    try skipSpace()
                    if i < end, p[i] == closer {
                        guard json5 else {
                            throw fail("trailing comma before '\(Character(Unicode.Scalar(closer)))' is not allowed in strict JSON", at: comma)
                        }
                        i += 1
                        try close()
                        continue
                    }
                    if frame.isObject { try parseKeyAndColon() }
                    continue parseValue
                } else if p[i] == closer {
                    i += 1
                    try close()
                } else if frame.isObject {
                    throw fail("expected ',' or '}' after object member, found \(found())", at: i)
                } else {
                    throw fail("expected ',' or ']' after array element, found \(found())", at: i)
                }
            }
            break
        }
        try skipSpace()
        if i < end { throw fail("unexpected \(found()) after the JSON value", at: i) }
    }

    @discardableResult
    private mutating func add(_ kind: JSONTree.Kind, payload: UInt64, at offset: Int? = nil) -> Int32 {
        let index = Int32(entries.count)
        entries.append(JSONTree.Entry(offset: offset ?? i, payload: payload, count: 0, kind: kind))
        if !frames.isEmpty { scratch.append(index) }
        return index
    }

    private mutating func close() throws(JSONSyntaxError) {
        let frame = frames.removeLast()
        let count = scratch.count - frame.scratchStart
        let entry = Int(frame.entry)
        entries[entry].payload = UInt64(children.count)
        entries[entry].count = UInt32(count)
        children.append(contentsOf: scratch[frame.scratchStart...])
        scratch.removeSubrange(frame.scratchStart...)
        if frame.isObject, count > 2 { try checkDuplicates(from: children.count - count, count: count) }
    }

    private func checkDuplicates(from start: Int, count: Int) throws(JSONSyntaxError) {
        func key(_ k: Int) -> Int32 { children[start + 2 * k] }
        func text(_ entry: Int32) -> String { strings[Int(entries[Int(entry)].payload)] }
        let members = count / 2
        if members <= 8 {
            for a in 1..<members {
                for b in 0..<a where text(key(a)) == text(key(b)) {
                    throw duplicate(key(a), first: key(b))
                }
            }
        } else {
            var seen: [String: Int32] = [:]
            for a in 0..<members {
                if let first = seen.updateValue(key(a), forKey: text(key(a))) {
                    throw duplicate(key(a), first: first)
                }
            }
        }
    }

    private func duplicate(_ second: Int32, first: Int32) -> JSONSyntaxError {
        let name = strings[Int(entries[Int(second)].payload)]
        let firstAt = JSONPosition.locate(entries[Int(first)].offset, in: p)
        let secondAt = entries[Int(second)].offset
        let line = JSONPosition.locate(secondAt, in: p).line
        return fail("duplicate key \(JSONWriter.quoted(name)) on line \(line), first defined on line \(firstAt.line)",
                    at: secondAt)
    }

    private mutating func parseKeyAndColon() throws(JSONSyntaxError) {
        guard i < end else { throw fail("unexpected end of input, expected an object key", at: i) }
        let c = p[i]
        if c == UInt8(ascii: "\"") || (json5 && c == UInt8(ascii: "'")) {
            try parseString()
        } else if isIdentifierStart(c) {
            guard json5 else { throw fail("object keys must be quoted strings in strict JSON", at: i) }
            try parseIdentifier()
        } else if c == UInt8(ascii: "}") {
            throw fail("trailing comma before '}' is not allowed in strict JSON", at: i)
        } else {
            throw fail("expected an object key, found \(found())", at: i)
        }
        try skipSpace()
        guard i < end, p[i] == UInt8(ascii: ":") else {
            throw fail("expected ':' after object key, found \(found())", at: i)
        }
        i += 1
    }

    // MARK: Whitespace and comments

    private mutating func skipSpace() throws(JSONSyntaxError) {
        while i < end {
            let c = p[i]
            switch c {
            case 0x20, 0x0A, 0x0D, 0x09:
                i += 1
            case 0x0B where json5, 0x0C where json5:
                i += 1
            case 0xC2 where json5 && i + 1 < end && p[i + 1] == 0xA0:
                i += 2
            case 0xE2 where json5 && i + 2 < end && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9):
                i += 3
            case 0xEF where json5 && i + 2 < end && p[i + 1] == 0xBB && p[i + 2] == 0xBF:
                i += 3
            case UInt8(ascii: "/") where i + 1 < end && (p[i + 1] == UInt8(ascii: "/") || p[i + 1] == UInt8(ascii: "*")):
                guard json5 else { throw fail("comments are not allowed in strict JSON", at: i) }
                let start = i
                if p[i + 1] == UInt8(ascii: "/") {
                    i += 2
                    while i < end, p[i] != 0x0A, p[i] != 0x0D { i += 1 }
                } else {
                    i += 2
                    while true {
                        guard i + 1 < end else { throw fail("unterminated block comment", at: start) }
                        if p[i] == UInt8(ascii: "*"), p[i + 1] == UInt8(ascii: "/") { break }
                        i += 1
                    }
                    i += 2
                }
            default:
                return
            }
        }
    }

    // MARK: Scalars

    private mutating func parseScalar() throws(JSONSyntaxError) {
        let c = p[i]
        switch c {
        case UInt8(ascii: "\""):
            try parseString()
        case UInt8(ascii: "'") where json5:
            try parseString()
        case UInt8(ascii: "t"):
            try literal("true", .bool, payload: 1)
        case UInt8(ascii: "f"):
            try literal("false", .bool, payload: 0)
        case UInt8(ascii: "n"):
            try literal("null", .null, payload: 0)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "I"), UInt8(ascii: "N"):
            if json5 { try parseNumber() } else { throw fail("expected a value, found \(found())", at: i) }
        default:
            throw fail("expected a value, found \(found())", at: i)
        }
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTree.Kind, payload: UInt64) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        var k = 0
        while k < n {
            guard i + k < end, p[i + k] == w[k] else {
                throw fail("invalid literal, expected '\(word)'", at: i)
            }
            k += 1
        }
        add(kind, payload: payload)
        i += n
    }

    private static let exactPowers: [Double] = (0...22).map { e in
        var value = 1.0
        for _ in 0..<e { value *= 10 }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = i
        var negative = false
        if p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < end else { throw fail("unexpected end of input in a number", at: i) }
        if json5, p[i] == UInt8(ascii: "I") || p[i] == UInt8(ascii: "N") {
            throw fail("Infinity and NaN are not supported", at: start)
        }
        if json5, p[i] == UInt8(ascii: "0"), i + 1 < end, p[i + 1] | 0x20 == UInt8(ascii: "x") {
            try parseHex(start: start, negative: negative)
            return
        }
        var mantissa: UInt64 = 0
        var digits = 0          // significant digits accumulated in `mantissa`
        var dropped = false     // nonzero digits beyond what `mantissa` holds
        var exponent = 0        // decimal exponent to apply to `mantissa`
        var intDigits = 0
        if i < end, p[i] == UInt8(ascii: "0") {
            i += 1
            intDigits = 1
            if i < end, isDigit(p[i]) { throw fail("leading zeros are not allowed in numbers", at: i - 1) }
        } else {
            while i < end, isDigit(p[i]) {
                accumulate(p[i], &mantissa, &digits, &dropped, &exponent, fraction: false)
                i += 1
                intDigits += 1
            }
        }
        var fracDigits = 0
        if i < end, p[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, isDigit(p[i]) {
                accumulate(p[i], &mantissa, &digits, &dropped, &exponent, fraction: true)
                i += 1
                fracDigits += 1
            }
            if fracDigits == 0 && (!json5 || intDigits == 0) {
                throw fail("expected a digit after the decimal point, found \(found())", at: i)
            }
        }
        if intDigits == 0 && fracDigits == 0 {
            throw fail("expected a digit, found \(found())", at: i)
        }
        if i < end, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < end, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                expNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end, isDigit(p[i]) else {
                throw fail("expected a digit in the exponent, found \(found())", at: i)
            }
            var e = 0
            while i < end, isDigit(p[i]) {
                if e < 100_000 { e = e * 10 + Int(p[i] &- 0x30) }
                i += 1
            }
            exponent += expNegative ? -e : e
        }
        var value: Double
        if mantissa == 0 {
            value = 0
        } else if !dropped, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            if exponent >= 0 { value *= Self.exactPowers[exponent] } else { value /= Self.exactPowers[-exponent] }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
            guard let parsed = Double(text) else { throw fail("invalid number", at: start) }
            value = parsed.magnitude
        }
        guard value.isFinite else { throw fail("number out of range", at: start) }
        add(.number, payload: (negative ? -value : value).bitPattern, at: start)
    }

    private func accumulate(_ digit: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ dropped: inout Bool,
                            _ exponent: inout Int, fraction: Bool) {
        let d = UInt64(digit &- 0x30)
        if digits < 19 {
            if mantissa != 0 || d != 0 {
                mantissa = mantissa * 10 + d
                digits += 1
            }
            if fraction { exponent -= 1 }
        } else {
            if d != 0 { dropped = true }
            if !fraction { exponent += 1 }
        }
    }

    private mutating func parseHex(start: Int, negative: Bool) throws(JSONSyntaxError) {
        i += 2
        var value = 0.0
        var count = 0
        while i < end, let d = hexValue(p[i]) {
            value = value * 16 + Double(d)
            count += 1
            i += 1
        }
        guard count > 0 else { throw fail("expected a hexadecimal digit, found \(found())", at: i) }
        guard value.isFinite else { throw fail("number out of range", at: start) }
        add(.number, payload: (negative ? -value : value).bitPattern, at: start)
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) {
        let quote = p[i]
        let start = i
        i += 1
        let contentStart = i
        while i < end {
            let b = p[i]
            if b == quote || b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        if i < end, p[i] == quote {
            let text = try makeString(UnsafeBufferPointer(rebasing: p[contentStart..<i]), at: start)
            i += 1
            add(.string, payload: UInt64(strings.count), at: start)
            strings.append(text)
            return
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: p[contentStart..<i]))
        while true {
            guard i < end else { throw fail("unterminated string", at: start) }
            let b = p[i]
            if b == quote {
                i += 1
                break
            } else if b == UInt8(ascii: "\\") {
                try parseEscape()
            } else if b < 0x20 {
                if json5 && b != 0x0A && b != 0x0D {
                    buffer.append(b)
                    i += 1
                } else if b == 0x0A || b == 0x0D {
                    throw fail("unterminated string (line break inside a string)", at: i)
                } else {
                    throw fail("control character U+\(hex4(UInt32(b))) in a string must be escaped", at: i)
                }
            } else {
                buffer.append(b)
                i += 1
            }
        }
        let text = try buffer.withUnsafeBufferPointer { (chars) throws(JSONSyntaxError) -> String in
            try makeString(chars, at: start)
        }
        add(.string, payload: UInt64(strings.count), at: start)
        strings.append(text)
    }

    private func makeString(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw fail("string is not valid UTF-8", at: start)
        }
        return text
    }

    private mutating func parseEscape() throws(JSONSyntaxError) {
        let escapeStart = i
        i += 1
        guard i < end else { throw fail("unterminated string", at: escapeStart) }
        let c = p[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexDigits(4, escapeStart: escapeStart)
            var scalar = unit
            if (0xD800...0xDBFF).contains(unit) {
                guard i + 1 < end, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u") else {
                    throw fail("lone surrogate \\u\(hex4(unit)) in a string", at: escapeStart)
                }
                i += 2
                let low = try hexDigits(4, escapeStart: i - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("lone surrogate \\u\(hex4(unit)) in a string", at: escapeStart)
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail("lone surrogate \\u\(hex4(unit)) in a string", at: escapeStart)
            }
            appendScalar(scalar)
        case UInt8(ascii: "'") where json5: buffer.append(c)
        case UInt8(ascii: "v") where json5: buffer.append(0x0B)
        case UInt8(ascii: "0") where json5 && !(i < end && isDigit(p[i])): buffer.append(0)
        case UInt8(ascii: "x") where json5: appendScalar(try hexDigits(2, escapeStart: escapeStart))
        case 0x0A where json5: break
        case 0x0D where json5:
            if i < end, p[i] == 0x0A { i += 1 }
        default:
            if json5 && !isDigit(c) && c >= 0x20 {
                i -= 1 // the character stands for itself; copy it (all its bytes) normally
            } else {
                throw fail("invalid escape sequence in a string", at: escapeStart)
            }
        }
    }

    private mutating func hexDigits(_ count: Int, escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard i < end, let d = hexValue(p[i]) else {
                throw fail("invalid escape sequence in a string, expected \(count) hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(d)
            i += 1
        }
        return value
    }

    private mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        buffer.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func parseIdentifier() throws(JSONSyntaxError) {
        let start = i
        while i < end, isIdentifierStart(p[i]) || isDigit(p[i]) { i += 1 }
        let text = try makeString(UnsafeBufferPointer(rebasing: p[start..<i]), at: start)
        add(.string, payload: UInt64(strings.count), at: start)
        strings.append(text)
    }

    // MARK: Helpers

    private func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    private func isIdentifierStart(_ b: UInt8) -> Bool {
        (b | 0x20) &- 0x61 < 26 || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }

    private func hexValue(_ b: UInt8) -> UInt8? {
        if b &- 0x30 < 10 { return b &- 0x30 }
        if (b | 0x20) &- 0x61 < 6 { return (b | 0x20) &- 0x61 + 10 }
        return nil
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The byte at `i`, described for an error message.
    private func found() -> String {
        guard i < end else { return "end of input" }
        let b = p[i]
        if b >= 0x21 && b <= 0x7E { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return "U+\(hex4(UInt32(b)))" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    private func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        let position = JSONPosition.locate(offset, in: p)
        return JSONSyntaxError(line: position.line, column: position.column, offset: offset, message: message)
    }
}
