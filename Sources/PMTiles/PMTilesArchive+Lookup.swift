extension PMTilesArchive {
    /// The stored (still compressed) bytes of tile z/x/y, or nil when the archive has no such tile
    /// or the coordinate is not a tile (z outside 0...31, x or y outside 0..<2^z).
    /// - Throws: `PMTilesError` when a leaf directory on the way is damaged (see `tile(id:)`).
    public func tile(z: Int, x: Int, y: Int) throws(PMTilesError) -> [UInt8]? {
        guard let id = TileID.id(z: z, x: x, y: y) else { return nil }
        return try tile(id: id)
    }

    /// The stored bytes of the tile with PMTiles id `id`, or nil when none is addressed: a binary
    /// search of the root, then of each leaf directory on the way, at most `limits.maxLeafDepth`
    /// leaves deep.
    /// - Throws: `PMTilesError` `.leafTooDeep`, `.entryOutOfBounds` (a leaf or tile past its
    ///   section), or what decoding a leaf throws (`.decompressionFailed`, `.badDirectory`,
    ///   `.tooManyEntries`).
    public func tile(id: UInt64) throws(PMTilesError) -> [UInt8]? {
        var directory = rootEntries
        var directoryOffset = header.root.offsetBytes
        var budget = sections.newBudget()
        var depth = 0
        while let entry = Self.find(id, in: directory) {
            if !entry.isLeafPointer {
                return Array(try sections.tileBytes(entry, directoryOffset: directoryOffset))
            }
            depth += 1
            guard depth <= limits.maxLeafDepth else {
                throw PMTilesError(.leafTooDeep, at: directoryOffset, "leaf directories nest deeper than \(limits.maxLeafDepth) levels")
            }
            let leaf = try sections.leafSection(entry, directoryOffset: directoryOffset)
            directory = try sections.directory(leaf, what: "leaf directory", budget: &budget)
            directoryOffset = leaf.offsetBytes
        }
        return nil
    }

    /// The entry that covers `id`: the last entry with a tile id at or below it, when it is a leaf
    /// pointer or its run reaches `id`.
    static func find(_ id: UInt64, in entries: [PMTilesEntry]) -> PMTilesEntry? {
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= id { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        return entry.isLeafPointer || id - entry.tileID < UInt64(entry.runLength) ? entry : nil
    }
}

extension SectionReader {
    /// The file section of the leaf directory `pointer` names.
    /// - Throws: `PMTilesError.entryOutOfBounds` at `directoryOffset` when it reaches past the
    ///   leaf directories section.
    func leafSection(_ pointer: PMTilesEntry, directoryOffset: UInt64) throws(PMTilesError) -> PMTilesSection {
        let (end, overflow) = pointer.offsetBytes.addingReportingOverflow(UInt64(pointer.lengthBytes))
        guard !overflow, end <= header.leafDirectories.lengthBytes else {
            throw PMTilesError(.entryOutOfBounds, at: directoryOffset,
                               "leaf pointer for tile id \(pointer.tileID) at \(pointer.offsetBytes) + \(pointer.lengthBytes) bytes reaches past the \(header.leafDirectories.lengthBytes)-byte leaf section")
        }
        return PMTilesSection(offsetBytes: header.leafDirectories.offsetBytes + pointer.offsetBytes,
                              lengthBytes: UInt64(pointer.lengthBytes))
    }

    /// The content of tile entry `entry`.
    /// - Throws: `PMTilesError.entryOutOfBounds` at `directoryOffset` when it reaches past the tile data.
    func tileBytes(_ entry: PMTilesEntry, directoryOffset: UInt64) throws(PMTilesError) -> ArraySlice<UInt8> {
        let start = try tileFileOffset(entry, directoryOffset: directoryOffset)
        return bytes[Int(start)..<Int(start) + Int(entry.lengthBytes)]
    }

    /// Where `entry`'s content starts in the file, bytes.
    /// - Throws: `PMTilesError.entryOutOfBounds` at `directoryOffset` when it reaches past the tile data.
    func tileFileOffset(_ entry: PMTilesEntry, directoryOffset: UInt64) throws(PMTilesError) -> UInt64 {
        let (end, overflow) = entry.offsetBytes.addingReportingOverflow(UInt64(entry.lengthBytes))
        guard !overflow, end <= header.tileData.lengthBytes else {
            throw PMTilesError(.entryOutOfBounds, at: directoryOffset,
                               "tile id \(entry.tileID) at \(entry.offsetBytes) + \(entry.lengthBytes) bytes reaches past the \(header.tileData.lengthBytes)-byte tile data")
        }
        return header.tileData.offsetBytes + entry.offsetBytes
    }
}
