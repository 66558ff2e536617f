/// One glyph rendered by FreeType's `sdf` renderer (`FT_RENDER_MODE_SDF`), in FreeType's own
/// conventions: pixels at the face's size, y up from the baseline, the bitmap padded by the
/// spread on every side, 8-bit distances with 128 on the outline.
public struct SDFGlyph: Equatable, Sendable {
    /// The Unicode code point the glyph was looked up by.
    public var codePoint: UInt32
    /// Width and height of the glyph's outline box rounded out to whole pixels, without the
    /// spread padding (0 x 0 for a glyph with no outline, such as a space).
    public var glyphWidthPx: Int
    public var glyphHeightPx: Int
    /// Left edge of that box from the pen position, pixels (FreeType's `bitmap_left` + spread).
    public var glyphLeftPx: Int
    /// Top edge of that box above the baseline, pixels (FreeType's `bitmap_top` - spread).
    public var glyphTopPx: Int
    /// Horizontal advance, pixels (unhinted, fractional: `horiAdvance` / 64).
    public var advancePx: Double
    /// The padding, and the distance that value 0 / 255 stand for, pixels.
    public var spreadPx: Int
    /// `(glyphWidthPx + 2 spread) x (glyphHeightPx + 2 spread)` bytes, row-major, row 0 at the
    /// top; 128 on the outline, above inside, below outside (FreeType's encoding).
    public var distances: [UInt8]

    public init(codePoint: UInt32, glyphWidthPx: Int, glyphHeightPx: Int, glyphLeftPx: Int, glyphTopPx: Int,
                advancePx: Double, spreadPx: Int, distances: [UInt8]) {
        self.codePoint = codePoint
        self.glyphWidthPx = glyphWidthPx
        self.glyphHeightPx = glyphHeightPx
        self.glyphLeftPx = glyphLeftPx
        self.glyphTopPx = glyphTopPx
        self.advancePx = advancePx
        self.spreadPx = spreadPx
        self.distances = distances
    }

    /// Columns of `distances` (the glyph box plus the spread on both sides; 0 when empty).
    public var bitmapWidthPx: Int { glyphWidthPx == 0 ? 0 : glyphWidthPx + 2 * spreadPx }
    /// Rows of `distances`.
    public var bitmapHeightPx: Int { glyphHeightPx == 0 ? 0 : glyphHeightPx + 2 * spreadPx }

    /// The signed distance from the centre of bitmap pixel (`column`, `row`) to the outline,
    /// pixels, positive inside (see `signedDistancePx(value:spreadPx:)`).
    public func signedDistancePx(column: Int, row: Int) -> Double {
        Self.signedDistancePx(value: distances[row * bitmapWidthPx + column], spreadPx: spreadPx)
    }

    /// The distance, pixels, positive inside, a FreeType SDF byte stands for at `spreadPx`.
    /// FreeType truncates |distance| to a 1/128 step of the spread (`map_fixed_to_sdf` in
    /// src/sdf/ftsdfcommon.c), so a value stands for the middle of its step; 128 (|d| under one
    /// step) decodes to 0. Values 0 and 255 mean "about the spread away or more".
    public static func signedDistancePx(value: UInt8, spreadPx: Int) -> Double {
        let level = Double(value) - 128
        let middle = level > 0 ? level + 0.5 : (level < 0 ? level - 0.5 : 0)
        return middle / 128 * Double(spreadPx)
    }
}
