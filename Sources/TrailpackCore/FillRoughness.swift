import Foundation

/// How rough filled DEM voids are against the measured ground around them, on one grid.
///
/// A cell's roughness is its discrete Laplacian, `z(c-1,r) + z(c+1,r) + z(c,r-1) + z(c,r+1) - 4 z(c,r)`
/// in metres (the second difference: zero on any plane, large at a step, a crease or a streak;
/// divide by the squared cell spacing for a curvature). Cells on the grid's edge have none.
/// `filledRMSM` is its root mean square over the filled cells and the measured cells next to one
/// (4-neighbours: their Laplacian reads a filled cell, so a crease or step where the fill meets
/// the ground counts against the fill); `ringRMSM` over the other measured cells within
/// `ringCells` cells (Chebyshev distance) of a filled cell: the real ground the fill should
/// resemble. `ratio` is filled over ring: above 1 the fill is rougher than the ground around it
/// (steps, streaks, seams), below 1 smoother.
public struct FillRoughness: Sendable, Equatable {
    public var filledRMSM: Double
    public var ringRMSM: Double
    /// Cells measured on each side (filled with their measured 4-neighbours; ring).
    public var filledCells: Int
    public var ringCells: Int

    /// Filled roughness over ring roughness (0 when the ring is flat or empty).
    public var ratio: Double { ringRMSM > 0 ? filledRMSM / ringRMSM : 0 }

    /// Measures a row-major `width` x `height` grid of elevations (metres) whose `filled` cells
    /// were filled. `ringCells`: how far around the voids the measured ground is taken, cells.
    public static func measure(_ elevationsM: [Double], width: Int, height: Int, filled: [Bool], ringCells: Int = 3) -> FillRoughness {
        precondition(elevationsM.count == width * height && filled.count == width * height)
        var ring = VoidAreas.grown(filled, width: width, height: height, cells: ringCells)
        for k in ring.indices where filled[k] { ring[k] = false }
        var filledSum = 0.0, ringSum = 0.0, nFilled = 0, nRing = 0
        guard width >= 3, height >= 3 else { return FillRoughness(filledRMSM: 0, ringRMSM: 0, filledCells: 0, ringCells: 0) }
        for r in 1..<(height - 1) {
            for c in 1..<(width - 1) {
                let k = r * width + c
                guard filled[k] || ring[k] else { continue }
                let l = elevationsM[k - 1] + elevationsM[k + 1] + elevationsM[k - width] + elevationsM[k + width] - 4 * elevationsM[k]
                let readsFill = filled[k] || filled[k - 1] || filled[k + 1] || filled[k - width] || filled[k + width]
                if readsFill { filledSum += l * l; nFilled += 1 } else { ringSum += l * l; nRing += 1 }
            }
        }
        return FillRoughness(filledRMSM: nFilled > 0 ? (filledSum / Double(nFilled)).squareRoot() : 0,
                             ringRMSM: nRing > 0 ? (ringSum / Double(nRing)).squareRoot() : 0,
                             filledCells: nFilled, ringCells: nRing)
    }
}
