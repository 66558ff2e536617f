import Foundation
import Testing
import TestSupport
@testable import PackJSON

private let tinyText = "0." + String(repeating: "0", count: 323) + "5"

@Suite struct JSONWriterTests {
    @Test func prettyOutputIsExact() throws {
        let route: JSONValue = [
            "name": "Lost Pond",
            "coords": [
                [.number(-71.45361234, decimals: 7), .number(44.50123449, decimals: 7), .number(612.34, decimals: 1)],
                [.number(-71.4536, decimals: 7), .number(44.5, decimals: 7), .number(1234.0, decimals: 1)],
            ],
            "cum": [0, 11.9],
            "empty": [],
            "none": [:],
            "b": ["z": nil, "a": true, "B": false],
        ]
        let expected = """
        {
          "b": {
            "B": false,
            "a": true,
            "z": null
          },
          "coords": [
            [-71.4536123, 44.5012345, 612.3],
            [-71.4536, 44.5, 1234]
          ],
          "cum": [0, 11.9],
          "empty": [],
          "name": "Lost Pond",
          "none": {}
        }

        """
        #expect(try JSONWriter().string(route) == expected)
    }

    @Test func compactAndUnsortedOutput() throws {
        let value: JSONValue = ["type": "Feature", "geometry": ["coordinates": [1, 2.5]], "properties": [:]]
        #expect(try JSONWriter(style: .compact, sortKeys: false).string(value)
            == #"{"type":"Feature","geometry":{"coordinates":[1,2.5]},"properties":{}}"#)
        #expect(try JSONWriter(style: .compact).string(value)
            == #"{"geometry":{"coordinates":[1,2.5]},"properties":{},"type":"Feature"}"#)
        #expect(try JSONWriter(style: .compact).string([]) == "[]")
        #expect(try JSONWriter().string("x") == "\"x\"\n")
    }

    @Test func keysSortByUTF8Bytes() throws {
        let value: JSONValue = ["é": 1, "z": 2, "Z": 3, "a": 4, "\u{1F600}": 5, "ab": 6, "": 7]
        #expect(try JSONWriter(style: .compact).string(value) == #"{"":7,"Z":3,"a":4,"ab":6,"z":2,"é":1,"😀":5}"#)
    }

