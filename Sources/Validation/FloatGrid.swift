import Foundation
import TrailpackCore

/// An unrounded grid on a TER1 geometry, sampled like the SPEC samples TER1. It reads the
/// samples where they lie (a warped raster's own pixels, no copy), so it is valid only while
/// `values` is (make it inside the raster's `withFloat32Pixels`).
struct FloatGrid {
    let width: Int
    let height: Int
    let bounds: BBox
    /// Row-major `width * height` metres.
    let values: UnsafeBufferPointer<Float>

    /// Bilinear elevation at `p` (metres); nil when `p` lies more than `toleranceCells` outside
    /// the grid (points within the tolerance are clamped onto it).
    func elevationM(at p: LonLat, toleranceCells: Double = 1e-9) -> Double? {
        let (c, r) = position(of: p)
        let eps = toleranceCells
        guard c >= -eps, r >= -eps, c <= Double(width - 1) + eps, r <= Double(height - 1) + eps else { return nil }
        let cc = min(max(c, 0), Double(width - 1)), rr = min(max(r, 0), Double(height - 1))
        let c0 = min(Int(cc), width - 2), r0 = min(Int(rr), height - 2)
        let fc = cc - Double(c0), fr = rr - Double(r0)
        let z00 = Double(values[r0 * width + c0]), z10 = Double(values[r0 * width + c0 + 1])
        let z01 = Double(values[(r0 + 1) * width + c0]), z11 = Double(values[(r0 + 1) * width + c0 + 1])
        let top = z00 + (z10 - z00) * fc, bottom = z01 + (z11 - z01) * fc
        return top + (bottom - top) * fr
    }

    /// `p` in fractional grid cells (column from the west edge, row from the north edge).
    func position(of p: LonLat) -> (column: Double, row: Double) {
        let yn = WebMercator.y(latDeg: bounds.north), ys = WebMercator.y(latDeg: bounds.south)
        return ((p.lon - bounds.west) / (bounds.east - bounds.west) * Double(width - 1),
                (yn - WebMercator.y(latDeg: p.lat)) / (yn - ys) * Double(height - 1))
    }

    /// How far (metres) `levelM` lies outside the range of the four samples around `p` (0 when
    /// a contour at that level can pass there); nil off the grid.
    func levelGapM(_ levelM: Double, at p: LonLat, toleranceCells: Double) -> Double? {
        let (c, r) = position(of: p)
        let eps = toleranceCells
        guard c >= -eps, r >= -eps, c <= Double(width - 1) + eps, r <= Double(height - 1) + eps else { return nil }
        let (lo, hi) = cornerRange(c, r)
        return max(lo - levelM, levelM - hi, 0)
    }

    /// The steepest rise (metres per ground metre) across the cell around `p`: the four samples'
    /// range over the cell's side on the ground (an upper bound of the bilinear gradient); 0 off the grid.
    func slope(at p: LonLat) -> Double {
        let (c, r) = position(of: p)
        guard c >= 0, r >= 0, c <= Double(width - 1), r <= Double(height - 1) else { return 0 }
        let (lo, hi) = cornerRange(c, r)
        let cellDeg = (bounds.east - bounds.west) / Double(width - 1)
        let cellM: Double = cellDeg * Double.pi / 180 * WebMercator.radiusM * cos(p.lat * Double.pi / 180)
        return (hi - lo) / cellM
    }

    /// The most the bilinear surface can change (metres) when `p` moves by up to `halfStepDeg`
    /// on each axis (a written coordinate's rounding): the four samples' range times the move
    /// in columns plus the move in rows (each partial derivative is at most the range per cell);
    /// 0 off the grid.
    func riseM(at p: LonLat, withinDeg halfStepDeg: Double) -> Double {
        let (c, r) = position(of: p)
        guard c >= 0, r >= 0, c <= Double(width - 1), r <= Double(height - 1) else { return 0 }
        let (lo, hi) = cornerRange(c, r)
        let columns = abs(position(of: LonLat(p.lon + halfStepDeg, p.lat)).column - c)
        let rows = abs(position(of: LonLat(p.lon, p.lat + halfStepDeg)).row - r)
        return (hi - lo) * (columns + rows)
    }

    /// The lowest and highest of the four samples around grid position (`c`, `r`), clamped onto the grid.
    private func cornerRange(_ c: Double, _ r: Double) -> (lo: Double, hi: Double) {
        let c0 = min(max(Int(c), 0), width - 2), r0 = min(max(Int(r), 0), height - 2)
        let a = values[r0 * width + c0], b = values[r0 * width + c0 + 1]
        let c = values[(r0 + 1) * width + c0], d = values[(r0 + 1) * width + c0 + 1]
        return (Double(min(min(a, b), min(c, d))), Double(max(max(a, b), max(c, d))))
    }

    /// True when `p` lies within one cell of the grid's outer rows or columns.
    func isNearEdge(_ p: LonLat) -> Bool {
        let (c, r) = position(of: p)
        return c < 1 || r < 1 || c > Double(width - 2) || r > Double(height - 2)
    }
}
