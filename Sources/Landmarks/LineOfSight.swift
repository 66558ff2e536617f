import Foundation
import TrailpackCore

/// Line of sight over a route's terrain: the route's AR patch where it covers the sightline,
/// the region grid beyond, with the earth's curvature and refraction
/// (`SightConstants.curvaturePerM2`). Sightlines are straight in (lon, web-mercator Y), the
/// space both TER1 grids are linear in, and are sampled at half a cell of the grid under them
/// or finer.
public struct LineOfSight: Sendable {
    public let region: TerrainSurface
    public let patch: TerrainSurface?

    public init(region: TerrainSurface, patch: TerrainSurface? = nil) {
        self.region = region
        self.patch = patch
    }

    /// True when the top `targetEleM` at `target` is in sight of an eye at `eyeM` (absolute
    /// metres) above `observer`: the sightline clears every terrain sample between them.
    /// Stops at the first blocking sample and skips stretches whose block maxima lie below the
    /// line, so it is much faster than `clearanceM`.
    public func isVisible(from observer: LonLat, eyeM: Double, to target: LonLat, targetEleM: Double) -> Bool {
        march(from: observer, eyeM: eyeM, to: target, targetEleM: targetEleM, exact: false) > 0
    }

    /// The smallest height in metres of the sightline above the terrain between `observer` and
    /// `target` (negative: the terrain blocks it by that much; +infinity with nothing between).
    public func clearanceM(from observer: LonLat, eyeM: Double, to target: LonLat, targetEleM: Double) -> Double {
        march(from: observer, eyeM: eyeM, to: target, targetEleM: targetEleM, exact: true)
    }

    /// Walks the sightline; `exact: false` returns as soon as the sign of the answer is known.
    func march(from o: LonLat, eyeM: Double, to t: LonLat, targetEleM: Double, exact: Bool) -> Double {
        let distanceM = shortDistanceM(o, t)
        let curvature = SightConstants.curvaturePerM2
        let d2 = distanceM * distanceM
        // Heights relative to the observer's tangent plane: the terrain at distance d drops by
        // curvature * d^2; the line runs from the eye to the curvature-lowered top.
        let endM = targetEleM - curvature * d2
        let yo = WebMercator.y(latDeg: o.lat), yt = WebMercator.y(latDeg: t.lat)
        var lowest = Double.infinity
        var start = 0.0
        if let patch {
            let (c0, r0) = patch.position(lon: o.lon, y: yo), (c1, r1) = patch.position(lon: t.lon, y: yt)
            if patch.contains(c: c0, r: r0) {
                let exit = Self.exitFraction(c0: c0, r0: r0, c1: c1, r1: r1, width: patch.width, height: patch.height)
                lowest = Self.walk(patch, c0: c0, r0: r0, c1: c1, r1: r1, from: 0, to: exit, eyeM: eyeM, endM: endM,
                                   curvatureD2: curvature * d2, exact: exact, lowest: lowest)
                if !exact && lowest <= 0 { return lowest }
                start = exit
            }
        }
        if start < 1 {
            let (c0, r0) = region.position(lon: o.lon, y: yo), (c1, r1) = region.position(lon: t.lon, y: yt)
            lowest = Self.walk(region, c0: c0, r0: r0, c1: c1, r1: r1, from: start, to: 1, eyeM: eyeM, endM: endM,
                               curvatureD2: curvature * d2, exact: exact, lowest: lowest)
        }
        return lowest
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

    /// Samples `surface` along the line at fractions in (`from`, `to`] (the target itself at
    /// fraction 1 excluded), half a cell apart or closer, and returns the smallest clearance
    /// seen (folded into `lowest`).
    static func walk(_ s: TerrainSurface, c0: Double, r0: Double, c1: Double, r1: Double, from: Double, to: Double,
                     eyeM: Double, endM: Double, curvatureD2: Double, exact: Bool, lowest: Double) -> Double {
        let dc = c1 - c0, dr = r1 - r0
        let span = to - from
        guard span > 0 else { return lowest }
        // (Floating-point noise must not add a sample: whole cells give samples on the nodes.)
        let n = max(1, Int((2 * (dc * dc + dr * dr).squareRoot() * span - 1e-6).rounded(.up)))
        let last = to >= 1 ? n - 1 : n
        guard last >= 1 else { return lowest }
        let step = span / Double(n)
        let rise = endM - eyeM
        var lowest = lowest
        let chunk = 2 * TerrainSurface.blockSize
        var j = 1
        while j <= last {
            let jEnd = min(last, j + chunk - 1)
            if !exact {
                // Skip the chunk when even its block maxima stay below the line.
                let fa = from + Double(j) * step, fb = from + Double(jEnd) * step
                let lineLow = eyeM + rise * (rise < 0 ? fb : fa)
                let terrainHigh = s.maxElevationM(c0: c0 + dc * fa, r0: r0 + dr * fa, c1: c0 + dc * fb, r1: r0 + dr * fb)
                    - curvatureD2 * fa * fa
                let bound = lineLow - terrainHigh
                if bound > 0 {
                    lowest = min(lowest, bound)
                    j = jEnd + 1
                    continue
                }
            }
            for k in j...jEnd {
                let f = from + Double(k) * step
                let clearance = eyeM + rise * f - (s.elevationM(c: c0 + dc * f, r: r0 + dr * f) - curvatureD2 * f * f)
                if clearance < lowest {
                    lowest = clearance
                    if !exact && clearance <= 0 { return clearance }
                }
            }
            j = jEnd + 1
        }
        return lowest
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
