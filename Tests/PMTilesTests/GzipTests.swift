import Bindings
import TestSupport
import Testing

@Suite struct GzipTests {
    @Test func roundTripsAtEveryLevel() throws {
        var rng = SeededRandom(seed: 3)
        let inputs: [[UInt8]] = [
            [], [42], Kit.randomBytes(100_000, &rng), [UInt8](repeating: 7, count: 300_000),
            (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 / 1000) },
        ]
        for input in inputs {
            for level in [0, 1, 6, 9] {
                let packed = Gzip.compress(input, level: level)
                #expect(try Gzip.decompress(packed, maxBytes: input.count) == input, "\(input.count) bytes, level \(level)")
            }
        }
    }

    /// A gzip header with mtime 0, and the same bytes every time.
    @Test func outputIsDeterministic() {
        let input = Array("the same bytes give the same gzip".utf8)
        let packed = Gzip.compress(input)
        #expect(Array(packed.prefix(4)) == [0x1F, 0x8B, 8, 0], "magic, deflate, no flags")
        #expect(Array(packed[4..<8]) == [0, 0, 0, 0], "mtime 0")
        #expect(Gzip.compress(input) == packed)
    }

    /// Output beyond `maxBytes` is refused, however small the input: a zip bomb does not blow memory.
    @Test func refusesOutputBeyondMaxBytes() throws {
        let zeros = [UInt8](repeating: 0, count: 50 << 20)
        let bomb = Gzip.compress(zeros, level: 9)
        #expect(bomb.count < 100_000)
        #expect(throws: GzipError.outputTooLarge(maxBytes: 1 << 20)) { try Gzip.decompress(bomb, maxBytes: 1 << 20) }
        let small = Gzip.compress(Array(zeros.prefix(1000)))
        #expect(try Gzip.decompress(small, maxBytes: 1000).count == 1000)
        #expect(throws: GzipError.outputTooLarge(maxBytes: 999)) { try Gzip.decompress(small, maxBytes: 999) }
        #expect(throws: GzipError.outputTooLarge(maxBytes: 0)) { try Gzip.decompress(small, maxBytes: -5) }
    }

    @Test func refusesDamagedData() {
        let packed = Gzip.compress(Array("some text to pack, some text to pack".utf8))
        #expect(throws: GzipError.truncated) { try Gzip.decompress([UInt8](), maxBytes: 100) }
        #expect(throws: GzipError.truncated) { try Gzip.decompress(Array(packed.dropLast(3)), maxBytes: 100) }
        #expect(throws: GzipError.truncated) { try Gzip.decompress(Array(packed.prefix(5)), maxBytes: 100) }
        var crc = packed
        crc[crc.count - 6] ^= 0xFF
        #expect { try Gzip.decompress(crc, maxBytes: 100) } throws: { error in
            if case .corrupt = error as? GzipError { return true } else { return false }
        }
        #expect { try Gzip.decompress(Array("not gzip at all".utf8), maxBytes: 100) } throws: { error in
            if case .corrupt = error as? GzipError { return true } else { return false }
        }
        #expect { try Gzip.decompress(packed + [1, 2, 3], maxBytes: 100) } throws: { _ in true }
    }

    /// Concatenated members are one stream (RFC 1952), as gzip(1) and Python read them.
    @Test func readsConcatenatedMembers() throws {
        let a = Array("first member ".utf8), b = Array("second member".utf8)
        #expect(try Gzip.decompress(Gzip.compress(a) + Gzip.compress(b), maxBytes: 100) == a + b)
        #expect(try Gzip.decompress((Gzip.compress(a) + Gzip.compress(b))[...], maxBytes: 100) == a + b)
    }
}
