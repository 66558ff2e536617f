import Foundation
import TrailpackCore

/// Seeded GPS recordings of any length in one of four shapes, at one fix a second, for timing
/// the cleaner on long inputs (`trailpack-bench cleaner`, `CleanerScalingTests`): every fix
/// carries GPS error (a slowly wandering bias, 3 m, plus 0.8 m of white noise), so the cleaner
/// sees what a device writes.
public enum SyntheticRecording {
    /// What the device did while it recorded.
    public enum Shape: String, CaseIterable, Sendable {
        /// A walk at about 1.3 m/s that winds inside a 20 km square (crossing its own track
        /// now and then).
        case walk
        /// A device left on in one place (a walk of 300 fixes in and out around it): its fixes
        /// jitter about one spot for hours.
        case stop
        /// A walk that criss-crosses itself again and again: it turns hard and often inside a
        /// 60 m circle for as long as it lasts (a dog walked round a yard), so the longer the
        /// recording, the more of its track lies at every place.
        case tangle
        /// A walk out along a winding way and back along the same way.
        case outAndBack = "out-and-back"
    }

    /// Where every recording starts: the demo region's centre.
    public static let origin = LonLat(-71.45, 44.45)
    /// Metres per degree of latitude (the recordings are small enough for a flat frame).
    static let metresPerDegreeLat = 111_320.0
    /// The device's error: its slowly wandering bias (standard deviation, metres, and how much of
    /// it a fix keeps from the one before), and white noise on top, metres.
    static let biasM = 3.0, biasKept = 0.98, whiteM = 0.8

    /// `points` fixes of `shape` drawn from `seed`: the same arguments, the same fixes.
    public static func make(_ shape: Shape, points: Int, seed: UInt64) -> [LonLat] {
        var rng = SplitMix64(seed: seed)
        let path: [(x: Double, y: Double)]
        switch shape {
        case .walk: path = walk(points, &rng)
        case .stop: path = stand(points, &rng)
        case .tangle: path = tangle(points, &rng)
        case .outAndBack: path = outAndBack(points, &rng)
        }
        return recorded(path, &rng)
    }

    /// The true positions seen through the device's error, as lon/lat around `origin`.
    static func recorded(_ path: [(x: Double, y: Double)], _ rng: inout SplitMix64) -> [LonLat] {
        let metresPerDegreeLon = metresPerDegreeLat * cos(origin.lat * Double.pi / 180)
        let fresh = (1 - biasKept * biasKept).squareRoot() * biasM
        var bx = biasM * rng.gaussian(), by = biasM * rng.gaussian()
        return path.map { p in
            bx = biasKept * bx + fresh * rng.gaussian()
            by = biasKept * by + fresh * rng.gaussian()
            let x = p.x + bx + whiteM * rng.gaussian(), y = p.y + by + whiteM * rng.gaussian()
            return LonLat(origin.lon + x / metresPerDegreeLon, origin.lat + y / metresPerDegreeLat)
        }
    }

    /// A walk of `count` steps of 1-1.6 m from (x, y) heading `heading` radians, turning by
    /// `turnRad` (standard deviation) a step; `steer` may set a new heading at each step (given
    /// the position, the heading, the step's index and a standard normal draw of its own).
    static func stroll(_ count: Int, from start: (x: Double, y: Double), heading: Double, turnRad: Double, _ rng: inout SplitMix64,
                       steer: (_ x: Double, _ y: Double, _ heading: Double, _ k: Int, _ draw: Double) -> Double? = { _, _, _, _, _ in nil })
        -> [(x: Double, y: Double)] {
        var (x, y, h) = (start.x, start.y, heading)
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(count)
        for k in 0..<count {
            h += turnRad * rng.gaussian()
            if let steered = steer(x, y, h, k, rng.gaussian()) { h = steered }
            let stepM = 1 + 0.6 * rng.unit()
            x += stepM * cos(h)
            y += stepM * sin(h)
            out.append((x, y))
        }
        return out
    }

    static func walk(_ count: Int, _ rng: inout SplitMix64) -> [(x: Double, y: Double)] {
        let halfM = 10_000.0
        return stroll(count, from: (0, 0), heading: 2 * Double.pi * rng.unit(), turnRad: 0.08, &rng) { x, y, _, _, _ in
            abs(x) > halfM || abs(y) > halfM ? atan2(-y, -x) : nil
        }
    }

    static func stand(_ count: Int, _ rng: inout SplitMix64) -> [(x: Double, y: Double)] {
        let walkFixes = min(300, count / 4)
        let wayIn = stroll(walkFixes, from: (-400, 0), heading: 0, turnRad: 0.05, &rng)
        let spot = wayIn.last ?? (-400, 0)
        let wayOut = stroll(walkFixes, from: spot, heading: Double.pi / 2, turnRad: 0.05, &rng)
        return wayIn + Array(repeating: spot, count: count - 2 * walkFixes) + wayOut
    }

    static func tangle(_ count: Int, _ rng: inout SplitMix64) -> [(x: Double, y: Double)] {
        let radiusM = 30.0
        return stroll(count, from: (0, 0), heading: 0, turnRad: 0.35, &rng) { x, y, _, _, draw in
            x * x + y * y > radiusM * radiusM ? atan2(-y, -x) + 0.8 * draw : nil
        }
    }

    static func outAndBack(_ count: Int, _ rng: inout SplitMix64) -> [(x: Double, y: Double)] {
        let out = walk(count - count / 2, &rng)
        return out + out.reversed().prefix(count / 2)
    }
}
