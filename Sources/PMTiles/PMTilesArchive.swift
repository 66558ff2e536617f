/// A PMTiles v3 archive held in memory, checked on opening: the header, where its sections lie,
/// the root directory and the metadata. Leaf directories are read when a lookup or a listing
/// reaches them, within `Limits`, so a hostile file can neither loop nor exhaust memory.
public struct PMTilesArchive: Sendable {
    /// Decompresses `bytes` (a directory or the metadata) in `compression`'s format into at most
    /// `maxBytes` bytes, throwing when it cannot or when the output would be longer. Never called
    /// for `.none`.
    public typealias Decompressor = @Sendable (_ bytes: ArraySlice<UInt8>, _ compression: PMTilesCompression,
                                               _ maxBytes: Int) throws -> [UInt8]

    /// What one opening, lookup or listing may cost.
    public struct Limits: Sendable {
        /// The most bytes the metadata may decompress to.
        public var maxMetadataBytes = 16 << 20
        /// The most bytes all directories read by one lookup or listing may decompress to, together.
        public var maxDirectoryBytes = 64 << 20
        /// The most entries all directories read by one lookup or listing may hold, together.
        public var maxDirectoryEntries = 4_000_000
        /// The most addressed tiles `entries()` lists (runs expanded).
        public var maxListedTiles = 4_000_000
        /// The most levels of leaf directories below the root.
        public var maxLeafDepth = 3

        public init() {}
    }

    /// The decoded header.
    public let header: PMTilesHeader
    /// The JSON metadata, decompressed.
    public let metadata: [UInt8]
    /// The root directory's entries.
    public let rootEntries: [PMTilesEntry]
    /// The file and how to read its directories.
    let sections: SectionReader

    /// Opens the archive file's bytes.
    /// - Throws: `PMTilesError` for a bad header (`PMTilesHeader.init(decoding:)`), sections out
    ///   of the file or overlapping (`checkSections`), an `.unknown` internal compression
    ///   (`.unknownValue` at byte 97), a root directory or metadata that does not decompress or
    ///   decode (`.decompressionFailed`, `.badDirectory`, `.tooManyEntries`).
    public init(bytes: [UInt8], limits: Limits = Limits(), decompress: @escaping Decompressor) throws(PMTilesError) {
        let header = try PMTilesHeader(decoding: bytes)
        try header.checkSections(fileBytes: UInt64(bytes.count))
        guard header.internalCompression != .unknown else {
            throw PMTilesError(.unknownValue, at: 97, "internal compression is unknown (0): the directories cannot be read")
        }
        let sections = SectionReader(bytes: bytes, header: header, limits: limits, decompress: decompress)
        var budget = sections.newBudget()
        rootEntries = try sections.directory(header.root, what: "root directory", budget: &budget)
        metadata = try sections.decompressed(header.metadata, maxBytes: limits.maxMetadataBytes, what: "metadata")
        (self.header, self.sections) = (header, sections)
    }

    /// The archive file's bytes.
    public var bytes: [UInt8] { sections.bytes }

    /// The limits the archive was opened with.
    public var limits: Limits { sections.limits }
}

/// Reads and decompresses sections of the file, counting what they cost.
struct SectionReader: Sendable {
    let bytes: [UInt8]
    let header: PMTilesHeader
    let limits: PMTilesArchive.Limits
    let decompress: PMTilesArchive.Decompressor

    /// What a lookup or listing may still decompress and decode.
    struct Budget {
        var directoryBytes: Int
        var directoryEntries: Int
    }

    /// A full budget, from the limits.
    func newBudget() -> Budget { Budget(directoryBytes: limits.maxDirectoryBytes, directoryEntries: limits.maxDirectoryEntries) }

    /// The entries of the directory in `section` (checked to lie in the file), charged to `budget`.
    /// - Throws: `PMTilesError` `.decompressionFailed`, `.badDirectory`, `.tooManyEntries`.
    func directory(_ section: PMTilesSection, what: String, budget: inout Budget) throws(PMTilesError) -> [PMTilesEntry] {
        let raw = try decompressed(section, maxBytes: budget.directoryBytes, what: what)
        budget.directoryBytes -= raw.count
        let entries = try PMTilesDirectory.deserialize(raw, maxEntries: budget.directoryEntries,
                                                       fileOffset: section.offsetBytes, what: what)
        budget.directoryEntries -= entries.count
        return entries
    }

    /// The bytes of `section` (checked to lie in the file), decompressed with the internal
    /// compression into at most `maxBytes`.
    /// - Throws: `PMTilesError.decompressionFailed` at the section's first byte.
    func decompressed(_ section: PMTilesSection, maxBytes: Int, what: String) throws(PMTilesError) -> [UInt8] {
        let slice = bytes[Int(section.offsetBytes)..<Int(section.offsetBytes + section.lengthBytes)]
        let compression = header.internalCompression
        if compression == .none || slice.isEmpty {
            guard slice.count <= maxBytes else {
                throw PMTilesError(.decompressionFailed, at: section.offsetBytes, "\(what) of \(slice.count) bytes exceeds the reader's budget of \(maxBytes) bytes")
            }
            return Array(slice)
        }
        let output: [UInt8]
        do {
            output = try decompress(slice, compression, maxBytes)
        } catch {
            throw PMTilesError(.decompressionFailed, at: section.offsetBytes, "\(what) (\(slice.count) bytes, \(compression)) does not decompress within \(maxBytes) bytes: \(error)")
        }
        guard output.count <= maxBytes else {
            throw PMTilesError(.decompressionFailed, at: section.offsetBytes, "\(what) decompresses to \(output.count) bytes, over the reader's budget of \(maxBytes) bytes")
        }
        return output
    }
}
