import Foundation
import TrailpackCore

/// One frame of a flyover: where the camera is, where it looks, where the walker is.
public struct FlyoverKeyframe: Sendable, Equatable {
    /// Distance along the route, metres.
    public var distanceM: Double
    /// Camera position: lon, lat (degrees) and elevation (metres).
    public var position: LonLat
    public var positionEleM: Double
    /// The point the camera looks at: ahead of the walker along the route.
    public var target: LonLat
    public var targetEleM: Double
    /// The walker: on the route at `distanceM`, `FlyoverTuning.walkerHeightM` above its `ele`.
    public var walker: LonLat
    public var walkerEleM: Double
    /// Vertical field of view, degrees.
    public var fovDeg: Double
}

/// A chase-camera flyover along a route over its grids: keyframes every `FlyoverTuning.stepM`
/// from the start to the end, the camera `backM` behind the walker along a smoothed heading
/// (its place then averaged over the same window) and `aboveM` above it, looking `lookAheadM`
/// ahead (never steeper than `maxPitchDeg` below the horizontal where the walker allows:
/// `FlyoverAim`), raised where needed to keep the camera and its sight line to the walker clear
/// of the ground (`FlyoverClearance`) at every interpolated frame, its height smoothed so that no
/// raise is undone. Pure: the same route and grids give the same keyframes.
public enum FlyoverPath {
    /// The flyover of a route (`coords`, `elevationsM`, `cumM` as in its route file) over
    /// `ground`, in `frame`.
    /// - Precondition: the three arrays have the same non-zero count; `cumM` ascends.
    public static func make(coords: [LonLat], elevationsM: [Double], cumM: [Double], ground: FlyoverGround,
                            frame: FlyoverFrame, tuning: FlyoverTuning = .standard) -> [FlyoverKeyframe] {
        let route = FlyoverRoute(coords: coords, elevationsM: elevationsM, cumM: cumM, frame: frame)
        let distances = keyDistances(lengthM: route.lengthM, stepM: tuning.stepM)
        let half = max(1, Int((tuning.smoothingM / tuning.stepM).rounded()))
        let walkers = distances.map { d in
            var w = route.walker(atM: d)
            w.eleM += tuning.walkerHeightM
            return w
        }
        let headings = smoothedHeadings(route: route, distances: distances, tuning: tuning, half: half)
        let aheads = distances.map { route.walker(atM: $0 + tuning.lookAheadM) }
        let targets = zip(movingMean(aheads.map(\.x), half: half), zip(movingMean(aheads.map(\.z), half: half), movingMean(aheads.map(\.eleM), half: half)))
            .map { FlyoverClearance.Point3(x: $0, z: $1.0, eleM: $1.1) }
        // Behind the walker along the smoothed heading, then averaged like the target: a walker's
        // zigzag does not shake the camera.
        let behind = zip(walkers, headings).map { w, h in (x: w.x - h.x * tuning.backM, z: w.z - h.z * tuning.backM) }
        let cameras = zip(movingMean(behind.map(\.x), half: half), movingMean(behind.map(\.z), half: half)).map { (x: $0, z: $1) }
        let clearance = FlyoverClearance(ground: ground, frame: frame, tuning: tuning)
        let lowest = lowestElevations(cameras: cameras, walkers: walkers, clearance: clearance)
        let wanted = zip(walkers, lowest).map { max($0.eleM - tuning.walkerHeightM + tuning.aboveM, $1) }
        // Rounded up to the document's 0.1 m: the written heights keep the clearances too.
        let heights = movingMean(movingMax(wanted, half: half), half: half).map { ($0 * 10).rounded(.up) / 10 }
        let maxAngle = tuning.walkerInViewShare * tuning.fovDeg / 2 * Double.pi / 180
        let aims = distances.indices.map { k in
            let camera = FlyoverClearance.Point3(x: cameras[k].x, z: cameras[k].z, eleM: heights[k])
            return FlyoverAim.level(camera: camera, aim: keepInView(camera: camera, target: targets[k], walker: walkers[k], maxAngle: maxAngle),
                                    walker: walkers[k], tuning: tuning)
        }
        return distances.indices.map { k in
            FlyoverKeyframe(distanceM: distances[k], position: frame.lonLat(x: cameras[k].x, z: cameras[k].z), positionEleM: heights[k],
                            target: frame.lonLat(x: aims[k].x, z: aims[k].z), targetEleM: aims[k].eleM,
                            walker: frame.lonLat(x: walkers[k].x, z: walkers[k].z), walkerEleM: walkers[k].eleM, fovDeg: tuning.fovDeg)
        }
    }

    /// 0, `stepM`, 2 `stepM`, … and the route's length (its end) last.
    static func keyDistances(lengthM: Double, stepM: Double) -> [Double] {
        let n = Int((lengthM / stepM).rounded(.down))
        var out = (0...n).map { Double($0) * stepM }
        if lengthM - out[out.count - 1] > 1e-6 { out.append(lengthM) }
        return out
    }

