import Bindings
import Foundation
import Glyphs
import TrailpackCore

/// A folder of glyph range files kept between builds (`--glyph-cache`, `TRAILPACK_GLYPH_CACHE`):
/// batch rebuilds of many regions, and the test suite's hundreds of builds, render each range of
/// the font once instead of once per build. An entry's name is the SHA-256 of the font file's
/// SHA-256 and the range's `GlyphSet.storeKey` (format version, FreeType version, em size, spread,
/// font stack, range), so a changed font, FreeType or encoder never reads an old entry. Each entry
/// is the payload's SHA-256 (64 hex digits) then the payload, checked on reading: a damaged entry
/// is made again and replaced. Entries are written to a temporary file and renamed into place, so
/// builds running at once share the folder safely (`SafeFile.replace`). An entry is never read
/// or written through a symlink: a link at an entry's name is left alone and kept in `refusedLink`,
/// which the build reports (`GlyphRanges.make`); any other failure only costs a render next time.
/// A pack's bytes do not depend on the cache.
public final class GlyphCache: GlyphRangeStore, @unchecked Sendable {
    /// The folder the entries are in.
    public let folder: URL
    private let fontSHA256: String
    private let lock = NSLock()
    private var firstLink: SafeFile.Failure?

    /// The first entry found to be a symlink (not read, not written), or nil.
    public var refusedLink: SafeFile.Failure? {
        lock.lock()
        defer { lock.unlock() }
        return firstLink
    }

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

    /// The payload kept under `key`, read never through a link nor from a FIFO
    /// (`SafeFile.openShared`, read-only); nil when missing, refused (a link is recorded in
    /// `refusedLink`), unreadable or damaged.
    public func bytes(forKey key: String) -> [UInt8]? {
        let path = entryURL(forKey: key).path
        let fd: Int32
        do throws(SafeFile.Failure) { fd = try SafeFile.openShared(path, readOnly: true) } catch {
            record(error)
            return nil
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard let entry = try? handle.readToEnd(), entry.count >= Self.digestLength else { return nil }
        let payload = entry.dropFirst(Self.digestLength)
        guard String(decoding: entry.prefix(Self.digestLength), as: UTF8.self) == SHA256.hex(of: payload) else { return nil }
        return Array(payload)
    }

    /// Keeps `bytes` under `key` (`SafeFile.replace`: a new temporary renamed over the entry);
    /// best effort, but a link at the entry's name is never replaced, only recorded.
    public func keep(_ bytes: [UInt8], forKey key: String) {
        let entry = Array(SHA256.hex(of: bytes).utf8) + bytes
        do throws(SafeFile.Failure) { try SafeFile.replace(entryURL(forKey: key).path, with: entry) } catch { record(error) }
    }

    /// Keeps the first refusal of a symlink; other failures are the cache's best effort.
    private func record(_ failure: SafeFile.Failure) {
        guard case .symlink = failure.reason else { return }
        lock.lock()
        if firstLink == nil { firstLink = failure }
        lock.unlock()
    }

    /// Hex digits of a SHA-256 digest, the entry's first bytes.
    static let digestLength = 64
}
