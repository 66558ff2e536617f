import Foundation
import TrailpackCore

/// A TER1 grid prepared for sightlines: its samples, the affine map from (lon, web-mercator
/// Y) to fractional (column, row), and the maximum of every `blockSize` square of cells (one
/// cell of overlap, so a bilinear sample inside a block never exceeds its maximum).
public struct TerrainSurface: Sendable {
    public let width: Int
    public let height: Int
    public let bounds: BBox
    /// The grid's own samples (shared with the `TerrainGrid`, not copied).
    let elevationsM: [Int16]
    let west: Double
    let columnsPerDeg: Double
    let yNorth: Double
    let rowsPerY: Double
    static let blockSize = 8
    let blockColumns: Int
    let blockRows: Int
    let blockMaxM: [Float]

    public init(_ grid: TerrainGrid) {
        width = grid.width
        height = grid.height
        bounds = grid.bounds
        elevationsM = grid.elevationsM
        west = grid.bounds.west
        columnsPerDeg = Double(grid.width - 1) / (grid.bounds.east - grid.bounds.west)
        yNorth = WebMercator.y(latDeg: grid.bounds.north)
        rowsPerY = Double(grid.height - 1) / (yNorth - WebMercator.y(latDeg: grid.bounds.south))
        let b = Self.blockSize
        blockColumns = (width - 1) / b + 1
        blockRows = (height - 1) / b + 1
        var maxima = [Float](repeating: -.infinity, count: blockColumns * blockRows)
        for br in 0..<blockRows {
            for bc in 0..<blockColumns {
                var m = Int16.min
                for r in (br * b)...min(height - 1, br * b + b) {
                    for c in (bc * b)...min(width - 1, bc * b + b) { m = max(m, elevationsM[r * width + c]) }
                }
                maxima[br * blockColumns + bc] = Float(m)
            }
        }
        blockMaxM = maxima
    }

    /// Fractional (column, row) of a longitude and a web-mercator Y.
    @inline(__always)
    func position(lon: Double, y: Double) -> (c: Double, r: Double) {
        ((lon - west) * columnsPerDeg, (yNorth - y) * rowsPerY)
    }

    /// True when (c, r) lies on the grid.
    @inline(__always)
    func contains(c: Double, r: Double) -> Bool {
        c >= 0 && r >= 0 && c <= Double(width - 1) && r <= Double(height - 1)
    }

    /// The SPEC's bilinear sample at fractional (c, r), clamped to the grid.
    @inline(__always)
    func elevationM(c: Double, r: Double) -> Double {
        let cc = min(max(c, 0), Double(width - 1)), rr = min(max(r, 0), Double(height - 1))
        let c0 = min(Int(cc), width - 2), r0 = min(Int(rr), height - 2)
        let fc = cc - Double(c0), fr = rr - Double(r0)
        return elevationsM.withUnsafeBufferPointer { z in
            let k = r0 * width + c0
            let z00 = Double(z[k]), z10 = Double(z[k + 1]), z01 = Double(z[k + width]), z11 = Double(z[k + width + 1])
            let top = z00 + (z10 - z00) * fc
            return top + (z01 + (z11 - z01) * fc - top) * fr
        }
    }

    /// The highest sample any bilinear sample in the cell rectangle spanning (c0, r0)-(c1, r1)
    /// can reach.
    @inline(__always)
    func maxElevationM(c0: Double, r0: Double, c1: Double, r1: Double) -> Double {
        let b = Double(Self.blockSize)
        let bcLo = max(0, Int(min(c0, c1) / b)), bcHi = min(blockColumns - 1, Int(max(c0, c1) / b))
        let brLo = max(0, Int(min(r0, r1) / b)), brHi = min(blockRows - 1, Int(max(r0, r1) / b))
        var m = -Float.infinity
        if bcLo <= bcHi && brLo <= brHi {
            for br in brLo...brHi { for bc in bcLo...bcHi { m = max(m, blockMaxM[br * blockColumns + bc]) } }
        }
        return Double(m)
    }
}
