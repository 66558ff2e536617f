import Drawing
import Foundation
import Glyphs
import Testing

@Suite struct FontFaceTests {
    @Test func stackNamesAreTheFacesOwnFamilyAndStyle() throws {
        let library = try FontLibrary()
        for font in [GlyphFont.dejaVuSans, .dejaVuSansBold] {
            let face = try FontFace(path: try font.path(), sizePx: 24, library: library)
            #expect("\(face.familyName) \(face.styleName)" == font.fontstack)
            #expect(face.ascenderPx == 23)
        }
    }

    @Test func aMissingFontFileIsNamedInTheError() {
        let folder = "/nonexistent/fonts"
        #expect { try GlyphFont.dejaVuSans.path(in: folder) } throws: { error in
            (error as? FontError)?.fontPath == "/nonexistent/fonts/DejaVuSans.ttf"
        }
        #expect { try FontFace(path: "/nonexistent/x.ttf", sizePx: 24, library: try FontLibrary()) } throws: { error in
            (error as? FontError)?.fontPath == "/nonexistent/x.ttf" && (error as? FontError)?.code != 0
        }
    }

    @Test func aFileThatIsNoFontIsRefused() throws {
        let path = NSTemporaryDirectory() + "not-a-font-\(UUID().uuidString).ttf"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.self) { try FontFace(path: path, sizePx: 24, library: try FontLibrary()) }
    }

    @Test func aSpreadFreeTypeRefusesIsAnError() {
        #expect(throws: FontError.self) { try FontLibrary(sdfSpreadPx: 1000) }
    }

    @Test func freeTypeSDFIsPaddedByTheSpreadAndPositiveInside() throws {
        let library = try FontLibrary(sdfSpreadPx: 6)
        let face = try FontFace(path: try GlyphFont.dejaVuSans.path(), sizePx: 24, library: library)
        let sdf = try #require(try face.sdfGlyph(0x49))  // "I": a plain vertical bar
        #expect(sdf.distances.count == sdf.bitmapWidthPx * sdf.bitmapHeightPx)
        #expect(sdf.bitmapWidthPx == sdf.glyphWidthPx + 12 && sdf.glyphTopPx >= 17)
        let middle = sdf.bitmapHeightPx / 2, centre = sdf.bitmapWidthPx / 2
        #expect(sdf.signedDistancePx(column: centre, row: middle) > 0.5)
        #expect(sdf.signedDistancePx(column: 0, row: middle) < -4)
        let space = try #require(try face.sdfGlyph(0x20))
        #expect(space.glyphWidthPx == 0 && space.distances.isEmpty && space.advancePx > 5)
        #expect(try face.sdfGlyph(0x6CFD) == nil)
    }
}
