/// The tile data section and the tile entries addressing it: each distinct content stored once,
/// at its first use, and consecutive tile ids with one content merged into a run.
struct TileLayout {
    /// One entry per run, in tile-id order; offsets relative to `data`.
    var entries: [PMTilesEntry] = []
    /// The tile data section: the distinct contents in order (the tiles' own arrays, not copied).
    var contents: [[UInt8]] = []
    /// Bytes of the tile data section.
    var dataBytes: UInt64 = 0
    /// How many distinct contents `data` holds.
    var contentsCount = 0

    /// Lays out `tiles` (checked: sorted, non-empty contents of at most 4 GiB - 1).
    init(_ tiles: [(tileID: UInt64, bytes: [UInt8])]) {
        var offsetOfContent: [Content: UInt64] = [:]
        for tile in tiles {
            let offset: UInt64
            if let known = offsetOfContent[Content(bytes: tile.bytes)] {
                offset = known
            } else {
                offset = dataBytes
                offsetOfContent[Content(bytes: tile.bytes)] = offset
                contents.append(tile.bytes)
                dataBytes += UInt64(tile.bytes.count)
                contentsCount += 1
            }
            if let last = entries.last, last.offsetBytes == offset, last.runLength < UInt32.max,
               last.tileID + UInt64(last.runLength) == tile.tileID {
                entries[entries.count - 1].runLength += 1
            } else {
                entries.append(PMTilesEntry(tileID: tile.tileID, offsetBytes: offset,
                                            lengthBytes: UInt32(tile.bytes.count), runLength: 1))
            }
        }
    }
}

/// A tile's content as a dictionary key, hashed as one block of bytes (an array of bytes hashes
/// byte by byte, several times slower) and compared byte for byte.
struct Content: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// The compressed root directory and leaf directories section of an archive.
struct DirectoryLayout {
    /// The root directory, compressed.
    var root: [UInt8]
    /// Every leaf directory, each compressed on its own, concatenated (empty when the root holds all).
    var leaves: [UInt8]
    /// How many leaf directories `leaves` holds.
    var leafCount: Int
}

extension PMTilesWriter {
    /// The root alone when it fits `headerAndRootLimitBytes`, else a root of leaf pointers over
    /// leaves of `minimumLeafEntries` entries (at least entries / 3500), a fifth larger each
    /// time until the root fits.
    /// - Throws: `PMTilesWriteError.rootDoesNotFit` when not even a root of one pointer fits (a
    ///   limit far below the spec's).
    func directoryLayout(_ entries: [PMTilesEntry]) throws(PMTilesWriteError) -> DirectoryLayout {
        let rootLimitBytes = headerAndRootLimitBytes - PMTilesHeader.byteCount
        if entries.count <= 16_384 {
            let root = internallyCompressed(PMTilesDirectory.serialize(entries))
            if root.count <= rootLimitBytes { return DirectoryLayout(root: root, leaves: [], leafCount: 0) }
        }
        var leafEntries = max(1, minimumLeafEntries, entries.count / 3500)
        while true {
            let layout = leafLayout(entries, leafEntries: leafEntries)
            if layout.root.count <= rootLimitBytes { return layout }
            guard leafEntries < entries.count else {
                throw PMTilesWriteError(.rootDoesNotFit, "a root of one leaf pointer takes \(layout.root.count) bytes, over the \(rootLimitBytes) bytes left by the header")
            }
            leafEntries += leafEntries / 5 + 1
        }
    }

    /// Entries cut into leaves of `leafEntries` each (the last shorter), and a root pointing at each.
    func leafLayout(_ entries: [PMTilesEntry], leafEntries: Int) -> DirectoryLayout {
        var pointers: [PMTilesEntry] = []
        var leaves: [UInt8] = []
        var start = 0
        while start < entries.count {
            let end = min(start + leafEntries, entries.count)
            let leaf = internallyCompressed(PMTilesDirectory.serialize(Array(entries[start..<end])))
            pointers.append(PMTilesEntry(tileID: entries[start].tileID, offsetBytes: UInt64(leaves.count),
                                         lengthBytes: UInt32(leaf.count), runLength: 0))
            leaves += leaf
            start = end
        }
        let root = internallyCompressed(PMTilesDirectory.serialize(pointers))
        return DirectoryLayout(root: root, leaves: leaves, leafCount: pointers.count)
    }
}
