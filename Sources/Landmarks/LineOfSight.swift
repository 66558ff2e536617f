import Foundation
import TrailpackCore

/// Line of sight over a route's terrain: the route's AR patch where it covers the sightline,
/// the region grid beyond, with the earth's curvature and refraction
/// (`SightConstants.curvaturePerM2`). Sightlines are straight in (lon, web-mercator Y), the
/// space both TER1 grids are linear in. The terrain under them is the SPEC's bilinear surface,
/// evaluated exactly (no sampling gaps): the line is cut at every grid line it crosses and the
/// clearance, a quadratic in each cell, is checked at the cuts and at its interior minimum. The
/// observer's position itself and the target's own last half cell are not obstacles.
public struct LineOfSight: Sendable {
    public let region: TerrainSurface
    public let patch: TerrainSurface?

    public init(region: TerrainSurface, patch: TerrainSurface? = nil) {
        self.region = region
        self.patch = patch
    }

    /// True when the top `targetEleM` at `target` is in sight of an eye at `eyeM` (absolute
    /// metres) above `observer`: the sightline clears the terrain between them.
    /// Stops at the first blocking cell and skips stretches whose block maxima lie below the
    /// line, so it is much faster than `clearanceM`.
    public func isVisible(from observer: LonLat, eyeM: Double, to target: LonLat, targetEleM: Double) -> Bool {
        var at = 0.0
        return march(from: observer, eyeM: eyeM, to: target, targetEleM: targetEleM, exact: false, lowestAt: &at) > 0
    }

    /// The smallest height in metres of the sightline above the terrain between `observer` and
    /// `target` (negative: the terrain blocks it by that much; +infinity with nothing between).
    public func clearanceM(from observer: LonLat, eyeM: Double, to target: LonLat, targetEleM: Double) -> Double {
        closestApproach(from: observer, eyeM: eyeM, to: target, targetEleM: targetEleM).clearanceM
    }

    /// `clearanceM` and where along the sightline it occurs: the distance from the observer in
    /// metres and the distance before the target in cells of the grid under it.
    public func closestApproach(from observer: LonLat, eyeM: Double, to target: LonLat, targetEleM: Double)
        -> (clearanceM: Double, distanceM: Double, cellsBeforeTarget: Double) {
        var at = 0.0
        let q = march(from: observer, eyeM: eyeM, to: target, targetEleM: targetEleM, exact: true, lowestAt: &at)
        let (c0, r0) = region.position(lon: observer.lon, y: WebMercator.y(latDeg: observer.lat))
        let (c1, r1) = region.position(lon: target.lon, y: WebMercator.y(latDeg: target.lat))
        return (q, at * shortDistanceM(observer, target), (1 - at) * Self.lengthInCells(c0, r0, c1, r1))
    }

    /// Walks the sightline; `exact: false` returns as soon as the sign of the answer is known.
    func march(from o: LonLat, eyeM: Double, to t: LonLat, targetEleM: Double, exact: Bool, lowestAt: inout Double) -> Double {
        let distanceM = shortDistanceM(o, t)
        let curvature = SightConstants.curvaturePerM2
        let d2 = distanceM * distanceM
        // Heights relative to the observer's tangent plane: the terrain at distance d drops by
        // curvature * d^2; the line runs from the eye to the curvature-lowered top.
        let endM = targetEleM - curvature * d2
        let yo = WebMercator.y(latDeg: o.lat), yt = WebMercator.y(latDeg: t.lat)
        var lowest = Double.infinity
        var start = 0.0
        let (rc0, rr0) = region.position(lon: o.lon, y: yo), (rc1, rr1) = region.position(lon: t.lon, y: yt)
        // The target's own half cell (of the grid under it) is not an obstacle: there the
        // terrain meets the top and every clearance tends to zero.
        var stop = 1 - 0.5 / max(0.5, Self.lengthInCells(rc0, rr0, rc1, rr1))
        if let patch {
            let (c0, r0) = patch.position(lon: o.lon, y: yo), (c1, r1) = patch.position(lon: t.lon, y: yt)
            if patch.contains(c: c0, r: r0) {
                if patch.contains(c: c1, r: r1) { stop = 1 - 0.5 / max(0.5, Self.lengthInCells(c0, r0, c1, r1)) }
                let exit = min(stop, Self.exitFraction(c0: c0, r0: r0, c1: c1, r1: r1, width: patch.width, height: patch.height))
                lowest = Self.walk(patch, c0: c0, r0: r0, c1: c1, r1: r1, from: 0, to: exit, eyeM: eyeM, endM: endM,
                                   curvatureD2: curvature * d2, exact: exact, lowest: lowest, lowestAt: &lowestAt)
                if !exact && lowest <= 0 { return lowest }
                start = exit
            }
        }
        if start < stop {
            lowest = Self.walk(region, c0: rc0, r0: rr0, c1: rc1, r1: rr1, from: start, to: stop, eyeM: eyeM, endM: endM,
                               curvatureD2: curvature * d2, exact: exact, lowest: lowest, lowestAt: &lowestAt)
        }
        return lowest
    }

    static func lengthInCells(_ c0: Double, _ r0: Double, _ c1: Double, _ r1: Double) -> Double {
        ((c1 - c0) * (c1 - c0) + (r1 - r0) * (r1 - r0)).squareRoot()
    }

