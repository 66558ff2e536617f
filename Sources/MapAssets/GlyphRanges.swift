import Foundation
import Glyphs
import MapStyle
import TrailpackCore

/// The glyph ranges of the style's font (`StyleSheet.fontstack`, DejaVu Sans from Debian's
/// `fonts-dejavu-core`) that hold a character of a label: each with every glyph the font has in it.
public enum GlyphRanges {
    /// The range files (`<start>-<end>.pbf`) and the characters the font has no glyph for; with a
    /// `cacheFolder`, ranges kept there are read instead of rendered (`GlyphCache`), same bytes.
    /// - Throws: `FontError` naming the font file when it is missing or FreeType cannot read it;
    ///   `GlyphCacheError` naming the folder when it cannot be made, or naming the entry when
    ///   one this build needed was a symlink (never read or written through: `GlyphCache`).
    public static func make(characters: Set<Unicode.Scalar>, cacheFolder: String? = nil)
        throws -> (files: [(name: String, bytes: [UInt8])], missing: [Unicode.Scalar]) {
        let fontPath = try GlyphFont.dejaVuSans.path()
        let cache = try cacheFolder.map { try openCache($0, fontPath: fontPath) }
        let set = try GlyphSet.make(fontPath: fontPath, fontstack: StyleSheet.fontstack, characters: characters, store: cache)
        if let cache, let link = cache.refusedLink { throw GlyphCacheError(folder: cache.folder.path, reason: link.description) }
        return (set.files.map { ($0.fileName, $0.bytes) }, set.missingCharacters)
    }

    /// Makes the glyph cache folder when missing, so a build can stop on an unusable folder
    /// before its long work (the font is read once, when the map's glyphs are made); refuses a
    /// folder holding a symlink (an entry is never read or written through one).
    /// - Throws: `GlyphCacheError` naming the folder and what is in the way, or the first link
    ///   in it (by name) and where it points.
    public static func checkCache(_ folder: String) throws(GlyphCacheError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw GlyphCacheError(folder: folder, reason: obstacle(folder) ?? error.localizedDescription)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names {
            do throws(SafeFile.Failure) { try SafeFile.check((folder as NSString).appendingPathComponent(name)) } catch {
                if case .symlink = error.reason { throw GlyphCacheError(folder: folder, reason: error.description) }
            }
        }
    }

    static func openCache(_ folder: String, fontPath: String) throws(GlyphCacheError) -> GlyphCache {
        do { return try GlyphCache(folder: folder, fontPath: fontPath) } catch {
            throw GlyphCacheError(folder: folder, reason: obstacle(folder) ?? error.localizedDescription)
        }
    }

    /// What stands in the way of making `folder`: its nearest existing ancestor is a file, or
    /// cannot be written in; nil when neither.
    static func obstacle(_ folder: String) -> String? {
        var path = (folder as NSString).standardizingPath
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return nil }
            path = parent
        }
        if !isFolder.boolValue { return "\(path) is a file, not a folder" }
        return FileManager.default.isWritableFile(atPath: path) ? nil : "\(path) cannot be written in"
    }
}

/// The glyph cache folder (`--glyph-cache`, `TRAILPACK_GLYPH_CACHE`) cannot be used.
public struct GlyphCacheError: Error, CustomStringConvertible {
    public var folder: String
    public var reason: String
    public var description: String { "\(folder): cannot keep glyph ranges there (--glyph-cache, TRAILPACK_GLYPH_CACHE): \(reason)" }
}
