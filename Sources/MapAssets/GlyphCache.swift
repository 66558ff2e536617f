import Bindings
import Foundation
import Glyphs

/// A folder of glyph range files kept between builds (`--glyph-cache`, `TRAILPACK_GLYPH_CACHE`):
/// batch rebuilds of many regions, and the test suite's hundreds of builds, render each range of
/// the font once instead of once per build. An entry's name is the SHA-256 of the font file's
/// SHA-256 and the range's `GlyphSet.storeKey` (format version, FreeType version, em size, spread,
/// font stack, range), so a changed font, FreeType or encoder never reads an old entry. Each entry
/// is the payload's SHA-256 (64 hex digits) then the payload, checked on reading: a damaged entry
/// is made again and replaced. Entries are written to a temporary file and renamed into place, so
/// builds running at once share the folder safely. A pack's bytes do not depend on the cache.
public final class GlyphCache: GlyphRangeStore {
    /// The folder the entries are in.
    public let folder: URL
    private let fontSHA256: String

    /// A cache in `folder` (made when missing) for the font file at `fontPath`.
    /// - Throws: the file system's error when the font cannot be read or the folder made.
    public init(folder: String, fontPath: String) throws {
        self.folder = URL(fileURLWithPath: folder, isDirectory: true)
        self.fontSHA256 = SHA256.hex(of: try Data(contentsOf: URL(fileURLWithPath: fontPath)))
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    }

    /// The entry file of `key`.
    public func entryURL(forKey key: String) -> URL {
        folder.appendingPathComponent(SHA256.hex(of: Array("\(fontSHA256)\n\(key)".utf8)) + ".pbf")
    }

    public func bytes(forKey key: String) -> [UInt8]? {
        guard let entry = try? Data(contentsOf: entryURL(forKey: key)), entry.count >= Self.digestLength else { return nil }
        let payload = entry.dropFirst(Self.digestLength)
        guard String(decoding: entry.prefix(Self.digestLength), as: UTF8.self) == SHA256.hex(of: payload) else { return nil }
        return Array(payload)
    }

    public func keep(_ bytes: [UInt8], forKey key: String) {
        let entry = Data(SHA256.hex(of: bytes).utf8) + Data(bytes)
        try? entry.write(to: entryURL(forKey: key), options: .atomic)
    }

    /// Hex digits of a SHA-256 digest, the entry's first bytes.
    static let digestLength = 64
}
