import CFreeType

/// One face of a font file (`FT_Face`) at a fixed pixel size, owned by this object and freed
/// exactly once in `deinit`; it keeps its `FontLibrary` alive. Glyphs are loaded unhinted
/// (outlines as designed, scaled), as signed distance fields are meant to be scaled.
///
/// Not thread-safe: use a face from one task (open one face per task to work in parallel).
public final class FontFace {
    /// The font file this face was opened from.
    public let path: String
    /// The em size the face is scaled to, pixels (at 72 dpi, 1 pt = 1 px).
    public let sizePx: Int
    private let library: FontLibrary
    private let face: FT_Face

    /// Opens face 0 of the font file at `path`, scaled to an em of `sizePx` pixels.
    /// - Throws: `FontError` naming `path` when the file is missing, is no font FreeType reads,
    ///   or cannot be scaled to that size.
    public init(path: String, sizePx: Int, library: FontLibrary) throws(FontError) {
        var opened: FT_Face?
        if let error = FontError.check(FT_New_Face(library.handle, path, 0, &opened), "opening the font", fontPath: path) {
            throw error
        }
        guard let opened else { throw FontError(operation: "opening the font", fontPath: path, code: -1, reason: "no face returned") }
        if let error = FontError.check(FT_Set_Pixel_Sizes(opened, 0, FT_UInt(sizePx)), "scaling the font to \(sizePx) px", fontPath: path) {
            FT_Done_Face(opened)
            throw error
        }
        self.path = path
        self.sizePx = sizePx
        self.library = library
        self.face = opened
    }

    deinit {
        FT_Done_Face(face)
    }

    /// The family name stored in the font ("DejaVu Sans").
    public var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }
    /// The style name stored in the font ("Book", "Bold").
    public var styleName: String { face.pointee.style_name.map { String(cString: $0) } ?? "" }
    /// The face's ascender at this size, whole pixels above the baseline, as FreeType
    /// grid-fits it in the size metrics (`size->metrics.ascender / 64`).
    public var ascenderPx: Int { Int(face.pointee.size!.pointee.metrics.ascender) / 64 }

    /// Whether the font's character map has a glyph for `codePoint`.
    public func hasGlyph(_ codePoint: UInt32) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(codePoint)) != 0
    }

    /// The code points of `range` the font's character map has a glyph for, ascending.
    public func codePoints(in range: ClosedRange<UInt32>) -> [UInt32] {
        range.filter(hasGlyph)
    }

    /// The glyph for `codePoint` as FreeType's signed distance field, with the library's spread;
    /// nil when the font has no glyph for it.
    /// - Throws: `FontError` when FreeType cannot load or render the glyph.
    public func sdfGlyph(_ codePoint: UInt32) throws(FontError) -> SDFGlyph? {
        let index = FT_Get_Char_Index(face, FT_ULong(codePoint))
        guard index != 0 else { return nil }
        let what = "rendering U+\(String(codePoint, radix: 16, uppercase: true)) as a distance field"
        let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        if let error = FontError.check(FT_Load_Glyph(face, index, flags), what, fontPath: path) { throw error }
        let slot = face.pointee.glyph!
        let advancePx = Double(slot.pointee.metrics.horiAdvance) / 64
        let spread = library.sdfSpreadPx
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, slot.pointee.outline.n_points > 0 else {
            return SDFGlyph(codePoint: codePoint, glyphWidthPx: 0, glyphHeightPx: 0, glyphLeftPx: 0, glyphTopPx: 0,
                            advancePx: advancePx, spreadPx: spread, distances: [])
        }
        if let error = FontError.check(FT_Render_Glyph(slot, FT_RENDER_MODE_SDF), what, fontPath: path) { throw error }
        return try Self.copySDF(slot, codePoint: codePoint, advancePx: advancePx, spreadPx: spread, what: what, path: path)
    }

    /// Copies the rendered SDF bitmap out of the glyph slot into Swift memory.
    private static func copySDF(_ slot: FT_GlyphSlot, codePoint: UInt32, advancePx: Double, spreadPx: Int,
                                what: String, path: String) throws(FontError) -> SDFGlyph {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        if width == 0 || rows == 0 {  // an outline with no area: FreeType renders nothing
            return SDFGlyph(codePoint: codePoint, glyphWidthPx: 0, glyphHeightPx: 0, glyphLeftPx: 0, glyphTopPx: 0,
                            advancePx: advancePx, spreadPx: spreadPx, distances: [])
        }
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), width > 2 * spreadPx, rows > 2 * spreadPx,
              pitch >= width, let buffer = bitmap.buffer else {
            throw FontError(operation: what, fontPath: path, code: -1,
                            reason: "unexpected SDF bitmap \(width)x\(rows), pitch \(pitch), pixel mode \(bitmap.pixel_mode)")
        }
        var distances = [UInt8](repeating: 0, count: width * rows)
        for row in 0..<rows {
            for column in 0..<width { distances[row * width + column] = buffer[row * pitch + column] }
        }
        return SDFGlyph(codePoint: codePoint, glyphWidthPx: width - 2 * spreadPx, glyphHeightPx: rows - 2 * spreadPx,
                        glyphLeftPx: Int(slot.pointee.bitmap_left) + spreadPx, glyphTopPx: Int(slot.pointee.bitmap_top) - spreadPx,
                        advancePx: advancePx, spreadPx: spreadPx, distances: distances)
    }
}
