/// One addressed tile of an archive and where its content lies.
public struct PMTilesAddressedTile: Equatable, Sendable {
    /// The PMTiles tile id.
    public var tileID: UInt64
    /// The tile's zoom, column and row.
    public var tile: TileZXY
    /// Where the content starts, bytes from the start of the file.
    public var fileOffsetBytes: UInt64
    /// The content's length, bytes.
    public var lengthBytes: UInt32

    public init(tileID: UInt64, tile: TileZXY, fileOffsetBytes: UInt64, lengthBytes: UInt32) {
        self.tileID = tileID
        self.tile = tile
        self.fileOffsetBytes = fileOffsetBytes
        self.lengthBytes = lengthBytes
    }
}

/// What a listing has gathered and may still spend.
struct Listing {
    var tiles: [PMTilesAddressedTile] = []
    var budget: SectionReader.Budget
    /// First bytes of the leaf directories read so far.
    var visitedLeaves: Set<UInt64> = []
    /// Tile entries (runs) seen.
    var tileEntries = 0
    /// Distinct content offsets seen (relative to the tile data).
    var contentOffsets: Set<UInt64> = []
    /// The end of the contents seen so far, relative to the tile data (the clustered check).
    var contentsEnd: UInt64 = 0
}

extension PMTilesArchive {
    /// Every addressed tile, in tile-id order, each run expanded: for validators. Reads every leaf
    /// directory once, so it is linear in the archive's size, within `limits`. Also checks that
    /// the directories form a tree whose tile ids increase strictly across it, that every leaf's
    /// ids lie in the range its pointer covers, that every content lies in the tile data, that
    /// the contents are in tile-id order when the header says clustered, and that the header's
    /// non-zero counts are right.
    /// - Throws: `PMTilesError` `.leafCycle` (a leaf reached twice), `.leafTooDeep`,
    ///   `.tooManyEntries` (more than `limits.maxListedTiles` tiles or `maxDirectoryEntries`
    ///   entries), `.entryOutOfBounds`, `.badDirectory`, `.decompressionFailed`, `.notClustered`,
    ///   `.countMismatch`.
    public func entries() throws(PMTilesError) -> [PMTilesAddressedTile] {
        var listing = Listing(budget: sections.newBudget())
        try list(rootEntries, at: header.root.offsetBytes, lower: 0, upper: nil, depth: 0, into: &listing)
        try checkCounts(listing)
        return listing.tiles
    }

    /// The content of a tile `entries()` listed.
    public func bytes(of tile: PMTilesAddressedTile) -> ArraySlice<UInt8> {
        bytes[Int(tile.fileOffsetBytes)..<Int(tile.fileOffsetBytes) + Int(tile.lengthBytes)]
    }

    /// Lists the directory at `directoryOffset`, whose entries must cover tile ids in
    /// `lower ..< upper` (no upper bound when nil).
    private func list(_ entries: [PMTilesEntry], at directoryOffset: UInt64, lower: UInt64, upper: UInt64?,
                      depth: Int, into listing: inout Listing) throws(PMTilesError) {
        for (i, entry) in entries.enumerated() {
            let next = i + 1 < entries.count ? entries[i + 1].tileID : upper
            let end = entry.tileID + UInt64(max(entry.runLength, 1))
            guard entry.tileID >= lower, next.map({ end <= $0 }) ?? true else {
                throw PMTilesError(.badDirectory, at: directoryOffset,
                                   "entry \(i) (tile ids \(entry.tileID)..<\(end)) falls outside the ids \(lower)..<\(upper.map(String.init) ?? "end") its directory covers")
            }
            if entry.isLeafPointer {
                try listLeaf(entry, from: directoryOffset, upper: next, depth: depth, into: &listing)
            } else {
                try listRun(entry, from: directoryOffset, into: &listing)
            }
        }
    }

    /// Reads the leaf `pointer` names, once, and lists it.
    private func listLeaf(_ pointer: PMTilesEntry, from directoryOffset: UInt64, upper: UInt64?, depth: Int,
                          into listing: inout Listing) throws(PMTilesError) {
        guard depth < limits.maxLeafDepth else {
            throw PMTilesError(.leafTooDeep, at: directoryOffset, "leaf directories nest deeper than \(limits.maxLeafDepth) levels")
        }
        let section = try sections.leafSection(pointer, directoryOffset: directoryOffset)
        guard listing.visitedLeaves.insert(section.offsetBytes).inserted else {
            throw PMTilesError(.leafCycle, at: directoryOffset,
                               "the leaf directory at byte \(section.offsetBytes) is reached a second time (pointer for tile id \(pointer.tileID))")
        }
        let leaf = try sections.directory(section, what: "leaf directory", budget: &listing.budget)
        try list(leaf, at: section.offsetBytes, lower: pointer.tileID, upper: upper, depth: depth + 1, into: &listing)
    }

    /// Appends each tile of the run `entry`.
    private func listRun(_ entry: PMTilesEntry, from directoryOffset: UInt64, into listing: inout Listing) throws(PMTilesError) {
        let fileOffset = try sections.tileFileOffset(entry, directoryOffset: directoryOffset)
        guard listing.tiles.count + Int(entry.runLength) <= limits.maxListedTiles else {
            throw PMTilesError(.tooManyEntries, at: directoryOffset, "the archive addresses more than \(limits.maxListedTiles) tiles")
        }
        if header.clustered {
            guard entry.offsetBytes <= listing.contentsEnd else {
                throw PMTilesError(.notClustered, at: directoryOffset,
                                   "tile id \(entry.tileID)'s content at \(entry.offsetBytes) leaves a gap after the contents before it (which end at \(listing.contentsEnd)) in a clustered archive")
            }
            listing.contentsEnd = max(listing.contentsEnd, entry.offsetBytes + UInt64(entry.lengthBytes))
        }
        listing.tileEntries += 1
        listing.contentOffsets.insert(entry.offsetBytes)
        for id in entry.tileID..<entry.tileID + UInt64(entry.runLength) {
            // Runs were checked to end within zoom 31 when their directory was decoded.
            let tile = TileID.tile(of: id)!
            listing.tiles.append(PMTilesAddressedTile(tileID: id, tile: tile, fileOffsetBytes: fileOffset, lengthBytes: entry.lengthBytes))
        }
    }

    /// Compares the header's non-zero counts with the listing.
    private func checkCounts(_ listing: Listing) throws(PMTilesError) {
        let counts: [(field: UInt64, header: UInt64, found: Int, name: String)] = [
            (72, header.addressedTilesCount, listing.tiles.count, "addressed tiles"),
            (80, header.tileEntriesCount, listing.tileEntries, "tile entries"),
            (88, header.tileContentsCount, listing.contentOffsets.count, "tile contents"),
        ]
        for count in counts where count.header != 0 && count.header != UInt64(count.found) {
            throw PMTilesError(.countMismatch, at: count.field, "the header counts \(count.header) \(count.name), the directories hold \(count.found)")
        }
    }
}
