import Testing
import TrailpackCore

@Suite struct FillRoughnessTests {
    /// A 20 x 20 grid with a 6 x 6 filled block in the middle.
    static let width = 20, height = 20
    static let filled: [Bool] = (0..<400).map { (k: Int) -> Bool in
        let c = k % 20, r = k / 20
        return c >= 7 && c < 13 && r >= 7 && r < 13
    }

    @Test func aPlaneHasNoRoughnessAndAStepInTheFillIsRougherThanTheGround() {
        let plane: [Double] = (0..<400).map { (k: Int) -> Double in
            let x = Double(k % 20), y = Double(k / 20)
            return 3 * x + 2 * y
        }
        let flat = FillRoughness.measure(plane, width: Self.width, height: Self.height, filled: Self.filled)
        #expect(flat.filledRMSM < 1e-9 && flat.ringRMSM < 1e-9 && flat.ratio == 0)
        // Gentle real waves around, a 5 m step across the fill.
        var grid: [Double] = (0..<400).map { (k: Int) -> Double in
            let wave: Double = k % 2 == 0 ? 0.5 : -0.5
            return 3 * Double(k % 20) + wave
        }
        for k in grid.indices where Self.filled[k] && k % 20 >= 10 { grid[k] += 5 }
        let stepped = FillRoughness.measure(grid, width: Self.width, height: Self.height, filled: Self.filled)
        #expect(stepped.ringRMSM > 1 && stepped.ratio > 2, "\(stepped)")
        // The ring is three cells wide around the block, less the cells next to it (they count with the fill).
        #expect(stepped.filledCells == 36 + 24 && stepped.ringCells == 12 * 12 - 36 - 24, "\(stepped)")
    }

    @Test func grownMaskReachesTheChebyshevDistance() {
        let one = (0..<25).map { $0 == 12 }
        let grown = VoidAreas.grown(one, width: 5, height: 5, cells: 1)
        #expect(grown.enumerated().filter(\.element).map(\.offset) == [6, 7, 8, 11, 12, 13, 16, 17, 18])
        #expect(!VoidAreas.grown(one, width: 5, height: 5, cells: 2).contains(false))
    }
}
