import Drawing
import Foundation
@testable import Glyphs
import Testing

/// A store in memory that counts what `GlyphSet.make` asks of it.
final class MemoryStore: GlyphRangeStore, @unchecked Sendable {
    var entries: [String: [UInt8]] = [:]
    var reads = 0, keeps = 0

    func bytes(forKey key: String) -> [UInt8]? {
        reads += 1
        return entries[key]
    }

    func keep(_ bytes: [UInt8], forKey key: String) {
        keeps += 1
        entries[key] = bytes
    }
}

@Suite struct GlyphRangeStoreTests {
    static let characters = GlyphSetTests.characters

    static func freeTypeVersion() throws -> String { try FontLibrary().versionText }

    @Test func aWarmStoreGivesTheSetTheFontGivesWithoutRendering() throws {
        let store = MemoryStore()
        let cold = try GlyphSetTests.labelSet.get()
        let first = try GlyphSet.make(fontPath: try GlyphFont.dejaVuSans.path(), fontstack: "DejaVu Sans Book",
                                      characters: Self.characters, store: store)
        #expect(first == cold)
        #expect(store.keeps == 3 && store.entries.count == 3)
        let warm = try GlyphSet.make(fontPath: try GlyphFont.dejaVuSans.path(), fontstack: "DejaVu Sans Book",
                                     characters: Self.characters.union(["泽"]), store: store)
        #expect(store.keeps == 4, "only the new range 27648-27903 is rendered")
        #expect(warm.files.filter { $0.range.lowerBound != 27648 } == cold.files)
        #expect(warm.missingCharacters == ["泽"], "the kept files' glyphs count as drawn")
    }

    @Test func keysNameFormatFreeTypeFontStackAndRange() throws {
        let key = GlyphSet.storeKey(fontstack: "DejaVu Sans Book", range: 256...511, freeTypeVersion: "2.12.1")
        #expect(key == "trailpack glyph range v\(GlyphSet.formatVersion); FreeType 2.12.1; em 24 px; spread 6 px; "
                + "font stack DejaVu Sans Book; range 256-511")
        #expect(key != GlyphSet.storeKey(fontstack: "DejaVu Sans Bold", range: 256...511, freeTypeVersion: "2.12.1"))
        #expect(key != GlyphSet.storeKey(fontstack: "DejaVu Sans Book", range: 256...511, freeTypeVersion: "2.13.0"))
    }

    /// Entries that decode but are not the range asked for, or do not decode, are made again.
    @Test(arguments: ["garbage", "other stack", "other range", "unsorted", "foreign glyph"])
    func anUnfitEntryIsRenderedAgainAndReplaced(_ damage: String) throws {
        let path = try GlyphFont.dejaVuSans.path()
        let store = MemoryStore()
        let cold = try GlyphSet.make(fontPath: path, fontstack: "A", characters: ["a"], store: store)
        let key = try #require(store.entries.keys.first)
        let glyph = PBFGlyph(id: 0x41, bitmap: [], width: 0, height: 0, left: 0, top: 0, advance: 7)
        let stacks: [PBFFontstack] = switch damage {
        case "other stack": [PBFFontstack(name: "B", range: "0-255", glyphs: [glyph])]
        case "other range": [PBFFontstack(name: "A", range: "256-511", glyphs: [glyph])]
        case "unsorted": [PBFFontstack(name: "A", range: "0-255", glyphs: [glyph, glyph])]
        case "foreign glyph": [PBFFontstack(name: "A", range: "0-255", glyphs: [PBFGlyph(id: 0x160, bitmap: [], width: 0, height: 0, left: 0, top: 0, advance: 7)])]
        default: []
        }
        store.entries[key] = stacks.isEmpty ? [0x0a, 0xff] : GlyphPBF.encode(stacks)
        let again = try GlyphSet.make(fontPath: path, fontstack: "A", characters: ["a"], store: store)
        #expect(again == cold)
        #expect(store.keeps == 2 && store.entries[key] == cold.files[0].bytes)
    }

    /// The bytes of one made-up glyph, pinned: a change of the encoder must bump
    /// `GlyphSet.formatVersion`, or stores would hand out ranges in the old encoding.
    @Test func theEncodingIsPinnedToTheFormatVersion() throws {
        let distances = (0..<(14 * 15)).map { UInt8(($0 * 37) % 256) }
        let sdf = SDFGlyph(codePoint: 0x41, glyphWidthPx: 2, glyphHeightPx: 3, glyphLeftPx: 1, glyphTopPx: 17,
                           advancePx: 9, spreadPx: GlyphSet.sdfSpreadPx, distances: distances)
        let table = MapLibreGlyphFormat.valueTable(spreadPx: GlyphSet.sdfSpreadPx)
        let glyph = try #require(MapLibreGlyphFormat.glyph(sdf, ascenderPx: 23, valueTable: table))
        let bytes = GlyphPBF.encode([PBFFontstack(name: "A", range: "0-255", glyphs: [glyph])])
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        #expect(GlyphSet.formatVersion == 1 && hex == Self.pinnedV1, "encoder changed: bump GlyphSet.formatVersion and re-pin")
    }

    static let pinnedV1 = "0a620a01411205302d3235351a5608411248c1f9ffff1f568dc6caffffff285f96cfd3ffffff31689fd8dcffff023a71a8e1"
        + "e5ffff0b427ab1eaeeffff144b83baf3f7ffff1d548cc4fcffffff265d95cdffffffff2f669ed6ff180220032802300b3809"
}
