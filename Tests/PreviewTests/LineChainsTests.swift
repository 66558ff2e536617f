import Drawing
import Testing
@testable import Preview

/// Contour pieces cut at tile edges joined back into lines for labelling.
struct LineChainsTests {
    static func piece(_ xs: ClosedRange<Int>, y: Double = 10) -> [PixelPoint] { xs.map { PixelPoint(xPx: Double($0) * 10, yPx: y) } }

    /// Three pieces of one line, shuffled, each running 1 px past the next one's start (a tile
    /// buffer): one line through all, in order.
    @Test func piecesRunOnIntoEachOther() {
        var a = Self.piece(0...5), b = Self.piece(5...9), c = Self.piece(9...14)
        a.append(PixelPoint(xPx: 51, yPx: 10))
        b.append(PixelPoint(xPx: 91, yPx: 10))
        let lines = LineChains.join([c, a, b], tolerancePx: 3)
        #expect(lines.count == 1)
        #expect(lines[0].count == a.count + b.count + c.count)
        #expect(lines[0].first == a.first && lines[0].last == c.last)
    }

    /// Pieces farther apart than the tolerance, or meeting end to end against their direction,
    /// stay apart; a ring of pieces is one line.
    @Test func gapsAndDirectionsKeepPiecesApartAndRingsClose() {
        let far = LineChains.join([Self.piece(0...5), Self.piece(6...9)], tolerancePx: 3)
        #expect(far.count == 2)
        let reversed = LineChains.join([Self.piece(0...5), Array(Self.piece(5...9).reversed())], tolerancePx: 3)
        #expect(reversed.count == 2)
        let up = [PixelPoint(xPx: 50, yPx: 10), PixelPoint(xPx: 50, yPx: 60), PixelPoint(xPx: 0, yPx: 60), PixelPoint(xPx: 0, yPx: 10)]
        let ring = LineChains.join([up, Self.piece(0...5)], tolerancePx: 3)
        #expect(ring.count == 1 && ring[0].count == 10)
    }
}