    @Test func stringEscapes() throws {
        let text = "q\" b\\ s/ \u{8}\u{C}\n\r\t \u{1}\u{1F} \u{7F} é 😀 \u{2028}"
        #expect(try JSONWriter(style: .compact).string(.string(text))
            == "\"q\\\" b\\\\ s/ \\b\\f\\n\\r\\t \\u0001\\u001f \u{7F} é 😀 \u{2028}\"")
        #expect(JSONWriter.quoted("a\"b") == "\"a\\\"b\"")
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1234.0, "1234"), (-5.0, "-5"), (0.5, "0.5"), (-71.4536123, "-71.4536123"),
        (1e-7, "0.0000001"), (1.5e-10, "0.00000000015"), (123456789.123, "123456789.123"),
        (9007199254740992.0, "9007199254740992"), (-9007199254740992.0, "-9007199254740992"),
        (1e17, "100000000000000000"), (1.2345e20, "123450000000000000000"), (0.1 + 0.2, "0.30000000000000004"),
        (Double.leastNonzeroMagnitude, tinyText), (10000000000000002.0, "10000000000000002"),
        (123456.7, "123456.7"),
    ] as [(Double, String)])
    func plainNumbers(value: Double, expected: String) throws {
        #expect(try JSONWriter(style: .compact).string(.number(value)) == expected)
    }

    @Test(arguments: [
        (0.1 + 0.2, 1, "0.3"), (44.99999999, 7, "45"), (1e-8, 7, "0"), (-1e-8, 7, "0"), (123456789.123, 7, "123456789.123"),
        (1234.0, 1, "1234"), (1234.56, 1, "1234.6"), (-0.05, 1, "-0.1"), (612.25, 1, "612.3"), (0.0000001, 7, "0.0000001"),
        (179.99999996, 7, "180"), (179.99999994, 7, "179.9999999"), (-12.3456789012, 7, "-12.3456789"),
    ] as [(Double, Int, String)])
    func roundedNumbers(value: Double, decimals: Int, expected: String) throws {
        #expect(try JSONWriter(style: .compact).string(.number(value, decimals: decimals)) == expected)
    }

    @Test func roundedNumbersNeverExceedTheirDecimals() throws {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<5_000 {
            let decimals = Int(generator.next() % 8)
            let value = (Double(generator.next() % 2_000_000_000) - 1e9) / Double(1 + generator.next() % 100_000)
            let text = try JSONWriter(style: .compact).string(.number(value, decimals: decimals))
            let fraction = text.split(separator: ".").dropFirst().first ?? ""
            #expect(fraction.count <= decimals, "\(value) with \(decimals) -> \(text)")
            #expect(!text.contains("e"))
            #expect(abs(Double(text)! - value) <= 0.5 * pow(10, -Double(decimals)) * (1 + 1e-9))
        }
    }

    @Test func nonFiniteNumbersThrowWithPath() {
        let value: JSONValue = ["coords": [[1, 2], [3, .number(.nan)]]]
        do {
            _ = try JSONWriter().bytes(value)
            Issue.record("no error")
        } catch {
            #expect(error.path.description == "coords[1][1]")
            #expect(error.description == "coords[1][1]: cannot write non-finite number nan")
        }
        #expect(throws: JSONWriteError(path: .root, value: .infinity)) { try JSONWriter().bytes(.number(.infinity)) }
    }

    @Test func roundTripsGeneratedDocuments() throws {
        var generator = SeededRandom(seed: 42)
        for round in 0..<300 {
            let value = randomValue(&generator, depth: 0)
            for writer in [JSONWriter(), JSONWriter(style: .compact), JSONWriter(sortKeys: false)] {
                let bytes = try writer.bytes(value)
                let parsed = try JSONParser.parse(bytes, mode: .strict).value
                #expect(parsed == value, "round \(round)")
                #expect(try writer.bytes(parsed) == bytes)
            }
        }
    }

    @Test func writesManyCoordinatesCompactly() throws {
        let coords = (0..<10_000).map { k -> JSONValue in
            [.number(-71.45 + Double(k) * 1e-5, decimals: 7), .number(44.5 + Double(k) * 1e-5, decimals: 7),
             .number(600 + Double(k % 1000) / 10, decimals: 1)]
        }
        let text = try JSONWriter().string(["coords": .array(coords)])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 10_004)
        #expect(lines[1] == "  \"coords\": [")
        #expect(lines[2] == "    [-71.45, 44.5, 600],")
        #expect(lines[10_001] == "    [-71.35001, 44.59999, 699.9]")
        #expect(try JSONParser.parse(text).value == ["coords": .array(coords)])
    }
}


func randomValue(_ g: inout SeededRandom, depth: Int) -> JSONValue {
    let pick = depth > 4 ? Int(g.next() % 4) : Int(g.next() % 6)
    switch pick {
    case 0: return g.next() % 3 == 0 ? .null : .bool(g.next() % 2 == 0)
    case 1:
        switch g.next() % 4 {
        case 0: return .int(Int64(bitPattern: g.next()) >> Int(g.next() % 64))
        case 1: return .number(Double(bitPattern: g.next() & 0x7FEF_FFFF_FFFF_FFFF) * (g.next() % 2 == 0 ? 1 : -1))
        case 2: return .number(Double(Int64(bitPattern: g.next()) % 1_000_000_000) / 1e7, decimals: 7)
        default: return .number(Double(g.next() % 100_000) / 10, decimals: 1)
        }
    case 2, 3:
        let alphabet: [Unicode.Scalar] = ["a", "Z", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", " ", "é", "😀", "\u{2028}", "\u{FFFF}"]
        let length = Int(g.next() % 8)
        return .string(String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] })))
    case 4:
        return .array((0..<Int(g.next() % 5)).map { _ in randomValue(&g, depth: depth + 1) })
    default:
        var object = JSONObject()
        for _ in 0..<Int(g.next() % 5) {
            object["k\(g.next() % 20)\(g.next() % 2 == 0 ? "é" : "")"] = randomValue(&g, depth: depth + 1)
        }
        return .object(object)
    }
}
