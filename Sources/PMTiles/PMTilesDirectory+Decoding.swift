extension PMTilesDirectory {
    /// Decodes uncompressed directory bytes, checking everything a hostile file could get wrong.
    /// - Parameters:
    ///   - bytes: the decompressed directory.
    ///   - maxEntries: the most entries accepted (the count varint is checked before anything is allocated).
    ///   - fileOffset: the directory's first byte in the archive, named in errors.
    ///   - what: the directory's name in errors ("root directory", "leaf directory").
    /// - Throws: `PMTilesError.tooManyEntries` when the count exceeds `maxEntries`;
    ///   `.badDirectory` for a count of 0 or more than the bytes can hold, a bad varint, tile ids
    ///   not strictly increasing or beyond 64 bits, runs overlapping the next entry, a length of
    ///   0, a value wider than 32 bits, an offset that overflows, or bytes left over.
    public static func deserialize(_ bytes: [UInt8], maxEntries: Int, fileOffset: UInt64,
                                   what: String) throws(PMTilesError) -> [PMTilesEntry] {
        var reader = VarintReader(bytes: bytes, errorOffset: fileOffset, what: what)
        let count = try entryCount(&reader, maxEntries: maxEntries)
        var entries = try tileIDs(&reader, count: count)
        for i in 0..<count { entries[i].runLength = try uint32(&reader, "run length", entry: i) }
        for i in 0..<count {
            entries[i].lengthBytes = try uint32(&reader, "length", entry: i)
            guard entries[i].lengthBytes > 0 else { throw bad(reader, "entry \(i) has length 0") }
        }
        try readOffsets(&reader, into: &entries)
        guard reader.isAtEnd else { throw bad(reader, "\(bytes.count - reader.position) bytes follow the last column") }
        try checkRuns(entries, reader)
        return entries
    }

    /// The leading entry count: at least 1, at most `maxEntries`, and no more than the bytes left
    /// can hold (each entry takes at least one byte in each of the four columns).
    private static func entryCount(_ reader: inout VarintReader, maxEntries: Int) throws(PMTilesError) -> Int {
        let count = try reader.next()
        guard count > 0 else { throw bad(reader, "the directory has 0 entries") }
        guard count <= UInt64(max(0, maxEntries)) else {
            throw PMTilesError(.tooManyEntries, at: reader.errorOffset, "\(reader.what) claims \(count) entries, more than the limit of \(maxEntries)")
        }
        guard count <= UInt64((reader.bytes.count - reader.position) / 4) else {
            throw bad(reader, "\(count) entries cannot fit in \(reader.bytes.count) bytes")
        }
        return Int(count)
    }

    /// The tile-id column: deltas summed, strictly increasing after the first.
    private static func tileIDs(_ reader: inout VarintReader, count: Int) throws(PMTilesError) -> [PMTilesEntry] {
        var entries: [PMTilesEntry] = []
        entries.reserveCapacity(count)
        var id: UInt64 = 0
        for i in 0..<count {
            let delta = try reader.next()
            guard i == 0 || delta > 0 else { throw bad(reader, "entry \(i) repeats tile id \(id)") }
            let (sum, overflow) = id.addingReportingOverflow(delta)
            guard !overflow else { throw bad(reader, "entry \(i)'s tile id overflows 64 bits") }
            id = sum
            entries.append(PMTilesEntry(tileID: id, offsetBytes: 0, lengthBytes: 0, runLength: 0))
        }
        return entries
    }

    /// The offset column: 0 continues from the previous entry's end, n is offset n - 1.
    private static func readOffsets(_ reader: inout VarintReader, into entries: inout [PMTilesEntry]) throws(PMTilesError) {
        for i in entries.indices {
            let value = try reader.next()
            if value > 0 {
                entries[i].offsetBytes = value - 1
                continue
            }
            guard i > 0 else { throw bad(reader, "entry 0's offset is 0, which refers to a previous entry") }
            let (end, overflow) = entries[i - 1].offsetBytes.addingReportingOverflow(UInt64(entries[i - 1].lengthBytes))
            guard !overflow else { throw bad(reader, "entry \(i)'s offset overflows 64 bits") }
            entries[i].offsetBytes = end
        }
    }

    /// A varint that must fit 32 bits.
    private static func uint32(_ reader: inout VarintReader, _ column: String, entry: Int) throws(PMTilesError) -> UInt32 {
        let value = try reader.next()
        guard let narrow = UInt32(exactly: value) else { throw bad(reader, "entry \(entry)'s \(column) \(value) exceeds 32 bits") }
        return narrow
    }

    /// Refuses a tile id past the last of zoom 31, and a run that reaches the next entry's tile
    /// id or past the last tile id of zoom 31.
    private static func checkRuns(_ entries: [PMTilesEntry], _ reader: VarintReader) throws(PMTilesError) {
        if let last = entries.last, last.tileID > TileID.maxID {
            throw bad(reader, "tile id \(last.tileID) is beyond zoom 31")
        }
        for (i, entry) in entries.enumerated() where !entry.isLeafPointer {
            let (end, overflow) = entry.tileID.addingReportingOverflow(UInt64(entry.runLength))
            guard !overflow, end - 1 <= TileID.maxID else {
                throw bad(reader, "entry \(i)'s run reaches past the last tile id of zoom 31")
            }
            if i + 1 < entries.count, end > entries[i + 1].tileID {
                throw bad(reader, "entry \(i)'s run of \(entry.runLength) from tile id \(entry.tileID) overlaps entry \(i + 1) (tile id \(entries[i + 1].tileID))")
            }
        }
    }

    /// A `.badDirectory` error at the directory being read.
    private static func bad(_ reader: VarintReader, _ message: String) -> PMTilesError {
        PMTilesError(.badDirectory, at: reader.errorOffset, "\(reader.what): \(message)")
    }
}
