import Bindings
import PMTiles
import TestSupport
import Testing

/// Every damage a file can carry is a thrown `PMTilesError` naming where, never a crash or a hang.
@Suite(.timeLimit(.minutes(2))) struct PMTilesCorruptionTests {
    static func pointer(_ id: UInt64, _ offset: UInt64, _ length: UInt32) -> PMTilesEntry {
        PMTilesEntry(tileID: id, offsetBytes: offset, lengthBytes: length, runLength: 0)
    }

    static func tile(_ id: UInt64, _ offset: UInt64, _ length: UInt32, run: UInt32 = 1) -> PMTilesEntry {
        PMTilesEntry(tileID: id, offsetBytes: offset, lengthBytes: length, runLength: run)
    }

    /// What opening `bytes`, listing it and looking up `lookups` throw, as "problem@offset" each.
    static func outcome(_ bytes: [UInt8], limits: PMTilesArchive.Limits = .init(), lookups: [UInt64] = [0])
        -> (open: String, entries: String, tile: String) {
        var archive: PMTilesArchive?
        let open = Kit.failure { () throws(PMTilesError) in archive = try PMTilesArchive(bytes: bytes, limits: limits, decompress: Kit.gunzip) }
        guard let archive else { return (open, "-", "-") }
        let entries = Kit.failure { () throws(PMTilesError) in _ = try archive.entries() }
        let tile = Kit.failure { () throws(PMTilesError) in for id in lookups { _ = try archive.tile(id: id) } }
        return (open, entries, tile)
    }

    @Test func everyTruncationIsRefused() throws {
        var writer = Kit.gzipWriter
        (writer.headerAndRootLimitBytes, writer.minimumLeafEntries) = (200, 10)
        let bytes = try Kit.write(Kit.randomTileset(seed: 8, count: 200, zoom: 6, maxTileBytes: 20), with: writer)
        #expect(Self.outcome(bytes).open == "no error")
        for length in 0..<bytes.count {
            let result = Self.outcome(Array(bytes.prefix(length)))
            #expect(result.open != "no error", "prefix of \(length) bytes")
        }
    }

    /// Each byte of small archives (gzip and uncompressed directories, with leaves) set to seeded
    /// values: opening, listing and lookups finish, each either succeeding or throwing.
    @Test(arguments: [PMTilesCompression.gzip, .none])
    func everyByteMutationFinishes(compression: PMTilesCompression) throws {
        var writer = compression == .gzip ? Kit.gzipWriter : Kit.plainWriter
        (writer.headerAndRootLimitBytes, writer.minimumLeafEntries) = (200, 10)
        let tiles = Kit.randomTileset(seed: 80, count: 120, zoom: 6, maxTileBytes: 8)
        let bytes = try Kit.write(tiles, with: writer)
        var rng = SeededRandom(seed: 81)
        var refused = 0
        let lookups = tiles.map(\.tileID).filter { $0 % 7 == 0 } + [0, 1 << 40]
        for position in bytes.indices {
            for value in [0, 1, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &rng)] where value != bytes[position] {
                var damaged = bytes
                damaged[position] = value
                let result = Self.outcome(damaged, lookups: lookups)
                if result != ("no error", "no error", "no error") { refused += 1 }
            }
        }
        #expect(refused > bytes.count)
    }

    /// 3,000 seeded copies of a small archive (uncompressed directories, with leaves), each with
    /// 2...12 random bytes overwritten, most inside the header and directories: all finish.
    @Test func randomMultiByteDamageFinishes() throws {
        var writer = Kit.plainWriter
        (writer.headerAndRootLimitBytes, writer.minimumLeafEntries) = (200, 10)
        let tiles = Kit.randomTileset(seed: 90, count: 150, zoom: 7, maxTileBytes: 4)
        let bytes = try Kit.write(tiles, with: writer)
        let header = try PMTilesArchive(bytes: bytes, decompress: Kit.gunzip).header
        let directoriesEnd = Int(header.tileData.offsetBytes)
        var rng = SeededRandom(seed: 91)
        var opened = 0
        for _ in 0..<3000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 2...12, using: &rng) {
                let position = Int.random(in: 0..<(Bool.random(using: &rng) ? directoriesEnd : bytes.count), using: &rng)
                damaged[position] = UInt8.random(in: 0...255, using: &rng)
            }
            let lookups = (0..<20).map { _ in tiles[Int.random(in: 0..<tiles.count, using: &rng)].tileID }
            if Self.outcome(damaged, lookups: lookups).open == "no error" { opened += 1 }
        }
        #expect(opened > 0)
    }

    @Test func leafPointingAtItself() {
        var hand = HandArchive(rootEntries: [Self.pointer(0, 0, 5)])
        hand.leaves = PMTilesDirectory.serialize([Self.pointer(0, 0, 5)])
        #expect(hand.leaves.count == 5)
        let result = Self.outcome(hand.bytes())
        #expect(result.open == "no error")
        #expect(result.entries == "leafCycle@\(hand.header().leafDirectories.offsetBytes)")
        #expect(result.tile.hasPrefix("leafTooDeep@"))
    }

    @Test func leavesPointingAtEachOther() {
        var hand = HandArchive(rootEntries: [Self.pointer(0, 0, 5)])
        hand.leaves = PMTilesDirectory.serialize([Self.pointer(0, 5, 5)]) + PMTilesDirectory.serialize([Self.pointer(0, 0, 5)])
        let leafOffset = hand.header().leafDirectories.offsetBytes
        let result = Self.outcome(hand.bytes())
        #expect(result.entries == "leafCycle@\(leafOffset + 5)")
        #expect(result.tile.hasPrefix("leafTooDeep@"))
    }

    /// A chain of four leaves is one deeper than the default limit, and readable with a deeper one.
    @Test func leafDepthLimit() {
        var leaves: [[UInt8]] = [PMTilesDirectory.serialize([Self.tile(3, 0, 8)])]
        for _ in 0..<3 {
            let offset = UInt64(leaves.reduce(0) { $0 + $1.count })
            leaves.append(PMTilesDirectory.serialize([Self.pointer(3, offset - UInt64(leaves.last!.count), UInt32(leaves.last!.count))]))
        }
        var hand = HandArchive(rootEntries: [Self.pointer(3, UInt64(leaves.dropLast().reduce(0) { $0 + $1.count }), UInt32(leaves.last!.count))])
        hand.leaves = leaves.flatMap { $0 }
        let result = Self.outcome(hand.bytes(), lookups: [3])
        #expect(result.entries.hasPrefix("leafTooDeep@") && result.tile.hasPrefix("leafTooDeep@"))
        var deeper = PMTilesArchive.Limits()
        deeper.maxLeafDepth = 4
        #expect(Self.outcome(hand.bytes(), limits: deeper, lookups: [3]) == ("no error", "no error", "no error"))
    }

    @Test func entriesOutsideTheirSections() {
        var leafOut = HandArchive(rootEntries: [Self.pointer(0, 0, 6)])
        leafOut.leaves = PMTilesDirectory.serialize([Self.tile(0, 0, 8)])
        #expect(leafOut.leaves.count == 5)
        #expect(Self.outcome(leafOut.bytes()) == ("no error", "entryOutOfBounds@127", "entryOutOfBounds@127"))
        let tileOut = HandArchive(rootEntries: [Self.tile(0, 4, 5)])
        #expect(Self.outcome(tileOut.bytes()) == ("no error", "entryOutOfBounds@127", "entryOutOfBounds@127"))
        let overflow = HandArchive(rootEntries: [Self.tile(0, UInt64.max - 2, 5)])
        #expect(Self.outcome(overflow.bytes()) == ("no error", "entryOutOfBounds@127", "entryOutOfBounds@127"))
    }

    /// A leaf's ids must lie between its pointer's id and the next entry's, or lookups miss them.
    @Test func leafIDsOutsideTheirPointersRange() {
        var late = HandArchive(rootEntries: [Self.pointer(10, 0, 5), Self.tile(20, 0, 8)])
        late.leaves = PMTilesDirectory.serialize([Self.tile(25, 0, 8)])
        let leafOffset = late.header().leafDirectories.offsetBytes
        #expect(Self.outcome(late.bytes()).entries == "badDirectory@\(leafOffset)")
        var early = late
        early.leaves = PMTilesDirectory.serialize([Self.tile(5, 0, 8)])
        #expect(Self.outcome(early.bytes()).entries == "badDirectory@\(leafOffset)")
        var longRun = late
        longRun.leaves = PMTilesDirectory.serialize([Self.tile(15, 0, 8, run: 6)])
        #expect(Self.outcome(longRun.bytes()).entries == "badDirectory@\(leafOffset)")
    }

    @Test func absurdCounts() {
        var count = ByteList()
        count.varint(1 << 40)
        count.bytes += [1, 1, 1, 1]
        var hand = HandArchive(rootEntries: [])
        hand.root = count.bytes
        #expect(Self.outcome(hand.bytes()).open == "tooManyEntries@127")
        hand.root = [0]
        #expect(Self.outcome(hand.bytes()).open == "badDirectory@127")
        let hugeRun = HandArchive(rootEntries: [Self.tile(0, 0, 8, run: UInt32.max)])
        let result = Self.outcome(hugeRun.bytes(), lookups: [0, 123_456_789])
        #expect(result == ("no error", "tooManyEntries@127", "no error"))
        var few = PMTilesArchive.Limits()
        few.maxDirectoryEntries = 3
        let many = HandArchive(rootEntries: (0..<4).map { Self.tile(UInt64($0), 0, 8) })
        #expect(Self.outcome(many.bytes(), limits: few).open == "tooManyEntries@127")
    }

    @Test func headerCountsMustMatch() {
        let hand = HandArchive(rootEntries: [Self.tile(0, 0, 4, run: 3), Self.tile(5, 4, 4), Self.tile(6, 0, 4)])
        #expect(Self.outcome(hand.bytes { $0.addressedTilesCount = 5 }) == ("no error", "no error", "no error"))
        #expect(Self.outcome(hand.bytes { $0.addressedTilesCount = 4 }).entries == "countMismatch@72")
        #expect(Self.outcome(hand.bytes { $0.tileEntriesCount = 5 }).entries == "countMismatch@80")
        #expect(Self.outcome(hand.bytes { $0.tileContentsCount = 3 }).entries == "countMismatch@88")
        #expect(Self.outcome(hand.bytes { $0.clustered = true }).entries == "no error")
        let gap = HandArchive(rootEntries: [Self.tile(0, 4, 4), Self.tile(1, 0, 4)])
        #expect(Self.outcome(gap.bytes { $0.clustered = true }).entries == "notClustered@127")
        #expect(Self.outcome(gap.bytes()).entries == "no error")
    }

    @Test func headerAndSectionDamage() {
        let hand = HandArchive(rootEntries: [Self.tile(0, 0, 8)])
        let size = UInt64(hand.bytes().count)
        #expect(Self.outcome(hand.bytes { $0.root.offsetBytes = size }).open == "sectionOutOfBounds@8")
        #expect(Self.outcome(hand.bytes { $0.metadata.lengthBytes = UInt64.max }).open == "sectionOutOfBounds@24")
        #expect(Self.outcome(hand.bytes { $0.tileData.offsetBytes = 100 }).open == "sectionOverlap@56")
        #expect(Self.outcome(hand.bytes { $0.root.offsetBytes = 128 }).open == "sectionOverlap@24")
        #expect(Self.outcome(hand.bytes { $0.internalCompression = .unknown }).open == "unknownValue@97")
        var wrongVersion = hand.bytes()
        wrongVersion[7] = 4
        #expect(Self.outcome(wrongVersion).open == "unsupportedVersion@7")
        #expect(Self.outcome(Array("PMTiles".utf8)).open == "truncated@7")
        #expect(Self.outcome(Array(repeating: 0, count: 200)).open == "badMagic@0")
    }

    /// Gzip sections: a root that is not gzip, and metadata that inflates past the limit.
    @Test func compressedSectionDamage() {
        var notGzip = HandArchive(rootEntries: [Self.tile(0, 0, 8)])
        notGzip.compression = .gzip
        notGzip.metadata = Gzip.compress(Array("{}".utf8))
        #expect(Self.outcome(notGzip.bytes()).open == "decompressionFailed@127")
        var bomb = notGzip
        bomb.root = Gzip.compress(PMTilesDirectory.serialize([Self.tile(0, 0, 8)]))
        #expect(Self.outcome(bomb.bytes()).open == "no error")
        bomb.metadata = Gzip.compress([UInt8](repeating: 0x20, count: 17 << 20), level: 9)
        #expect(Self.outcome(bomb.bytes()).open == "decompressionFailed@\(bomb.header().metadata.offsetBytes)")
        var leafBomb = bomb
        leafBomb.metadata = Gzip.compress(Array("{}".utf8))
        let bigLeaf = Gzip.compress([UInt8](repeating: 0, count: 70 << 20), level: 9)
        leafBomb.root = Gzip.compress(PMTilesDirectory.serialize([Self.pointer(0, 0, UInt32(bigLeaf.count))]))
        leafBomb.leaves = bigLeaf
        let result = Self.outcome(leafBomb.bytes())
        #expect(result.open == "no error")
        #expect(result.entries == "decompressionFailed@\(leafBomb.header().leafDirectories.offsetBytes)")
    }
}
