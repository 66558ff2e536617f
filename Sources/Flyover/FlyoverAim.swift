import Foundation

/// Where a flyover camera looks when its aim would tilt too far down: the horizon kept in view.
public enum FlyoverAim {
    /// `aim`, or where the view's centre would lie more than `tuning.maxPitchDeg` below the
    /// horizontal, the point above it at that pitch (same bearing, same horizontal distance); where
    /// that would put `walker` more than `tuning.walkerEdgeShare` of the half field of view off the
    /// centre, the point on the way from `aim` to it that keeps the walker there (bisection).
    public static func level(camera c: FlyoverClearance.Point3, aim: FlyoverClearance.Point3, walker: FlyoverClearance.Point3,
                             tuning: FlyoverTuning) -> FlyoverClearance.Point3 {
        let horizontalM = ((aim.x - c.x) * (aim.x - c.x) + (aim.z - c.z) * (aim.z - c.z)).squareRoot()
        guard horizontalM > 1e-6 else { return aim }
        let lowestM = c.eleM - horizontalM * tan(tuning.maxPitchDeg * Double.pi / 180)
        guard aim.eleM < lowestM else { return aim }
        let maxWalker = tuning.walkerEdgeShare * tuning.fovDeg / 2 * Double.pi / 180
        func at(_ t: Double) -> FlyoverClearance.Point3 { .init(x: aim.x, z: aim.z, eleM: aim.eleM + (lowestM - aim.eleM) * t) }
        if FlyoverPath.angle(c, at(1), walker) <= maxWalker { return at(1) }
        guard FlyoverPath.angle(c, aim, walker) <= maxWalker else { return aim }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if FlyoverPath.angle(c, at(mid), walker) <= maxWalker { lo = mid } else { hi = mid }
        }
        return at(lo)
    }

    /// How far below the horizontal (degrees) the camera at `c` looks toward `aim`; negative above.
    public static func pitchDeg(camera c: FlyoverClearance.Point3, aim: FlyoverClearance.Point3) -> Double {
        let horizontalM = ((aim.x - c.x) * (aim.x - c.x) + (aim.z - c.z) * (aim.z - c.z)).squareRoot()
        return atan2(c.eleM - aim.eleM, horizontalM) * 180 / Double.pi
    }
}
