import Testing
import TrailpackCore
@testable import Validation

@Suite("TER1 rules on raw bytes")
struct TER1CheckTests {
    let grid = TerrainGrid(width: 3, height: 2, bounds: BBox(west: 10, south: 45, east: 10.01, north: 45.01),
                           elevationsM: [100, 101, 102, 103, 104, 105])

    func run(_ bytes: [UInt8]) -> (TerrainGrid?, [ValidationProblem]) {
        let log = ProblemLog()
        let decoded = TER1Check.check(bytes, file: "t.bin", log: log)
        return (decoded, log.finish())
    }

    @Test func validGridDecodesWithoutProblems() {
        let (decoded, problems) = run(TER1.encode(grid))
        #expect(decoded == grid)
        #expect(problems.isEmpty)
    }

    @Test(arguments: [
        (UInt32.max, UInt32.max),  // 2*w*h overflows 64 bits
        (65_536, 65_536),          // 8 GiB claimed by a 56-byte file
        (3, 3),                    // one row more than the file holds
    ])
    func forgedDimensionsAreASizeProblem(width: UInt32, height: UInt32) {
        var bytes = TER1.encode(grid)
        for k in 0..<4 {
            bytes[4 + k] = UInt8(truncatingIfNeeded: width >> (8 * k))
            bytes[8 + k] = UInt8(truncatingIfNeeded: height >> (8 * k))
        }
        let (decoded, problems) = run(bytes)
        #expect(decoded == nil)
        #expect(problems.map(\.ruleId) == ["ter1.size"])
        #expect(problems.first?.location.byteOffset == bytes.count)
        #expect(problems.first?.found == "\(bytes.count) bytes")
    }

    @Test func voidsAreCountedAndLocatedAtTheFirst() {
        var withVoids = grid
        withVoids.elevationsM[4] = .min
        withVoids.elevationsM[5] = .min
        let (decoded, problems) = run(TER1.encode(withVoids))
        #expect(decoded != nil)
        #expect(problems.map(\.ruleId) == ["ter1.void"])
        #expect(problems.first?.location.byteOffset == 44 + 2 * 4)
        #expect(problems.first?.found.hasPrefix("2 sample(s) of -32768, the first at column 1, row 1") == true)
    }

    @Test func emptyFileIsAHeaderProblem() {
        let (decoded, problems) = run([])
        #expect(decoded == nil)
        #expect(problems.map(\.ruleId) == ["ter1.header"])
        #expect(problems.first?.found == "0 bytes")
    }

    @Test func boundsOutsideMercatorRange() {
        let polar = TerrainGrid(width: 2, height: 2, bounds: BBox(west: 0, south: 80, east: 1, north: 89), elevationsM: [0, 0, 0, 0])
        let (decoded, problems) = run(TER1.encode(polar))
        #expect(decoded == nil)
        #expect(problems.map(\.ruleId) == ["ter1.bounds"])
        #expect(problems.first?.location.byteOffset == 12)
    }
}
