import Foundation
import Glyphs
import MapStyle

/// The glyph ranges of the style's font (`StyleSheet.fontstack`, DejaVu Sans from Debian's
/// `fonts-dejavu-core`) that hold a character of a label: each with every glyph the font has in it.
public enum GlyphRanges {
    /// The range files (`<start>-<end>.pbf`) and the characters the font has no glyph for; with a
    /// `cacheFolder`, ranges kept there are read instead of rendered (`GlyphCache`), same bytes.
    /// - Throws: `FontError` naming the font file when it is missing or FreeType cannot read it;
    ///   `GlyphCacheError` naming the folder when it cannot be made.
    public static func make(characters: Set<Unicode.Scalar>, cacheFolder: String? = nil)
        throws -> (files: [(name: String, bytes: [UInt8])], missing: [Unicode.Scalar]) {
        let fontPath = try GlyphFont.dejaVuSans.path()
        let cache = try cacheFolder.map { folder in
            do { return try GlyphCache(folder: folder, fontPath: fontPath) } catch {
                throw GlyphCacheError(folder: folder, reason: error.localizedDescription)
            }
        }
        let set = try GlyphSet.make(fontPath: fontPath, fontstack: StyleSheet.fontstack, characters: characters, store: cache)
        return (set.files.map { ($0.fileName, $0.bytes) }, set.missingCharacters)
    }
}

/// The glyph cache folder (`--glyph-cache`, `TRAILPACK_GLYPH_CACHE`) cannot be used.
public struct GlyphCacheError: Error, CustomStringConvertible {
    public var folder: String
    public var reason: String
    public var description: String { "\(folder): cannot keep glyph ranges there (--glyph-cache, TRAILPACK_GLYPH_CACHE): \(reason)" }
}
