extension GlyphPBF {
    /// The one font stack of a range file (`map/glyphs/<stack>/<range>.pbf`): its name, its
    /// range ("0-255") and the code points it has glyphs for. The validator's view of a glyph
    /// PBF (MapLibre reads one stack per range file).
    /// - Throws: `GlyphPBFError` when the bytes do not decode (see `decode`) or hold other than
    ///   exactly one stack.
    public static func glyphIDs(in bytes: [UInt8]) throws(GlyphPBFError) -> (stack: String, range: String, ids: Set<UInt32>) {
        let stacks = try decode(bytes)
        guard stacks.count == 1, let stack = stacks.first else {
            throw GlyphPBFError(context: "glyphs", byteOffset: 0, reason: "\(stacks.count) font stacks, expected exactly 1")
        }
        return (stack.name, stack.range, Set(stack.glyphs.map(\.id)))
    }
}
