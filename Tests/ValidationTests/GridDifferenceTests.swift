import Foundation
import Testing
@testable import Validation

/// GridDifference reads Int16 metres, UInt8 grey levels and Float metres as they stand: its
/// figures must equal those of the same values widened to Float beforehand (what it did before
/// it was generic), and be right on a grid small enough to work out by hand.
@Suite("GridDifference on each sample type")
struct GridDifferenceTests {
    static let width = 24, height = 20

    /// Whole metres of a relief with ridges and a slope, some below zero.
    static let metres: [Int16] = (0..<width * height).map { k in
        let r = Double(k / width), c = Double(k % width)
        return Int16((300 * sin(c / 3) + 200 * cos(r / 4) + 7 * c - 250).rounded())
    }

    /// The same relief unrounded and one column to the east (`reference[k] ≈ metres[k - 1]`).
    static let shiftedMetres: [Float] = (0..<width * height).map { k in
        let r = Double(k / width), c = Double(k % width) - 1
        return Float(300 * sin(c / 3) + 200 * cos(r / 4) + 7 * c - 250 + 0.3 * sin(Double(k)))
    }

    static func figures<P: GridSample, R: GridSample>(_ pack: [P], _ reference: [R], limit: Float) -> (GridSummary, GridShift?) {
        pack.withUnsafeBufferPointer { p in
            reference.withUnsafeBufferPointer { q in
                let difference = GridDifference(width: width, height: height, pack: p, reference: q)
                return (difference.summary(withinLimit: limit), difference.bestShift())
            }
        }
    }

    @Test func int16AgainstFloatGivesTheFiguresOfAWidenedCopy() {
        let (summary, shift) = Self.figures(Self.metres, Self.shiftedMetres, limit: 0.6)
        let (widened, widenedShift) = Self.figures(Self.metres.map(Float.init), Self.shiftedMetres, limit: 0.6)
        #expect(summary == widened)
        #expect(shift == widenedShift)
        // The reference lies one column east: the pack's cell (r, c) matches (r, c + 1).
        #expect(shift?.dx == 1)
        #expect(shift?.dy == 0)
        #expect(summary.rms > 10)
        #expect(summary.count == Self.width * Self.height)
    }

    @Test func bytesAgainstBytesGiveTheFiguresOfWidenedCopies() {
        let pack: [UInt8] = Self.metres.map { UInt8(clamping: Int($0) / 4 + 128) }
        let reference: [UInt8] = Self.shiftedMetres.map { UInt8(clamping: Int(($0 / 4).rounded()) + 128) }
        let (summary, shift) = Self.figures(pack, reference, limit: 2)
        let (widened, widenedShift) = Self.figures(pack.map(Float.init), reference.map(Float.init), limit: 2)
        #expect(summary == widened)
        #expect(shift == widenedShift)
        let (same, sameShift) = Self.figures(pack, pack, limit: 2)
        #expect(same.rms == 0)
        #expect(same.within == same.count)
        #expect(same.scale == 1)
        #expect(sameShift?.dx == 0 && sameShift?.dy == 0)
    }

    @Test func summaryOfASmallGridByHand() {
        let pack: [Int16] = [1, 2, 3, 4]
        let reference: [Float] = [1, 2.5, 3, 6]
        let s = pack.withUnsafeBufferPointer { p in
            reference.withUnsafeBufferPointer { q in
                GridDifference(width: 2, height: 2, pack: p, reference: q).summary(withinLimit: 0.5)
            }
        }
        // Differences 0, -0.5, 0, -2: squares sum 4.25 over 4 cells, |d| sum 2.5.
        #expect(s.rms == (4.25 / 4).squareRoot())
        #expect(s.meanAbs == 2.5 / 4)
        #expect(s.worst == 2)
        #expect(s.worstIndex == 3)
        #expect(s.within == 3)
        #expect(s.count == 4)
    }
}
