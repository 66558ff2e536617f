import Drawing

/// The conventions MapLibre's glyph PBFs follow, and the conversion of a FreeType SDF glyph to
/// them. Checked against (public sources, read, not copied):
/// - maplibre-native `src/mbgl/text/glyph.hpp`: `Glyph::borderSize = 3` (3 px buffer on each
///   side); `src/mbgl/text/glyph_pbf.cpp`: a glyph is dropped unless every required field is
///   present, width, height and advance are < 256, left and top in -128..<128, and the bitmap
///   holds exactly (width + 6) x (height + 6) bytes when width and height are non-zero.
/// - maplibre-native `shaders/symbol_sdf.fragment.glsl`: the fill edge is at
///   (256 - 64) / 256 = 0.75 of the texture value, halos at (6 - halo_width / fontScale) / SDF_PX
///   with SDF_PX = 8 and fontScale = size / 24: 1/8 of the value range per pixel at 24 px.
/// - mapbox/tiny-sdf `index.js` (MapLibre GL JS's local glyphs): value =
///   round(255 - 255 * (d / radius + cutoff)) with d the distance outside, radius 8, cutoff 0.25,
///   i.e. 191.25 on the outline and 31.875 per pixel.
/// - mapbox/node-fontnik `src/glyphs.cpp` (which makes the public glyph sets, with
///   sdf-glyph-foundry `include/mapbox/glyph_foundry_impl.hpp`): size 24 px, buffer 3, cutoff 0.25,
///   radius 8, top = glyph box top - the face's ascender (`size->metrics.ascender / 64`), left =
///   box left, width and height without the buffer; maplibre/font-maker `main.cpp` does the same.
///   maplibre-native `src/mbgl/text/quads.cpp` places the box top at the line's y - top, with
///   the line at `Shaping::yOffset` = -17 px, which is what that ascender offset is made for.
public enum MapLibreGlyphFormat {
    /// The em size glyph PBFs are made at (MapLibre scales by text-size / 24).
    public static let emSizePx = 24
    /// Blank border around every bitmap, pixels on each side.
    public static let bufferPx = 3
    /// Distance range of the 8-bit values: 256 levels span this many pixels.
    public static let radiusPx = 8.0
    /// Fraction of the range inside the outline: the outline sits at 255 * (1 - cutoff).
    public static let cutoff = 0.25

    /// The 8-bit value MapLibre expects for a pixel `signedDistancePx` from the outline
    /// (positive inside): 191.25 on the outline, 255 from 2 px inside, 0 from 6 px outside.
    public static func value(signedDistancePx: Double) -> UInt8 {
        let value = (255 - 255 * (-signedDistancePx / radiusPx + cutoff)).rounded()
        return UInt8(min(255, max(0, value)))
    }

    /// `sdf` (FreeType's field, its spread at least the 3 px buffer) as a PBF glyph: the bitmap
    /// cut to the glyph box plus 3 px and re-encoded, `top` from the ascender line, the advance
    /// rounded to whole pixels. nil when MapLibre would reject the metrics (see above).
    /// `valueTable` is `valueTable(spreadPx: sdf.spreadPx)`.
    static func glyph(_ sdf: SDFGlyph, ascenderPx: Int, valueTable: [UInt8]) -> PBFGlyph? {
        precondition(sdf.spreadPx >= bufferPx, "the SDF spread (\(sdf.spreadPx) px) must cover the \(bufferPx) px buffer")
        let advance = Int(sdf.advancePx.rounded())
        guard sdf.glyphWidthPx > 0, sdf.glyphHeightPx > 0 else {
            return advance < 256 ? PBFGlyph(id: sdf.codePoint, bitmap: [], width: 0, height: 0, left: 0, top: 0, advance: UInt32(advance)) : nil
        }
        let top = sdf.glyphTopPx - ascenderPx
        guard sdf.glyphWidthPx < 256, sdf.glyphHeightPx < 256, (-128..<128).contains(sdf.glyphLeftPx),
              (-128..<128).contains(top), (0..<256).contains(advance) else { return nil }
        return PBFGlyph(id: sdf.codePoint, bitmap: bitmap(sdf, valueTable), width: UInt32(sdf.glyphWidthPx),
                        height: UInt32(sdf.glyphHeightPx), left: Int32(sdf.glyphLeftPx), top: Int32(top),
                        advance: UInt32(advance))
    }

    /// MapLibre's value for each FreeType SDF byte at `spreadPx` (the mapping is per byte).
    static func valueTable(spreadPx: Int) -> [UInt8] {
        (0...255).map { value(signedDistancePx: SDFGlyph.signedDistancePx(value: UInt8($0), spreadPx: spreadPx)) }
    }

    /// The `(width + 6) x (height + 6)` bytes: FreeType's field without the spread beyond the
    /// buffer, each byte re-encoded through `table`.
    private static func bitmap(_ sdf: SDFGlyph, _ table: [UInt8]) -> [UInt8] {
        let widthPx = sdf.glyphWidthPx + 2 * bufferPx, heightPx = sdf.glyphHeightPx + 2 * bufferPx
        let skipPx = sdf.spreadPx - bufferPx, sourceWidthPx = sdf.bitmapWidthPx
        var bytes = [UInt8](repeating: 0, count: widthPx * heightPx)
        sdf.distances.withUnsafeBufferPointer { source in
            for row in 0..<heightPx {
                let sourceRow = (row + skipPx) * sourceWidthPx + skipPx
                for column in 0..<widthPx { bytes[row * widthPx + column] = table[Int(source[sourceRow + column])] }
            }
        }
        return bytes
    }
}
