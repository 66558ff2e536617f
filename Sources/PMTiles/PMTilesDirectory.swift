/// One directory entry: a run of tiles sharing one content, or a pointer to a leaf directory.
public struct PMTilesEntry: Equatable, Sendable {
    /// The first tile id the entry covers.
    public var tileID: UInt64
    /// Where the content starts: bytes from the start of the tile data section (a tile entry), or
    /// of the leaf directories section (a leaf pointer).
    public var offsetBytes: UInt64
    /// Length of the content or of the compressed leaf directory, bytes (> 0).
    public var lengthBytes: UInt32
    /// How many consecutive tile ids share the content (ids `tileID ..< tileID + runLength`);
    /// 0 marks a leaf pointer.
    public var runLength: UInt32

    public init(tileID: UInt64, offsetBytes: UInt64, lengthBytes: UInt32, runLength: UInt32) {
        self.tileID = tileID
        self.offsetBytes = offsetBytes
        self.lengthBytes = lengthBytes
        self.runLength = runLength
    }

    /// True for a pointer to a leaf directory.
    public var isLeafPointer: Bool { runLength == 0 }
}

/// The spec's directory serialization, before internal compression: a varint entry count, then
/// columns of varints: tile-id deltas, run lengths, lengths, and offsets (0 when an entry starts
/// where the previous one ended, else offset + 1).
public enum PMTilesDirectory {
    /// The uncompressed bytes of `entries` (sorted by tile id, as the writer makes them).
    public static func serialize(_ entries: [PMTilesEntry]) -> [UInt8] {
        var w = ByteWriter()
        w.bytes.reserveCapacity(1 + entries.count * 6)
        w.varint(UInt64(entries.count))
        var previousID: UInt64 = 0
        for entry in entries {
            w.varint(entry.tileID - previousID)
            previousID = entry.tileID
        }
        for entry in entries { w.varint(UInt64(entry.runLength)) }
        for entry in entries { w.varint(UInt64(entry.lengthBytes)) }
        for (i, entry) in entries.enumerated() {
            let previous = i > 0 ? entries[i - 1] : nil
            if let previous, entry.offsetBytes == previous.offsetBytes + UInt64(previous.lengthBytes) {
                w.varint(0)
            } else {
                w.varint(entry.offsetBytes + 1)
            }
        }
        return w.bytes
    }
}
