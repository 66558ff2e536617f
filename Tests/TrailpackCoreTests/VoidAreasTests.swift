import Foundation
import Testing
import TestSupport
import TrailpackCore

@Suite struct VoidAreasTests {
    /// A random mask of `blobs` rectangles on a `w` x `h` grid.
    func mask(_ w: Int, _ h: Int, blobs: Int, rng: inout SeededRandom) -> [Bool] {
        var m = [Bool](repeating: false, count: w * h)
        for _ in 0..<blobs {
            let c = Int.random(in: 0..<w, using: &rng), r = Int.random(in: 0..<h, using: &rng)
            let bw = Int.random(in: 1...6, using: &rng), bh = Int.random(in: 1...6, using: &rng)
            for rr in r..<min(h, r + bh) { for cc in c..<min(w, c + bw) { m[rr * w + cc] = true } }
        }
        return m
    }

    @Test func areasCountEveryVoidCellOnceWithTheirBoxes() {
        let w = 7, h = 5
        var m = [Bool](repeating: false, count: w * h)
        for (c, r) in [(0, 0), (1, 0), (1, 1), (5, 3), (6, 3), (6, 4), (3, 4)] { m[r * w + c] = true }
        let areas = m.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: w, height: h) }
        #expect(areas.areas.map(\.cells) == [3, 3, 1])
        #expect(areas.areas[0].window == CellWindow(c0: 0, r0: 0, c1: 1, r1: 1))
        #expect(areas.areas[1].window == CellWindow(c0: 5, r0: 3, c1: 6, r1: 4))
        #expect(areas.voidCells == 7)
    }

    @Test func fillWindowsAreDisjointAndHoldEveryVoidWithItsMargin() {
        var rng = SeededRandom(seed: 12)
        for trial in 0..<40 {
            let w = Int.random(in: 10...80, using: &rng), h = Int.random(in: 10...80, using: &rng)
            let m = mask(w, h, blobs: Int.random(in: 0...12, using: &rng), rng: &rng)
            let margin = Int.random(in: 0...6, using: &rng)
            let windows = m.withUnsafeBufferPointer { VoidAreas.fillWindows(isVoid: $0, width: w, height: h, marginCells: margin) }
            for (i, a) in windows.enumerated() {
                for b in windows[(i + 1)...] { #expect(!a.intersects(b), "trial \(trial): \(a) overlaps \(b)") }
            }
            let areas = m.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: w, height: h) }
            for area in areas.areas {
                let grown = area.window.grown(by: margin, width: w, height: h)
                #expect(windows.contains { $0.union(grown) == $0 }, "trial \(trial): \(grown) not inside one window")
            }
            // Windows are no larger than needed: each one's edges touch a grown void box.
            let covered = windows.reduce(0) { $0 + $1.cellCount }
            #expect(areas.areas.isEmpty == windows.isEmpty && covered <= w * h)
        }
    }

    @Test func verticalUnitsReadTheUsualSpellings() {
        #expect(VerticalUnit(gdalUnitType: "") == .metre)
        #expect(VerticalUnit(gdalUnitType: "metre") == .metre)
        #expect(VerticalUnit(gdalUnitType: "ft") == .foot)
        #expect(VerticalUnit(gdalUnitType: "Foot") == .foot)
        #expect(VerticalUnit(gdalUnitType: "US survey foot") == .usSurveyFoot)
        #expect(VerticalUnit(gdalUnitType: "ftUS") == .usSurveyFoot)
        #expect(VerticalUnit(gdalUnitType: "furlong") == nil)
        #expect(abs(VerticalUnit.usSurveyFoot.metres - 0.3048006096) < 1e-10)
        #expect(VerticalUnit.foot.metres == 0.3048)
    }
}
