import Foundation
import TrailpackCore
@testable import Guidance

/// Constructed geometries for the guidance tests, built with geodesics so the angles are known.
enum Fixtures {
    static let origin = LonLat(-71.4, 44.5)

    /// A polyline from `start` walking each leg `(bearingDeg, lengthM)` in turn; one vertex per corner.
    static func walk(from start: LonLat = origin, _ legs: [(bearingDeg: Double, lengthM: Double)]) -> [LonLat] {
        var out = [start]
        for leg in legs {
            out.append(Geodesic.destination(from: out[out.count - 1], bearingDeg: leg.bearingDeg, distanceM: leg.lengthM))
        }
        return out
    }

    /// Splits every segment into equal steps of at most `stepM` metres (independently of RouteCore):
    /// the resampled coords, their cumulative metres, and the resampled index of every input vertex.
    static func densify(_ coords: [LonLat], stepM: Double = 12) -> (coords: [LonLat], cumM: [Double], indexMap: [Int]) {
        var out = [coords[0]], cum = [0.0], map = [0]
        for k in 1..<coords.count {
            let a = coords[k - 1], b = coords[k]
            let d = Geodesic.distanceM(a, b)
            let steps = max(1, Int((d / stepM).rounded(.up)))
            for s in 1...steps {
                let p = s == steps ? b : Geodesic.interpolate(a, b, fraction: Double(s) / Double(steps))
                cum.append(cum[cum.count - 1] + Geodesic.distanceM(out[out.count - 1], p))
                out.append(p)
            }
            map.append(out.count - 1)
        }
        return (out, cum, map)
    }

    /// A full guidance input over `path`, resampled at 12 m, elevations from `eleM(cumM)`.
    static func input(_ path: RoutePath, pois: [PointOfInterest] = [], eleM: (Double) -> Double = { _ in 500 }) -> GuidanceInput {
        let r = densify(path.coords)
        return GuidanceInput(path: path, resampledCoords: r.coords, cumM: r.cumM, elevationsM: r.cumM.map(eleM),
                             resampledIndexOfPathVertex: r.indexMap, pois: pois)
    }

    /// The waypoints of kinds other than start and end.
    static func cues(_ w: [Waypoint]) -> [Waypoint] { w.filter { $0.kind != .start && $0.kind != .end } }

    /// A point `offsetM` metres to the right (negative: left) of the line from `a` to `b`, at fraction `t`.
    static func beside(_ a: LonLat, _ b: LonLat, fraction t: Double, offsetM: Double) -> LonLat {
        let p = Geodesic.interpolate(a, b, fraction: t)
        let bearing = Geodesic.bearingDeg(a, b)
        return Geodesic.destination(from: p, bearingDeg: bearing + (offsetM >= 0 ? 90 : -90), distanceM: abs(offsetM))
    }

    /// Independent deviation check for tests: the signed change between the chord from the point
    /// `windowM` back along `line` to vertex k and the chord from k to the point `windowM` ahead,
    /// found by walking the vertices (no Guidance code involved); nil when the line is too short.
    static func chordDeviationDeg(_ line: [LonLat], _ cumM: [Double], at k: Int, windowM: Double = 25) -> Double? {
        func pointAt(_ d: Double) -> LonLat? {
            guard d >= 0, d <= cumM[cumM.count - 1] else { return nil }
            guard let s = (1..<cumM.count).first(where: { cumM[$0] >= d }) else { return line[line.count - 1] }
            let len = cumM[s] - cumM[s - 1]
            return len > 0 ? Geodesic.interpolate(line[s - 1], line[s], fraction: (d - cumM[s - 1]) / len) : line[s]
        }
        guard let back = pointAt(cumM[k] - windowM), let ahead = pointAt(cumM[k] + windowM) else { return nil }
        let inDeg = Geodesic.bearingDeg(back, line[k]), outDeg = Geodesic.bearingDeg(line[k], ahead)
        var d = outDeg - inDeg
        while d > 180 { d -= 360 }
        while d <= -180 { d += 360 }
        return d
    }
}
