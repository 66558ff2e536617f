import Glyphs
import MapStyle

/// The glyph ranges of the style's font (`StyleSheet.fontstack`, DejaVu Sans from Debian's
/// `fonts-dejavu-core`) that hold a character of a label: each with every glyph the font has in it.
public enum GlyphRanges {
    /// The range files (`<start>-<end>.pbf`) and the characters the font has no glyph for.
    /// - Throws: `FontError` naming the font file when it is missing or FreeType cannot read it.
    public static func make(characters: Set<Unicode.Scalar>) throws -> (files: [(name: String, bytes: [UInt8])], missing: [Unicode.Scalar]) {
        let set = try GlyphSet.make(fontPath: try GlyphFont.dejaVuSans.path(), fontstack: StyleSheet.fontstack, characters: characters)
        return (set.files.map { ($0.fileName, $0.bytes) }, set.missingCharacters)
    }
}