    /// The fraction of the segment (c0, r0)-(c1, r1), starting on the grid, at which it leaves it (1 if never).
    static func exitFraction(c0: Double, r0: Double, c1: Double, r1: Double, width: Int, height: Int) -> Double {
        var exit = 1.0
        func limit(_ a: Double, _ b: Double, _ hi: Double) {
            if b > hi { exit = min(exit, (hi - a) / (b - a)) }
            if b < 0 { exit = min(exit, a / (a - b)) }
        }
        limit(c0, c1, Double(width - 1))
        limit(r0, r1, Double(height - 1))
        return max(0, exit)
    }

    /// The smallest clearance of the line over `surface` for fractions in (`from`, `to`],
    /// folded into `lowest`. Exact for the SPEC's bilinear
    /// terrain: the line is cut where it crosses grid lines; inside a cell the clearance is a
    /// quadratic in the fraction, checked at the piece's end and at its interior minimum.
    static func walk(_ s: TerrainSurface, c0: Double, r0: Double, c1: Double, r1: Double, from: Double, to: Double,
                     eyeM: Double, endM: Double, curvatureD2: Double, exact: Bool, lowest: Double,
                     lowestAt: inout Double) -> Double {
        let dc = c1 - c0, dr = r1 - r0
        guard to > from else { return lowest }
        let rise = endM - eyeM, k = curvatureD2
        let cellsPerUnit = max(abs(dc), abs(dr))
        let chunkF = cellsPerUnit > 0 ? Double(TerrainSurface.blockSize) / cellsPerUnit : .infinity
        // The next fraction after `f` where coordinate x0 + dx * f crosses a whole number.
        @inline(__always) func nextCrossing(_ x0: Double, _ dx: Double, after f: Double) -> Double {
            guard dx != 0 else { return .infinity }
            let x = x0 + dx * f
            let next = dx > 0 ? x.rounded(.down) + 1 : x.rounded(.up) - 1
            return max((next - x0) / dx, f)
        }
        var lowest = lowest
        var f = from
        var checkedUntil = from
        let lastColumn = Double(s.width - 1), lastRow = Double(s.height - 1)
        return s.elevationsM.withUnsafeBufferPointer { z in
            while f < to {
                if !exact && f >= checkedUntil {
                    // Skip a stretch whose block maxima stay below the line.
                    let fe = min(to, f + chunkF)
                    let lineLow = eyeM + rise * (rise < 0 ? fe : f)
                    let terrainHigh = s.maxElevationM(c0: c0 + dc * f, r0: r0 + dr * f, c1: c0 + dc * fe, r1: r0 + dr * fe) - k * f * f
                    if lineLow - terrainHigh > 0 {
                        if lineLow - terrainHigh < lowest { lowest = lineLow - terrainHigh; lowestAt = f }
                        f = fe
                        checkedUntil = fe
                        continue
                    }
                    checkedUntil = fe
                }
                let fn = min(to, nextCrossing(c0, dc, after: f), nextCrossing(r0, dr, after: f))
                if fn <= f { f = f.nextUp; continue }
                let fm = 0.5 * (f + fn)
                let cc = min(Int(min(max(c0 + dc * fm, 0), lastColumn)), s.width - 2)
                let rc = min(Int(min(max(r0 + dr * fm, 0), lastRow)), s.height - 2)
                let at = rc * s.width + cc
                let z00 = Double(z[at]), z10 = Double(z[at + 1]), z01 = Double(z[at + s.width]), z11 = Double(z[at + s.width + 1])
                let bx = z10 - z00, by = z01 - z00, dd = z00 - z10 - z01 + z11
                let u0 = c0 - Double(cc), v0 = r0 - Double(rc)
                @inline(__always) func clearance(_ g: Double) -> Double {
                    let u = min(max(u0 + dc * g, 0), 1), v = min(max(v0 + dr * g, 0), 1)
                    return eyeM + rise * g + k * g * g - (z00 + bx * u + by * v + dd * u * v)
                }
                let q = clearance(fn)
                if q < lowest { lowest = q; lowestAt = fn; if !exact && q <= 0 { return q } }
                // Interior minimum of the quadratic, if it is convex there.
                let a = k - dd * dc * dr
                if a > 0 {
                    let slope = rise + 2 * k * f - (bx * dc + by * dr + dd * ((u0 + dc * f) * dr + (v0 + dr * f) * dc))
                    let g = f - slope / (2 * a)
                    if g > f && g < fn {
                        let q = clearance(g)
                        if q < lowest { lowest = q; lowestAt = g; if !exact && q <= 0 { return q } }
                    }
                }
                f = fn
            }
            return lowest
        }
    }
}

extension LineOfSight {
    /// The terrain elevation at `p` in metres: the AR patch where it covers `p`, else the region
    /// grid; nil off the region grid.
    public func terrainM(at p: LonLat) -> Double? {
        let y = WebMercator.y(latDeg: p.lat)
        if let patch {
            let (c, r) = patch.position(lon: p.lon, y: y)
            if patch.contains(c: c, r: r) { return patch.elevationM(c: c, r: r) }
        }
        let (c, r) = region.position(lon: p.lon, y: y)
        return region.contains(c: c, r: r) ? region.elevationM(c: c, r: r) : nil
    }

    /// Angle above the horizontal at which an eye at `eyeM` above `observer` sees the point at
    /// `eleM` above `target`, degrees, with curvature and refraction.
    public static func elevationAngleDeg(from observer: LonLat, eyeM: Double, to target: LonLat, eleM: Double) -> Double {
        let d = max(shortDistanceM(observer, target), 1e-6)
        return atan2(eleM - SightConstants.curvaturePerM2 * d * d - eyeM, d) / WGS84.radPerDeg
    }
}
