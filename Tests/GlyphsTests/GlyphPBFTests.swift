@testable import Glyphs
import Testing

@Suite struct GlyphPBFTests {
    static let sample = [
        PBFFontstack(name: "DejaVu Sans Book", range: "256-511", glyphs: [
            PBFGlyph(id: 32, bitmap: [], width: 0, height: 0, left: 0, top: 0, advance: 8),
            PBFGlyph(id: 352, bitmap: [UInt8](0..<56), width: 1, height: 1, left: -3, top: -129, advance: 255),
            PBFGlyph(id: 0x2013, bitmap: [0, 255, 191], width: 3, height: 1, left: 127, top: 5, advance: 12),
        ]),
        PBFFontstack(name: "Šetnjica – ✓", range: "0-255", glyphs: []),
    ]

    @Test func roundTripsEveryFieldAndStack() throws {
        let bytes = GlyphPBF.encode(Self.sample)
        #expect(try GlyphPBF.decode(bytes) == Self.sample)
    }

    @Test func writesTheWireFormatByteForByte() {
        // glyph { id 65, width 1, height 2, left -1, top -23, advance 300 } without a bitmap.
        let glyph = PBFGlyph(id: 65, bitmap: [], width: 1, height: 2, left: -1, top: -23, advance: 300)
        #expect(GlyphPBF.encode(glyph) == [0x08, 65, 0x18, 1, 0x20, 2, 0x28, 1, 0x30, 45, 0x38, 0xac, 0x02])
        let stack = PBFFontstack(name: "A", range: "0-255", glyphs: [])
        #expect(GlyphPBF.encode([stack]) == [0x0a, 10, 0x0a, 1, 65, 0x12, 5] + Array("0-255".utf8))
    }

    @Test func skipsUnknownFieldsOfEveryWireType() throws {
        var writer = ProtobufWriter()
        writer.uint32(field: 9, 7)                              // unknown varint
        writer.lengthDelimited(field: 10, [1, 2, 3])            // unknown bytes
        writer.varint(UInt64(11 << 3 | 5)); writer.varint(0)   // unknown fixed32 (4 bytes)
        writer.varint(0); writer.varint(0); writer.varint(0)
        let bytes = writer.bytes + GlyphPBF.encode(Self.sample)
        #expect(try GlyphPBF.decode(bytes) == Self.sample)
    }

    @Test func rejectsTruncatedDataAndMissingRequiredFields() {
        let bytes = GlyphPBF.encode(Self.sample)
        for cut in [1, 5, bytes.count / 2, bytes.count - 1] {
            #expect(throws: GlyphPBFError.self) { try GlyphPBF.decode(Array(bytes.prefix(cut))) }
        }
        var glyph = ProtobufWriter()
        glyph.uint32(field: 1, 65)
        glyph.uint32(field: 3, 1)
        var stack = ProtobufWriter()
        stack.string(field: 1, "A")
        stack.string(field: 2, "0-255")
        stack.lengthDelimited(field: 3, glyph.bytes)
        var root = ProtobufWriter()
        root.lengthDelimited(field: 1, stack.bytes)
        #expect { try GlyphPBF.decode(root.bytes) } throws: { error in
            (error as? GlyphPBFError)?.reason == "required height (field 4) missing"
                && (error as? GlyphPBFError)?.context == "fontstack 1 glyph 1"
        }
    }

    @Test func namesRangesAndTheirFiles() {
        #expect(GlyphSet.range(containing: 0) == 0...255)
        #expect(GlyphSet.range(containing: 0x160) == 256...511)
        #expect(GlyphSet.range(containing: 0x2013) == 8192...8447)
        #expect(GlyphSet.rangeName(8192...8447) == "8192-8447")
    }

    @Test func mapsDistancesToMapLibreValues() {
        #expect(MapLibreGlyphFormat.value(signedDistancePx: 0) == 191)
        #expect(MapLibreGlyphFormat.value(signedDistancePx: 2) == 255)
        #expect(MapLibreGlyphFormat.value(signedDistancePx: -1) == 159)
        #expect(MapLibreGlyphFormat.value(signedDistancePx: -6) == 0)
        #expect(MapLibreGlyphFormat.value(signedDistancePx: -20) == 0)
    }
}
