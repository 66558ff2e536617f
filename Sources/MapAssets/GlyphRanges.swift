/// Placeholder until the FreeType glyph generator lands: no glyph files.
public enum GlyphRanges {
    public static func files(characters: Set<Unicode.Scalar>) throws -> [(name: String, bytes: [UInt8])] { [] }
}
