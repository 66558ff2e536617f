import Foundation
import Glyphs
import Testing

/// Prints sizes and times of the ranges labels use most (for the README); asserts only loose bounds.
@Suite struct GlyphTimingTests {
    @Test func latinRangesSizesAndTimes() throws {
        for (name, character) in [("0-255", "a"), ("256-511", "Š"), ("8192-8447", "–")] as [(String, Unicode.Scalar)] {
            let start = Date()
            let set = try GlyphSet.make(font: .dejaVuSans, characters: [character])
            let seconds = Date().timeIntervalSince(start)
            print("glyph range \(name): \(set.files[0].bytes.count) bytes, \(set.files[0].glyphCount) glyphs, \(String(format: "%.3f", seconds)) s")
            #expect(seconds < 30)
        }
    }
}
