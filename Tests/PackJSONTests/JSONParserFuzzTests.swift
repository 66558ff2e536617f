import Testing
@testable import PackJSON
import TestSupport

/// Hostile input: every case must either parse or throw `JSONSyntaxError` at a position inside
/// the input, never trap.
@Suite struct JSONParserFuzzTests {
    static let seeds: [String] = [
        #"{"a": [1, -2.5e-3, true, false, null, "x\u00e9\ud83d\ude00\n"], "b": {"c": {}}, "d": []}"#,
        "// c\n{id: 'x', list: [0x1F, +.5, 5., 'a\\\nb',], /* c */ n: -0}",
        "[[[[[[[[]]]]]]]]",
        "\u{FEFF}{\"é\": \"😀\", \"k\": 123456789012345678901234567890e-10}",
    ]

    @Test(arguments: [JSONParseMode.strict, .json5])
    func randomBytesNeverTrap(mode: JSONParseMode) {
        var g = SeededRandom(seed: 1)
        let interesting = Array("{}[]:,\"'\\/*-+.0123456789eExX tfnuIN\n\r\t".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xEF, 0xFF]
        var parsed = 0
        for _ in 0..<2_000 {
            let length = Int(g.next() % 40)
            let bytes = (0..<length).map { _ in
                g.next() % 4 == 0 ? UInt8(truncatingIfNeeded: g.next()) : interesting[Int(g.next() % UInt64(interesting.count))]
            }
            if check(bytes, mode: mode) { parsed += 1 }
        }
        #expect(parsed > 0)
    }

    @Test(arguments: [JSONParseMode.strict, .json5])
    func mutationsAndTruncationsNeverTrap(mode: JSONParseMode) throws {
        var g = SeededRandom(seed: 2)
        let sources = Self.seeds.map { Array($0.utf8) }.filter { (try? JSONParser.parse($0, mode: mode)) != nil }
        #expect(sources.count == (mode == .strict ? 3 : 4))
        var failures = 0
        for round in 0..<3_000 {
            var bytes = sources[round % sources.count]
            switch g.next() % 4 {
            case 0:
                bytes = Array(bytes.prefix(Int(g.next() % UInt64(bytes.count))))
            case 1:
                for _ in 0...(g.next() % 3) { bytes[Int(g.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: g.next()) }
            case 2:
                bytes.remove(at: Int(g.next() % UInt64(bytes.count)))
            default:
                let from = Int(g.next() % UInt64(bytes.count))
                let piece = bytes[from..<min(bytes.count, from + Int(g.next() % 8))]
                bytes.insert(contentsOf: piece, at: Int(g.next() % UInt64(bytes.count)))
            }
            if !check(bytes, mode: mode) { failures += 1 }
        }
        #expect(failures > 500)
    }

    /// Parses; on success walks the whole tree, on failure checks the error lies in the input.
    private func check(_ bytes: [UInt8], mode: JSONParseMode) -> Bool {
        do {
            let root = try JSONParser.parse(bytes, mode: mode)
            _ = root.value
            _ = walk(root)
            return true
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count)
            #expect(error.line >= 1 && error.column >= 1)
            #expect(!error.message.isEmpty)
            return false
        }
    }

    private func walk(_ node: JSONNode) -> Int {
        _ = node.position
        _ = node.path.description
        _ = try? node.int()
        _ = try? node.string()
        _ = try? node.unknownKeys(["a", "id"])
        _ = node["a"]
        _ = node[0]
        return 1 + node.children.reduce(0) { $0 + walk($1) }
    }
}
