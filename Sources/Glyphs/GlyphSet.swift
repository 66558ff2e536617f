import Drawing

/// One glyph PBF file of a font stack: a range of 256 code points and its bytes.
public struct GlyphRangeFile: Equatable, Sendable {
    /// `start...start + 255`, `start` a multiple of 256.
    public var range: ClosedRange<UInt32>
    /// "start-end.pbf", the name MapLibre asks for (`{range}.pbf`).
    public var fileName: String
    /// The PBF: one font stack, its glyphs by ascending code point.
    public var bytes: [UInt8]
    /// How many glyphs the file holds.
    public var glyphCount: Int
}

/// The glyph PBFs a set of label characters needs in one font stack.
public struct GlyphSet: Equatable, Sendable {
    /// The font stack name written into every file (and the folder the files go in).
    public var fontstack: String
    /// One file per range holding a requested character, by ascending range.
    public var files: [GlyphRangeFile]
    /// Requested characters the files do not draw (the font has no glyph for them, or MapLibre
    /// would reject its metrics), ascending.
    public var missingCharacters: [Unicode.Scalar]

    /// The 256-code-point range holding `codePoint` (MapLibre requests glyphs by these ranges).
    public static func range(containing codePoint: UInt32) -> ClosedRange<UInt32> {
        let start = codePoint / 256 * 256
        return start...(start + 255)
    }

    /// "start-end", the `range` field and the file's base name.
    public static func rangeName(_ range: ClosedRange<UInt32>) -> String { "\(range.lowerBound)-\(range.upperBound)" }

    /// The glyph PBFs for `characters` in the font at `fontPath`: every range holding at least
    /// one of them, each with every glyph of that range the font has (so labels added later in
    /// the range render too), as 24 px signed distance fields made by FreeType (see
    /// `MapLibreGlyphFormat`). Deterministic: one thread, ranges and glyphs in code point order.
    /// MapLibre requests glyphs by UTF-16 code unit: a character above U+FFFF (an emoji) asks for
    /// the ranges of its two surrogates, so those ranges get (empty) files, or the whole map
    /// would fail to render; it never asks for ranges above U+FFFF, so none are written.
    /// With a `store` (for the font at `fontPath` only), a range kept there is read instead of
    /// rendered, and a range rendered is kept; the files are the same bytes either way.
    /// - Throws: `FontError` when the font cannot be opened or a glyph cannot be rendered.
    public static func make(fontPath: String, fontstack: String, characters: Set<Unicode.Scalar>,
                            store: (any GlyphRangeStore)? = nil) throws(FontError) -> GlyphSet {
        let renderer = try RangeRenderer(fontPath: fontPath)
        let starts = Set(requestedCodeUnits(characters).map { range(containing: UInt32($0)).lowerBound }).sorted()
        var files: [GlyphRangeFile] = []
        var drawn = Set<UInt32>()
        for start in starts {
            let range = range(containing: start)
            let key = storeKey(fontstack: fontstack, range: range, freeTypeVersion: renderer.library.versionText)
            if let store, let kept = kept(store, key: key, fontstack: fontstack, range: range) {
                files.append(kept.file)
                drawn.formUnion(kept.ids)
                continue
            }
            let glyphs = try rangeGlyphs(try renderer.face(), range)
            drawn.formUnion(glyphs.map(\.id))
            let stack = PBFFontstack(name: fontstack, range: rangeName(range), glyphs: glyphs)
            files.append(GlyphRangeFile(range: range, fileName: rangeName(range) + ".pbf",
                                        bytes: GlyphPBF.encode([stack]), glyphCount: glyphs.count))
            store?.keep(files[files.count - 1].bytes, forKey: key)
        }
        let missing = characters.filter { !drawn.contains($0.value) }.sorted { $0.value < $1.value }
        return GlyphSet(fontstack: fontstack, files: files, missingCharacters: missing)
    }

    /// FreeType's library, and the face opened on the first range that is rendered, not read.
    final class RangeRenderer {
        let fontPath: String
        let library: FontLibrary
        private var opened: FontFace?

        init(fontPath: String) throws(FontError) {
            self.fontPath = fontPath
            self.library = try FontLibrary(sdfSpreadPx: sdfSpreadPx)
        }

        func face() throws(FontError) -> FontFace {
            if let opened { return opened }
            let face = try FontFace(path: fontPath, sizePx: MapLibreGlyphFormat.emSizePx, library: library)
            opened = face
            return face
        }
    }

    /// The UTF-16 code units MapLibre looks glyphs up by for `characters`.
    static func requestedCodeUnits(_ characters: Set<Unicode.Scalar>) -> Set<UInt16> {
        Set(characters.flatMap { String($0).utf16 })
    }

    /// `make` for one of trailpack's fonts, found in `folder`.
    /// - Throws: `FontError` naming the path when the font file is missing, or as `make`.
    public static func make(font: GlyphFont, characters: Set<Unicode.Scalar>,
                            folder: String = GlyphFont.debianDejaVuFolder) throws(FontError) -> GlyphSet {
        try make(fontPath: try font.path(in: folder), fontstack: font.fontstack, characters: characters)
    }

    /// FreeType's SDF spread, pixels: MapLibre's values reach 0 at 6 px outside the outline.
    static let sdfSpreadPx = 6

    /// Every glyph of `range` the face has, in MapLibre's format, by ascending code point.
    static func rangeGlyphs(_ face: FontFace, _ range: ClosedRange<UInt32>) throws(FontError) -> [PBFGlyph] {
        var glyphs: [PBFGlyph] = []
        let table = MapLibreGlyphFormat.valueTable(spreadPx: sdfSpreadPx)
        for codePoint in face.codePoints(in: range) {
            guard let sdf = try face.sdfGlyph(codePoint),
                  let glyph = MapLibreGlyphFormat.glyph(sdf, ascenderPx: face.ascenderPx, valueTable: table) else { continue }
            glyphs.append(glyph)
        }
        return glyphs
    }
}
