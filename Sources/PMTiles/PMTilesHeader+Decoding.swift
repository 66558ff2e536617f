extension PMTilesHeader {
    /// Decodes the header at the start of `bytes` (the whole file, or at least its first 127 bytes).
    /// Checks the magic, the version, the enums and flags and the zoom bytes; where the sections
    /// lie is checked by `checkSections(fileBytes:)`.
    /// - Throws: `PMTilesError` `.truncated` (fewer than 127 bytes), `.badMagic`,
    ///   `.unsupportedVersion`, `.unknownValue` (a compression, tile type, clustered flag or zoom
    ///   the spec does not define), each at the offending byte.
    public init(decoding bytes: [UInt8]) throws(PMTilesError) {
        guard bytes.count >= Self.byteCount else {
            throw PMTilesError(.truncated, at: UInt64(bytes.count),
                               "the file has \(bytes.count) bytes, fewer than the \(Self.byteCount)-byte header")
        }
        guard Array(bytes[0..<7]) == Self.magic else {
            throw PMTilesError(.badMagic, at: 0, "the file does not start with \"PMTiles\"")
        }
        guard bytes[7] == Self.version else {
            throw PMTilesError(.unsupportedVersion, at: 7, "spec version \(bytes[7]), only version 3 is read")
        }
        self.init()
        func u64(_ offset: Int) -> UInt64 { LittleEndian.unsigned(bytes, at: offset, width: 8) }
        root = PMTilesSection(offsetBytes: u64(8), lengthBytes: u64(16))
        metadata = PMTilesSection(offsetBytes: u64(24), lengthBytes: u64(32))
        leafDirectories = PMTilesSection(offsetBytes: u64(40), lengthBytes: u64(48))
        tileData = PMTilesSection(offsetBytes: u64(56), lengthBytes: u64(64))
        (addressedTilesCount, tileEntriesCount, tileContentsCount) = (u64(72), u64(80), u64(88))
        try decodeFlagsAndEnums(bytes)
        (minLonE7, minLatE7) = (LittleEndian.int32(bytes, at: 102), LittleEndian.int32(bytes, at: 106))
        (maxLonE7, maxLatE7) = (LittleEndian.int32(bytes, at: 110), LittleEndian.int32(bytes, at: 114))
        centerZoom = bytes[118]
        (centerLonE7, centerLatE7) = (LittleEndian.int32(bytes, at: 119), LittleEndian.int32(bytes, at: 123))
    }

    /// Bytes 96...101: the clustered flag, the three enums and the zoom range.
    private mutating func decodeFlagsAndEnums(_ bytes: [UInt8]) throws(PMTilesError) {
        guard bytes[96] <= 1 else { throw PMTilesError(.unknownValue, at: 96, "clustered flag \(bytes[96]) is neither 0 nor 1") }
        clustered = bytes[96] == 1
        guard let directories = PMTilesCompression(rawValue: bytes[97]) else {
            throw PMTilesError(.unknownValue, at: 97, "internal compression \(bytes[97]) is not 0...4")
        }
        guard let tiles = PMTilesCompression(rawValue: bytes[98]) else {
            throw PMTilesError(.unknownValue, at: 98, "tile compression \(bytes[98]) is not 0...4")
        }
        guard let type = PMTilesTileType(rawValue: bytes[99]) else {
            throw PMTilesError(.unknownValue, at: 99, "tile type \(bytes[99]) is not 0...5")
        }
        (internalCompression, tileCompression, tileType) = (directories, tiles, type)
        (minZoom, maxZoom) = (bytes[100], bytes[101])
        guard maxZoom <= UInt8(TileID.maxZoom) else {
            throw PMTilesError(.unknownValue, at: 101, "max zoom \(maxZoom) is beyond 31, the deepest zoom of 64-bit tile ids")
        }
        guard minZoom <= maxZoom else {
            throw PMTilesError(.unknownValue, at: 100, "min zoom \(minZoom) is above max zoom \(maxZoom)")
        }
    }

    /// Checks that every section lies inside a file of `fileBytes` bytes, after the header, with
    /// no two non-empty sections overlapping, the root non-empty, and header plus root within
    /// 16,384 bytes.
    /// - Throws: `PMTilesError` `.sectionOutOfBounds`, `.sectionOverlap`, `.rootTooLarge` or
    ///   `.badDirectory` (empty root), at the header field of the offending section.
    public func checkSections(fileBytes: UInt64) throws(PMTilesError) {
        guard root.lengthBytes > 0 else { throw PMTilesError(.badDirectory, at: 16, "the root directory is empty (length 0)") }
        guard root.lengthBytes <= UInt64(Self.headerAndRootLimitBytes - Self.byteCount) else {
            throw PMTilesError(.rootTooLarge, at: 16, "root directory of \(root.lengthBytes) bytes: header and root exceed 16,384 bytes")
        }
        for (name, section, field) in sections where section.lengthBytes > 0 {
            guard let end = section.endBytes, end <= fileBytes else {
                throw PMTilesError(.sectionOutOfBounds, at: field,
                                   "\(name) at \(section.offsetBytes) + \(section.lengthBytes) bytes ends past the file's \(fileBytes) bytes")
            }
            guard section.offsetBytes >= UInt64(Self.byteCount) else {
                throw PMTilesError(.sectionOverlap, at: field, "\(name) at byte \(section.offsetBytes) overlaps the 127-byte header")
            }
        }
        try checkNoOverlap()
    }

    /// Refuses two non-empty sections sharing a byte (sections already checked to end in the file).
    private func checkNoOverlap() throws(PMTilesError) {
        let present = sections.filter { $0.section.lengthBytes > 0 }
        for i in present.indices {
            for j in present.indices where j > i {
                let (a, b) = (present[i], present[j])
                if a.section.offsetBytes < b.section.endBytes!, b.section.offsetBytes < a.section.endBytes! {
                    throw PMTilesError(.sectionOverlap, at: b.fieldOffset,
                                       "\(b.name) (bytes \(b.section.offsetBytes)..<\(b.section.endBytes!)) overlaps \(a.name) (bytes \(a.section.offsetBytes)..<\(a.section.endBytes!))")
                }
            }
        }
    }
}
