import PMTiles
import TestSupport
import Testing

@Suite struct PMTilesDirectoryTests {
    static let sample = [
        PMTilesEntry(tileID: 5, offsetBytes: 0, lengthBytes: 10, runLength: 1),
        PMTilesEntry(tileID: 6, offsetBytes: 10, lengthBytes: 20, runLength: 3),
        PMTilesEntry(tileID: 300, offsetBytes: 0, lengthBytes: 10, runLength: 1),
        PMTilesEntry(tileID: 70_000, offsetBytes: 1_000_000, lengthBytes: 70_000, runLength: 0),
    ]

    /// The bytes the Python `pmtiles` package 3.8.1 writes for the same entries
    /// (`serialize_directory`, gunzipped): count, id deltas, run lengths, lengths, offsets.
    @Test func bytesMatchThePythonPackage() {
        #expect(PMTilesDirectory.serialize(Self.sample) ==
            [4, 5, 1, 166, 2, 196, 160, 4, 1, 3, 1, 0, 10, 20, 10, 240, 162, 4, 1, 0, 1, 193, 132, 61])
    }

    @Test func roundTripsSeededDirectories() throws {
        var rng = SeededRandom(seed: 9)
        for size in [1, 2, 17, 1000, 20_000] {
            var entries: [PMTilesEntry] = []
            var id = UInt64.random(in: 0...1000, using: &rng)
            var offset: UInt64 = 0
            for _ in 0..<size {
                let length = UInt32.random(in: 1...UInt32.max, using: &rng)
                let reuse = Bool.random(using: &rng) && !entries.isEmpty
                let start = reuse ? entries[Int.random(in: 0..<entries.count, using: &rng)].offsetBytes : offset
                let run = UInt32.random(in: 0...3, using: &rng) == 0 ? 0 : UInt32.random(in: 1...70_000, using: &rng)
                entries.append(PMTilesEntry(tileID: id, offsetBytes: start, lengthBytes: length, runLength: run))
                if !reuse { offset += UInt64(length) }
                id += UInt64(max(run, 1)) + UInt64.random(in: 0...1 << 20, using: &rng)
            }
            let bytes = PMTilesDirectory.serialize(entries)
            #expect(try PMTilesDirectory.deserialize(bytes, maxEntries: size, fileOffset: 0, what: "test") == entries)
        }
    }

    /// Each damage is a `.badDirectory` or `.tooManyEntries` at the directory's offset.
    @Test func refusesDamagedDirectories() {
        let good = PMTilesDirectory.serialize(Self.sample)
        func problem(_ bytes: [UInt8], maxEntries: Int = 100) -> String {
            Kit.failure { () throws(PMTilesError) in
                _ = try PMTilesDirectory.deserialize(bytes, maxEntries: maxEntries, fileOffset: 777, what: "test")
            }
        }
        #expect(problem(good) == "no error")
        #expect(problem(good, maxEntries: 3) == "tooManyEntries@777")
        #expect(problem([]) == "badDirectory@777", "no count")
        #expect(problem([0]) == "badDirectory@777", "0 entries")
        #expect(problem([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], maxEntries: .max) == "badDirectory@777", "2^63 entries in 9 bytes")
        #expect(problem([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]) == "badDirectory@777", "varint over 64 bits")
        #expect(problem(Array(good.dropLast())) == "badDirectory@777", "truncated")
        #expect(problem(good + [0]) == "badDirectory@777", "trailing byte")
        #expect(problem([2, 5, 0, 1, 1, 10, 10, 1, 0]) == "badDirectory@777", "tile id repeated")
        #expect(problem([1, 5, 1, 0, 1]) == "badDirectory@777", "length 0")
        #expect(problem([1, 5, 1, 10, 0]) == "badDirectory@777", "first offset continues nothing")
        #expect(problem([2, 5, 1, 3, 1, 10, 10, 1, 0]) == "badDirectory@777", "run of 3 from 5 overlaps id 6")
        #expect(problem([1, 5, 1, 0x80, 0x80, 0x80, 0x80, 0x10, 1]) == "badDirectory@777", "length over 32 bits")
        var beyondZoom31 = ByteList()
        beyondZoom31.varint(1); beyondZoom31.varint(TileID.maxID + 1); beyondZoom31.bytes += [1, 1, 1]
        #expect(problem(beyondZoom31.bytes) == "badDirectory@777", "tile id beyond zoom 31")
        var runPastZoom31 = ByteList()
        runPastZoom31.varint(1); runPastZoom31.varint(TileID.maxID); runPastZoom31.bytes += [2, 1, 1]
        #expect(problem(runPastZoom31.bytes) == "badDirectory@777", "run past zoom 31")
        var offsetOverflow = ByteList()
        offsetOverflow.bytes += [2, 1, 1, 1, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1]
        offsetOverflow.varint(UInt64.max); offsetOverflow.varint(0)
        #expect(problem(offsetOverflow.bytes) == "badDirectory@777", "offset overflows 64 bits")
    }
}

/// Varints for hand-made directories.
struct ByteList {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
