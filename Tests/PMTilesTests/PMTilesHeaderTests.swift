import PMTiles
import Testing

@Suite struct PMTilesHeaderTests {
    /// A header with a distinct value in every field.
    static var sample: PMTilesHeader {
        var h = PMTilesHeader()
        h.root = PMTilesSection(offsetBytes: 127, lengthBytes: 300)
        h.metadata = PMTilesSection(offsetBytes: 427, lengthBytes: 0x1_0000_0001)
        h.leafDirectories = PMTilesSection(offsetBytes: 0x0102_0304_0506_0708, lengthBytes: 5)
        h.tileData = PMTilesSection(offsetBytes: 1 << 40, lengthBytes: UInt64.max)
        (h.addressedTilesCount, h.tileEntriesCount, h.tileContentsCount) = (1_000_000, 70_000, 6_000)
        h.clustered = true
        (h.internalCompression, h.tileCompression, h.tileType) = (.gzip, .zstd, .avif)
        (h.minZoom, h.maxZoom) = (3, 17)
        (h.minLonE7, h.minLatE7, h.maxLonE7, h.maxLatE7) = (-1_800_000_000, -850_511_287, 1_799_999_999, 850_511_287)
        (h.centerZoom, h.centerLonE7, h.centerLatE7) = (12, 114_567_891, -471_234_567)
        return h
    }

    @Test func roundTrip() throws {
        let bytes = Self.sample.encoded()
        #expect(bytes.count == 127)
        #expect(try PMTilesHeader(decoding: bytes) == Self.sample)
        #expect(try PMTilesHeader(decoding: PMTilesHeader().encoded()) == PMTilesHeader())
    }

    /// Fields at the spec's byte offsets, little endian.
    @Test func layoutFollowsTheSpec() {
        let b = Self.sample.encoded()
        #expect(Array(b[0..<7]) == Array("PMTiles".utf8))
        #expect(b[7] == 3)
        #expect(Array(b[8..<16]) == [127, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(b[32..<40]) == [1, 0, 0, 0, 1, 0, 0, 0])
        #expect(Array(b[40..<48]) == [8, 7, 6, 5, 4, 3, 2, 1])
        #expect(Array(b[64..<72]) == [UInt8](repeating: 255, count: 8))
        #expect(Array(b[72..<80]) == [0x40, 0x42, 0x0F, 0, 0, 0, 0, 0])
        #expect(Array(b[96..<102]) == [1, 2, 4, 5, 3, 17])
        #expect(Array(b[102..<106]) == [0x00, 0x2E, 0xB6, 0x94])  // -1,800,000,000
        #expect(b[118] == 12)
        #expect(Array(b[123..<127]) == Array(withUnsafeBytes(of: Int32(-471_234_567).littleEndian, Array.init)))
    }

    @Test func refusesWhatTheSpecDoesNotDefine() {
        let good = Self.sample.encoded()
        func problem(_ bytes: [UInt8]) -> String { Kit.failure { () throws(PMTilesError) in _ = try PMTilesHeader(decoding: bytes) } }
        func patched(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var b = good
            b[offset] = value
            return b
        }
        #expect(problem(good) == "no error")
        #expect(problem(Array(good.prefix(126))) == "truncated@126")
        #expect(problem([]) == "truncated@0")
        #expect(problem(patched(0, UInt8(ascii: "p"))) == "badMagic@0")
        #expect(problem(patched(7, 2)) == "unsupportedVersion@7")
        #expect(problem(patched(96, 2)) == "unknownValue@96")
        #expect(problem(patched(97, 5)) == "unknownValue@97")
        #expect(problem(patched(98, 255)) == "unknownValue@98")
        #expect(problem(patched(99, 6)) == "unknownValue@99")
        #expect(problem(patched(101, 32)) == "unknownValue@101")
        #expect(problem(patched(100, 18)) == "unknownValue@100")
    }

    /// Sections must lie in the file, after the header, apart from each other; the root must be
    /// non-empty and fit the 16,384-byte prefetch with the header.
    @Test func sectionChecks() {
        var h = PMTilesHeader()
        h.root = PMTilesSection(offsetBytes: 127, lengthBytes: 100)
        h.metadata = PMTilesSection(offsetBytes: 227, lengthBytes: 10)
        h.tileData = PMTilesSection(offsetBytes: 237, lengthBytes: 63)
        func problem(_ patch: (inout PMTilesHeader) -> Void, fileBytes: UInt64 = 300) -> String {
            var bad = h
            patch(&bad)
            return Kit.failure { () throws(PMTilesError) in try bad.checkSections(fileBytes: fileBytes) }
        }
        #expect(problem({ _ in }) == "no error")
        #expect(problem({ _ in }, fileBytes: 299) == "sectionOutOfBounds@56")
        #expect(problem({ $0.root.lengthBytes = 0 }) == "badDirectory@16")
        #expect(problem({ $0.root.lengthBytes = 16_258 }, fileBytes: 1 << 20) == "rootTooLarge@16")
        #expect(problem({ $0.metadata.offsetBytes = UInt64.max }) == "sectionOutOfBounds@24")
        #expect(problem({ $0.leafDirectories = PMTilesSection(offsetBytes: 100, lengthBytes: 1) }) == "sectionOverlap@40")
        #expect(problem({ $0.root.offsetBytes = 0 }) == "sectionOverlap@8")
        #expect(problem({ $0.tileData.offsetBytes = 226; $0.tileData.lengthBytes = 2 }) == "sectionOverlap@56")
        #expect(problem({ $0.tileData = PMTilesSection(offsetBytes: 5000, lengthBytes: 0) }) == "no error")
    }
}
