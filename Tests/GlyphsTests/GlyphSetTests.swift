import Drawing
import Foundation
@testable import Glyphs
import Testing

@Suite struct GlyphSetTests {
    static let labels = ["Mont Ventoux – Sommet", "Šetnjica", "Mount Cabot 1245 m"]
    static let characters = Set(labels.flatMap(\.unicodeScalars))
    /// The labels' set, rendered once for the tests that only read it (a failure fails those tests).
    static let labelSet = Result { () throws(FontError) -> GlyphSet in try GlyphSet.make(font: .dejaVuSans, characters: characters) }

    /// The file of `labelSet` holding `codePoint`.
    static func labelFile(holding codePoint: UInt32) throws -> GlyphRangeFile {
        try #require(try labelSet.get().files.first { $0.range.contains(codePoint) })
    }

    static func decoded(_ file: GlyphRangeFile) throws -> PBFFontstack {
        let stacks = try GlyphPBF.decode(file.bytes)
        try #require(stacks.count == 1)
        return stacks[0]
    }

    @Test func everyRequestedCharacterIsInItsRangeFile() throws {
        let set = try Self.labelSet.get()
        #expect(set.files.map(\.fileName) == ["0-255.pbf", "256-511.pbf", "8192-8447.pbf"])
        #expect(set.missingCharacters.isEmpty)
        for file in set.files {
            let stack = try Self.decoded(file)
            #expect(stack.name == "DejaVu Sans Book" && stack.range == GlyphSet.rangeName(file.range))
            #expect(stack.glyphs.map(\.id) == stack.glyphs.map(\.id).sorted())
            #expect(stack.glyphs.allSatisfy { file.range.contains($0.id) })
            #expect(stack.glyphs.count == file.glyphCount)
        }
        let ids = try Set(set.files.flatMap { try Self.decoded($0).glyphs.map(\.id) })
        for scalar in Self.characters { #expect(ids.contains(scalar.value), "U+\(String(scalar.value, radix: 16)) missing") }
        #expect(ids.contains(0x2013) && ids.contains(0x160))
    }

    @Test func rangesHoldEveryGlyphTheFontHasNotOnlyTheRequestedOnes() throws {
        let stack = try Self.decoded(try Self.labelFile(holding: 0x160))
        let library = try FontLibrary()
        let face = try FontFace(path: try GlyphFont.dejaVuSans.path(), sizePx: 24, library: library)
        #expect(stack.glyphs.map(\.id) == face.codePoints(in: 256...511))
        #expect(stack.glyphs.count > 200)
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let first = try Self.labelSet.get()
        let second = try GlyphSet.make(font: .dejaVuSans, characters: Self.characters)
        #expect(first == second)
    }

    @Test func bitmapsAreMapLibreSizedAndMetricsInItsLimits() throws {
        let set = try Self.labelSet.get()
        for file in set.files {
            for glyph in try Self.decoded(file).glyphs {
                let area = glyph.width == 0 || glyph.height == 0 ? 0 : Int(glyph.width + 6) * Int(glyph.height + 6)
                #expect(glyph.bitmap.count == area, "U+\(String(glyph.id, radix: 16))")
                #expect(glyph.width < 256 && glyph.height < 256 && glyph.advance < 256)
                #expect((-128..<128).contains(glyph.left) && (-128..<128).contains(glyph.top))
            }
        }
    }

    @Test func theLetterOIsARingOfHighValuesFadingToTheBorder() throws {
        let o = try #require(try Self.decoded(try Self.labelFile(holding: 0x4f)).glyphs.first { $0.id == 0x4f })
        let columns = Int(o.width) + 6, rows = Int(o.height) + 6
        #expect(o.bitmap.count == columns * rows)
        #expect((15...19).contains(o.width) && (17...20).contains(o.height) && o.advance == 19)
        #expect(o.top == 18 - 23)  // box top 18 px above the baseline, DejaVu's ascender 23 px at 24 px
        let middleRow = rows / 2
        let line = (0..<columns).map { Int(o.bitmap[middleRow * columns + $0]) }
        #expect(line.prefix(columns / 4).contains { $0 > 192 })        // left stroke
        #expect(line.suffix(columns / 4).contains { $0 > 192 })        // right stroke
        #expect(line[columns / 2] < 100)                               // the counter
        let border = (0..<columns).map { Int(o.bitmap[$0]) } + (0..<columns).map { Int(o.bitmap[(rows - 1) * columns + $0]) }
            + (0..<rows).map { Int(o.bitmap[$0 * columns]) } + (0..<rows).map { Int(o.bitmap[$0 * columns + columns - 1]) }
        #expect(border.allSatisfy { $0 < 120 })
    }

    @Test func theCaronOfSIsAboveItsLetter() throws {
        let s = try #require(try Self.decoded(try Self.labelFile(holding: 0x160)).glyphs.first { $0.id == 0x160 })
        let columns = Int(s.width) + 6
        let inkRows = (0..<Int(s.height) + 6).map { row in (0..<columns).filter { s.bitmap[row * columns + $0] >= 192 }.count }
        // Row 0 at the top: ink, a gap (between caron and S), then the taller S.
        let firstInk = try #require(inkRows.firstIndex { $0 > 0 })
        let gap = try #require(inkRows[firstInk...].firstIndex { $0 == 0 })
        #expect(gap - firstInk < 6 && inkRows[gap...].contains { $0 > 0 })
        #expect(s.top > 18 - 23)  // higher than a capital without accent
    }

    @Test func latinRangeSizeIsPlausible() throws {
        let latin = try Self.labelFile(holding: 0x61)
        let bytes = latin.bytes.count
        #expect((20_000...120_000).contains(bytes), "0-255.pbf is \(bytes) bytes")
        #expect(latin.glyphCount > 180)
    }

    @Test func charactersTheFontLacksAreReported() throws {
        let set = try GlyphSet.make(font: .dejaVuSans, characters: ["泽", "a"])
        #expect(set.missingCharacters == ["泽"])
        #expect(set.files.map(\.fileName) == ["0-255.pbf", "27648-27903.pbf"])
    }

    @Test func theBoldFaceIsItsOwnStack() throws {
        let set = try GlyphSet.make(font: .dejaVuSansBold, characters: ["A"])
        #expect(try Self.decoded(set.files[0]).name == "DejaVu Sans Bold")
        #expect(set.files[0].bytes != (try Self.labelFile(holding: 0x41)).bytes)
    }
}

/// MapLibre asks for glyphs by UTF-16 code unit: an emoji in a name asks for its surrogates'
/// ranges, and a missing range fails the whole map render.
@Suite struct GlyphRangeRequestTests {
    @Test func aCharacterAboveFFFFGetsTheRangesOfItsSurrogatesAndNoneAbove() throws {
        let set = try GlyphSet.make(font: .dejaVuSans, characters: Set("A🏔".unicodeScalars))
        let names = set.files.map(\.fileName)
        #expect(names == ["0-255.pbf", "55296-55551.pbf", "57088-57343.pbf"], "\(names)")
        #expect(set.missingCharacters.map(\.value) == [0x1F3D4])
    }
}
