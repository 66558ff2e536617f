/// Why an archive could not be read: what is wrong and where.
///
/// Every reading function of the module throws this one error. `byteOffset` is a position in the
/// archive file (bytes from its first byte): the header field that holds a bad value, the first
/// byte of a directory that does not decode, or the end of the file where a section was cut off.
public struct PMTilesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of damage, for callers and tests that branch on it.
    public enum Problem: String, Equatable, Sendable {
        /// The file, or a section it names, ends before the bytes it needs.
        case truncated
        /// The first 7 bytes are not `PMTiles`.
        case badMagic
        /// The spec version byte is not 3.
        case unsupportedVersion
        /// A header byte holds a value its enum or flag does not define.
        case unknownValue
        /// A section (root, metadata, leaves, tile data) lies outside the file, or its end overflows.
        case sectionOutOfBounds
        /// Two sections overlap, or a section overlaps the 127-byte header.
        case sectionOverlap
        /// Header plus root directory exceed 16,384 bytes.
        case rootTooLarge
        /// The injected decompressor failed or would exceed its byte budget.
        case decompressionFailed
        /// A directory's varints, counts, order, lengths or offsets are inconsistent.
        case badDirectory
        /// A directory, or the whole archive, lists more entries than the reader's limits allow.
        case tooManyEntries
        /// Leaf directories nest deeper than the reader's limit.
        case leafTooDeep
        /// A leaf directory is reached twice (it points at itself or at an ancestor).
        case leafCycle
        /// A tile entry or leaf pointer reaches past its section.
        case entryOutOfBounds
        /// A header count (addressed tiles, tile entries, tile contents) disagrees with the directories.
        case countMismatch
        /// The header says clustered, but a tile's content starts beyond the end of those before it.
        case notClustered
    }

    /// The kind of damage.
    public var problem: Problem
    /// Where in the file, bytes from its start.
    public var byteOffset: UInt64
    /// What is wrong, in words, with the values found.
    public var message: String

    public init(_ problem: Problem, at byteOffset: UInt64, _ message: String) {
        self.problem = problem
        self.byteOffset = byteOffset
        self.message = message
    }

    public var description: String { "PMTiles archive, byte \(byteOffset): \(message) (\(problem.rawValue))" }
}

/// Why `PMTilesWriter` refused its input (nothing is written).
public struct PMTilesWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of bad input.
    public enum Problem: String, Equatable, Sendable {
        /// No tiles: a PMTiles directory must have at least one entry.
        case noTiles
        /// Tile ids not strictly increasing (unsorted or repeated).
        case unsortedTiles
        /// A tile id beyond zoom 31, or outside the archive's zoom range.
        case tileIDOutOfRange
        /// A tile with no bytes (the spec requires lengths > 0) or more than 4 GiB - 1.
        case badTileLength
        /// Zoom levels outside 0...31, or minimum above maximum.
        case badZoom
        /// Bounds or center not finite, or outside ±180° / ±90°.
        case badCoordinates
        /// An internal compression the writer cannot declare (`unknown`).
        case badCompression
        /// Not even a root of one leaf pointer fits the writer's header-and-root limit.
        case rootDoesNotFit
    }

    /// The kind of bad input.
    public var problem: Problem
    /// The index into `tiles` of the offending tile, when one tile is to blame.
    public var tileIndex: Int?
    /// What is wrong, in words.
    public var message: String

    public init(_ problem: Problem, tileIndex: Int? = nil, _ message: String) {
        self.problem = problem
        self.tileIndex = tileIndex
        self.message = message
    }

    public var description: String {
        "PMTiles writer: " + (tileIndex.map { "tile #\($0): " } ?? "") + message + " (\(problem.rawValue))"
    }
}