    /// Unit headings (x east, z north): the chord `lookAheadM` either side of each distance,
    /// averaged over ±`half` keyframes; a keyframe with no chord keeps its neighbour's.
    static func smoothedHeadings(route: FlyoverRoute, distances: [Double], tuning: FlyoverTuning, half: Int) -> [(x: Double, z: Double)] {
        let chords = distances.map { d -> (x: Double, z: Double) in
            let a = route.walker(atM: d - tuning.lookAheadM), b = route.walker(atM: d + tuning.lookAheadM)
            let len = ((b.x - a.x) * (b.x - a.x) + (b.z - a.z) * (b.z - a.z)).squareRoot()
            return len > 1e-9 ? ((b.x - a.x) / len, (b.z - a.z) / len) : (0, 0)
        }
        let xs = movingMean(chords.map(\.x), half: half), zs = movingMean(chords.map(\.z), half: half)
        var out: [(x: Double, z: Double)] = []
        for k in distances.indices {
            let len = (xs[k] * xs[k] + zs[k] * zs[k]).squareRoot()
            out.append(len > 1e-9 ? (xs[k] / len, zs[k] / len) : (out.last ?? (0, 1)))
        }
        return out
    }

    /// Each keyframe's lowest allowed camera elevation: its own, and that of every frame a player
    /// interpolates between it and its neighbours (camera and walker linear between keyframes),
    /// every `frameSubstepM` along the route: the higher of two keyframes' heights then keeps
    /// every frame between them clear, and so does any mean of heights at least these.
    static func lowestElevations(cameras: [(x: Double, z: Double)], walkers: [FlyoverClearance.Point3],
                                 clearance: FlyoverClearance) -> [Double] {
        var lowest = cameras.indices.map { clearance.lowestCameraM(x: cameras[$0].x, z: cameras[$0].z, walker: walkers[$0]) }
        for k in cameras.indices.dropLast() {
            let a = walkers[k], b = walkers[k + 1]
            let spanM = ((b.x - a.x) * (b.x - a.x) + (b.z - a.z) * (b.z - a.z)).squareRoot()
            let n = max(2, Int((spanM / clearance.tuning.frameSubstepM).rounded(.up)))
            for j in 1..<n {
                let t = Double(j) / Double(n)
                let walker = FlyoverClearance.Point3(x: a.x + (b.x - a.x) * t, z: a.z + (b.z - a.z) * t, eleM: a.eleM + (b.eleM - a.eleM) * t)
                let between = clearance.lowestCameraM(x: cameras[k].x + (cameras[k + 1].x - cameras[k].x) * t,
                                                      z: cameras[k].z + (cameras[k + 1].z - cameras[k].z) * t, walker: walker)
                lowest[k] = max(lowest[k], between)
                lowest[k + 1] = max(lowest[k + 1], between)
            }
        }
        return lowest
    }

    /// `target`, or where the angle at `camera` between it and `walker` exceeds `maxAngle`
    /// (radians), the point on the way from `walker` to `target` that makes it `maxAngle` (found by
    /// bisection).
    static func keepInView(camera c: FlyoverClearance.Point3, target: FlyoverClearance.Point3, walker: FlyoverClearance.Point3,
                           maxAngle: Double) -> FlyoverClearance.Point3 {
        func at(_ t: Double) -> FlyoverClearance.Point3 {
            .init(x: walker.x + (target.x - walker.x) * t, z: walker.z + (target.z - walker.z) * t, eleM: walker.eleM + (target.eleM - walker.eleM) * t)
        }
        guard angle(c, target, walker) > maxAngle else { return target }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if angle(c, at(mid), walker) > maxAngle { hi = mid } else { lo = mid }
        }
        return at(lo)
    }

    /// The angle in radians at `c` between the directions to `a` and `b`.
    static func angle(_ c: FlyoverClearance.Point3, _ a: FlyoverClearance.Point3, _ b: FlyoverClearance.Point3) -> Double {
        let u = (a.x - c.x, a.z - c.z, a.eleM - c.eleM), v = (b.x - c.x, b.z - c.z, b.eleM - c.eleM)
        let dot = u.0 * v.0 + u.1 * v.1 + u.2 * v.2
        let nu = (u.0 * u.0 + u.1 * u.1 + u.2 * u.2).squareRoot(), nv = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
        return nu > 0 && nv > 0 ? acos(min(1, max(-1, dot / (nu * nv)))) : 0
    }

    /// The mean of each value and its ±`half` neighbours (fewer at the ends).
    static func movingMean(_ values: [Double], half: Int) -> [Double] {
        var prefix = [0.0]
        for v in values { prefix.append(prefix[prefix.count - 1] + v) }
        return values.indices.map { k in
            let lo = max(0, k - half), hi = min(values.count - 1, k + half)
            return (prefix[hi + 1] - prefix[lo]) / Double(hi - lo + 1)
        }
    }

    /// The largest of each value and its ±`half` neighbours; its `movingMean` over the same
    /// window is at least every original value (each window's mean is of maxima that all saw it).
    static func movingMax(_ values: [Double], half: Int) -> [Double] {
        values.indices.map { k in values[max(0, k - half)...min(values.count - 1, k + half)].max()! }
    }
}
