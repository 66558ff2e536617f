import Foundation
import Testing
@testable import PackJSON

@Suite struct JSONParserTests {
    @Test func parsesAllValueKinds() throws {
        let root = try JSONParser.parse(#"{"a": [1, -2.5e3, 0.001, 1E2], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": true, "d": false, "e": null}"#)
        #expect(root.value == [
            "a": [1, -2500, 0.001, 100],
            "b": .string("x\"\\/\u{8}\u{C}\n\r\té😀"),
            "c": true, "d": false, "e": nil,
        ])
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", 0.0), ("123456789012345678", 123456789012345678.0),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("5e-324", Double.leastNonzeroMagnitude), ("1e-400", 0.0),
        ("0.1", 0.1), ("3.141592653589793", 3.141592653589793), ("-71.4536123", -71.4536123),
        ("12345678901234567890123", 12345678901234567890123.0), ("0.30000000000000004", 0.30000000000000004),
        ("1.00000000000000000000001", 1.0), ("9007199254740993", 9007199254740992.0),
    ] as [(String, Double)])
    func numbersMatchCorrectRounding(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(text).double() == expected)
    }

    @Test func skipsByteOrderMark() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("\n [1]".utf8))
        #expect(root.value == [1])
        #expect(root.position == JSONPosition(line: 2, column: 2, offset: 5))
    }

    @Test func positionsOfValuesAndKeys() throws {
        let text = "{\n  \"a\": 1,\r\n  \"é\": [true,\r  \"x\"]\n}"
        let root = try JSONParser.parse(text)
        #expect(root.position == JSONPosition(line: 1, column: 1, offset: 0))
        let a = try root.member("a")
        #expect(a.keyPosition == JSONPosition(line: 2, column: 3, offset: 4))
        #expect(a.position == JSONPosition(line: 2, column: 8, offset: 9))
        let e = try root.member("é")
        #expect(e.keyPosition?.line == 3)
        #expect(e.position == JSONPosition(line: 3, column: 8, offset: 21))  // é counts one column
        #expect(e[1]?.position == JSONPosition(line: 4, column: 3, offset: 30))
    }

    /// Malformed strict documents: (text, line, column, message).
    @Test(arguments: [
        ("", 1, 1, "unexpected end of input, expected a value"),
        ("{\"a\": 1,\n \"b\": 2\n]", 3, 1, "expected ',' or '}' after object member, found ']'"),
        ("[1,\n 2\n 3]", 3, 2, "expected ',' or ']' after array element, found '3'"),
        ("[1, 2,]", 1, 6, "trailing comma before ']' is not allowed in strict JSON"),
        ("{\"a\": 1,}", 1, 8, "trailing comma before '}' is not allowed in strict JSON"),
        ("[01]", 1, 2, "leading zeros are not allowed in numbers"),
        ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
        ("[1e+]", 1, 5, "expected a digit in the exponent, found ']'"),
        ("[-]", 1, 3, "expected a digit, found ']'"),
        ("{a: 1}", 1, 2, "object keys must be quoted strings in strict JSON"),
        ("[1] // c", 1, 5, "comments are not allowed in strict JSON"),
        ("\n\n  [\"ab\tc\"]", 3, 7, "control character U+0009 in a string must be escaped"),
        ("[\"abc", 1, 2, "unterminated string"),
        ("[\"a\\qb\"]", 1, 4, "invalid escape sequence in a string"),
        ("[\"\\ud800x\"]", 1, 3, "lone surrogate \\uD800 in a string"),
        ("[\"\\udc00\"]", 1, 3, "lone surrogate \\uDC00 in a string"),
        ("[NaN]", 1, 2, "expected a value, found 'N'"),
        ("[1] x", 1, 5, "unexpected 'x' after the JSON value"),
        ("{\"a\" 1}", 1, 6, "expected ':' after object key, found '1'"),
        ("[tru]", 1, 2, "invalid literal, expected 'true'"),
        ("[1e999]", 1, 2, "number out of range"),
        ("['a']", 1, 2, "expected a value, found '''"),
        ("[\"é\", \u{1}]", 1, 7, "expected a value, found U+0001"),
    ])
    func strictErrorsAreLocated(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, offset: offsetOf(line, column, text), message: message)) {
            try JSONParser.parse(text, mode: .strict)
        }
    }

    @Test func errorDescriptionNamesLineAndColumn() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": 1\n  ]")
            Issue.record("parsed")
        } catch {
            #expect(error.description == "line 3, column 3: expected ',' or '}' after object member, found ']'")
        }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        #expect(throws: JSONSyntaxError(line: 1, column: 2, offset: 1, message: "string is not valid UTF-8")) {
            try JSONParser.parse([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
        }
    }

    @Test func duplicateKeysNameBothLines() {
        let text = "{\n  \"name\": 1,\n  \"x\": 2,\n  \"name\": 3\n}"
        #expect(throws: JSONSyntaxError(line: 4, column: 3, offset: 27,
                                        message: "duplicate key \"name\" on line 4, first defined on line 2")) {
            try JSONParser.parse(text)
        }
        // Large objects take the hashed path.
        let members = (0..<20).map { "\"k\($0)\": \($0)" } + ["\"k3\": 0"]
        let big = "{" + members.joined(separator: ",") + "}"
        let offset = big.utf8.count - 8   // the last key: `"k3": 0}`
        #expect(throws: JSONSyntaxError(line: 1, column: offset + 1, offset: offset,
                                        message: "duplicate key \"k3\" on line 1, first defined on line 1")) {
            try JSONParser.parse(big)
        }
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONParser.parse(ok).count == 1)
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError(line: 1, column: 513, offset: 512, message: "nesting deeper than 512 levels")) {
            try JSONParser.parse(deep)
        }
    }

    @Test func parsesLargeNumberArrayCorrectly() throws {
        var text = "{\"coords\": ["
        for k in 0..<20_000 {
            if k > 0 { text += "," }
            text += "[-71.\(4_500_000 + k), 44.\(5_000_000 + k), \(600 + k % 100).5]"
        }
        text += "]}"
        let coords = try JSONParser.parse(Data(text.utf8)).member("coords").array()
        #expect(coords.count == 20_000)
        #expect(try coords[12_345][0]?.double() == -71.4512345)
        #expect(try coords[12_345][2]?.double() == 645.5)
    }
}

/// Byte offset of a 1-based line/column in ASCII-or-UTF-8 `text` (columns in scalars, LF lines).
func offsetOf(_ line: Int, _ column: Int, _ text: String) -> Int {
    var offset = 0
    var currentLine = 1
    var scalars = Array(text.unicodeScalars)[...]
    while currentLine < line, let s = scalars.first {
        scalars = scalars.dropFirst()
        offset += String(s).utf8.count
        if s == "\n" { currentLine += 1 }
    }
    for s in scalars.prefix(column - 1) { offset += String(s).utf8.count }
    return offset
}
