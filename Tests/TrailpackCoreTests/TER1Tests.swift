import Foundation
import Testing
@testable import TrailpackCore

@Suite struct TER1Tests {
    let bounds = BBox(west: -71.5, south: 44.4, east: -71.2, north: 44.7)

    func sampleGrid(width: Int = 5, height: Int = 4) -> TerrainGrid {
        TerrainGrid(width: width, height: height, bounds: bounds,
                    elevationsM: (0..<(width * height)).map { Int16($0 * 37 - 300) })
    }

    @Test func roundTripKeepsEverySampleAndTheBounds() throws {
        let grid = sampleGrid()
        let bytes = TER1.encode(grid)
        #expect(bytes.count == 44 + 2 * 5 * 4)
        #expect(Array(bytes[0..<4]) == Array("TER1".utf8))
        #expect(bytes[4] == 5 && bytes[8] == 4)
        #expect(try TER1.decode(bytes) == grid)
    }

    @Test func headerIsLittleEndian() throws {
        let grid = TerrainGrid(width: 2, height: 2, bounds: bounds, elevationsM: [1, -2, 300, -32767])
        let bytes = TER1.encode(grid)
        // -2 as little-endian int16 is FE FF; 300 is 2C 01.
        #expect(Array(bytes[46..<48]) == [0xFE, 0xFF])
        #expect(Array(bytes[48..<50]) == [0x2C, 0x01])
        let west = bytes[12..<20].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        #expect(Double(bitPattern: west) == -71.5)
    }

    @Test func rejectsWrongMagic() {
        var bytes = TER1.encode(sampleGrid())
        bytes[0] = UInt8(ascii: "X")
        #expect(throws: TER1.DecodeError.wrongMagic(found: Array("XER1".utf8))) { try TER1.decode(bytes) }
    }

    @Test func rejectsSizeMismatch() {
        let bytes = TER1.encode(sampleGrid())
        #expect(throws: TER1.DecodeError.sizeMismatch(width: 5, height: 4, expectedBytes: 84, foundBytes: 83)) {
            try TER1.decode(Array(bytes.dropLast()))
        }
        #expect(throws: TER1.DecodeError.sizeMismatch(width: 5, height: 4, expectedBytes: 84, foundBytes: 86)) {
            try TER1.decode(bytes + [0, 0])
        }
        #expect(throws: TER1.DecodeError.tooShort(bytes: 20)) { try TER1.decode(Array(bytes.prefix(20))) }
    }

    @Test(arguments: [(1, 4), (5, 1), (0, 0)])
    func rejectsDimensionsBelowTwo(width: Int, height: Int) {
        var bytes = TER1.encode(sampleGrid())
        bytes[4] = UInt8(width)
        bytes[8] = UInt8(height)
        #expect(throws: TER1.DecodeError.sizeTooSmall(width: UInt32(width), height: UInt32(height))) { try TER1.decode(bytes) }
    }

    @Test func rejectsNonFiniteAndInvertedBounds() {
        func corrupt(_ field: Int, _ value: Double) -> [UInt8] {
            var bytes = TER1.encode(sampleGrid())
            withUnsafeBytes(of: value.bitPattern.littleEndian) { raw in
                for k in 0..<8 { bytes[12 + 8 * field + k] = raw[k] }
            }
            return bytes
        }
        for (field, value) in [(0, Double.nan), (3, Double.infinity), (0, -71.0), (1, 44.8), (2, 181.0), (3, 86.0)] {
            #expect(throws: TER1.DecodeError.self) { try TER1.decode(corrupt(field, value)) }
            do { _ = try TER1.decode(corrupt(field, value)) } catch {
                guard case .badBounds = error else { Issue.record("field \(field) = \(value) gave \(error)"); continue }
                #expect(error.offset == 12)
            }
        }
    }

    @Test func messagesNameTheProblem() {
        let e = TER1.DecodeError.sizeMismatch(width: 5, height: 4, expectedBytes: 84, foundBytes: 83)
        #expect(e.description.contains("83 bytes") && e.description.contains("84"))
        #expect(TER1.DecodeError.wrongMagic(found: [0x58, 0x45, 0x52, 0x31]).description.contains("TER1"))
    }
}

@Suite struct TER1ForgedHeaderTests {
    @Test func hugeDimensionsAreASizeMismatchNotATrap() throws {
        var bytes = TER1.encode(TerrainGrid(width: 2, height: 2, bounds: BBox(west: 0, south: 0, east: 1, north: 1), elevationsM: [0, 0, 0, 0]))
        for k in 4..<12 { bytes[k] = 0xFF }
        #expect(throws: TER1.DecodeError.self) { try TER1.decode(bytes) }
        do { _ = try TER1.decode(bytes) } catch {
            guard case .sizeMismatch(let w, let h, _, let found) = error else { Issue.record("\(error)"); return }
            #expect(w == UInt32.max && h == UInt32.max && found == bytes.count)
        }
    }
}
