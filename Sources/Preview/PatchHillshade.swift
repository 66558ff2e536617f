import Foundation
import TrailpackCore

/// A simple hillshade of a TER1 grid, one grey value per sample, for the AR close-ups.
///
/// Horn's 3x3 gradient (edge samples repeated outward) in true ground metres: a row's column
/// spacing and the row spacing are the grid's web-mercator cell sizes times cos(latitude of
/// that row). Shade = 255 x max(0, n . l) for the unit surface normal n and the unit vector l
/// toward a light at `azimuthDeg` (clockwise from north) and `altitudeDeg`, rounded; a flat
/// cell gets 255 x sin(altitude).
public enum PatchHillshade {
    /// Grey values, row-major, `grid.width * grid.height`, row 0 north.
    public static func shade(_ grid: TerrainGrid, azimuthDeg: Double = 315, altitudeDeg: Double = 45) -> [UInt8] {
        let geometry = GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds)
        let az = azimuthDeg * Double.pi / 180, alt = altitudeDeg * Double.pi / 180
        let light = (e: sin(az) * cos(alt), n: cos(az) * cos(alt), u: sin(alt))
        let w = grid.width, h = grid.height
        var out = [UInt8](repeating: 0, count: w * h)
        func z(_ c: Int, _ r: Int) -> Double { Double(grid[column: min(max(c, 0), w - 1), row: min(max(r, 0), h - 1)]) }
        for r in 0..<h {
            let scale = cos(grid.lat(row: Double(r)) * Double.pi / 180)
            let dxM = geometry.cellWidthMercatorM * scale, dyM = geometry.cellHeightMercatorM * scale
            for c in 0..<w {
                let a = z(c - 1, r - 1), b = z(c, r - 1), cc = z(c + 1, r - 1)
                let d = z(c - 1, r), f = z(c + 1, r)
                let g = z(c - 1, r + 1), hh = z(c, r + 1), i = z(c + 1, r + 1)
                let dzdE = ((cc + 2 * f + i) - (a + 2 * d + g)) / (8 * dxM)
                let dzdN = ((a + 2 * b + cc) - (g + 2 * hh + i)) / (8 * dyM)
                let norm = (dzdE * dzdE + dzdN * dzdN + 1).squareRoot()
                let dot = (-dzdE * light.e - dzdN * light.n + light.u) / norm
                out[r * w + c] = UInt8((255 * max(0, dot)).rounded())
            }
        }
        return out
    }
}
