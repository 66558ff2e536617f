import Foundation
import TrailpackCore

/// Seeded synthetic walks along a route (docs/NAVIGATION.md, "Test vectors"): a walker at a
/// steady pace with a fix every few seconds and white GPS noise, and the shapes of a real walk.
public enum SyntheticWalk {
    public enum Kind: String, CaseIterable, Sendable {
        /// GPS noise only, start to end.
        case noise
        /// A five-minute stop at 40% of the route.
        case stop
        /// 300 m out at right angles to the route (to its left) at 50%, and straight back.
        case detour
    }

    /// Walking speed, metres per second; seconds between fixes; the noise's standard deviation
    /// per axis and the accuracy each fix reports, metres.
    public static let speedMps = 1.2, fixEveryS = 2.0, noiseSigmaM = 4.0, reportedAccuracyM = 8.0
    public static let stopAtShare = 0.4, stopS = 300.0, detourAtShare = 0.5, detourM = 300.0

    /// The walk of `kind` over `route` from seed `seed`, starting at time 0.
    public static func make(_ kind: Kind, route: NavRoute, seed: UInt64) -> [Fix] {
        make(kind, route: route, seed: seed, detourAtM: route.lengthM * detourAtShare)
    }

    /// The walk, with the detour (for `.detour`) leaving at `detourAtM` along the route.
    public static func make(_ kind: Kind, route: NavRoute, seed: UInt64, detourAtM: Double) -> [Fix] {
        var truth: [LonLat] = []
        let stepM = speedMps * fixEveryS
        var s = 0.0
        var stopped = kind != .stop, detoured = kind != .detour
        while s < route.lengthM {
            truth.append(point(route, at: s))
            if !stopped, s >= route.lengthM * stopAtShare {
                stopped = true
                truth += Array(repeating: point(route, at: s), count: Int(stopS / fixEveryS))
            }
            if !detoured, s >= detourAtM {
                detoured = true
                truth += detourLeg(route, at: s, stepM: stepM)
            }
            s += stepM
        }
        truth.append(route.coords.last ?? LonLat(0, 0))
        var random = SplitMix64(seed: seed)
        return truth.enumerated().map { k, p in
            Fix(location: offset(p, eastM: noiseSigmaM * random.gaussian(), northM: noiseSigmaM * random.gaussian()),
                timeS: Double(k) * fixEveryS, accuracyM: reportedAccuracyM)
        }
    }

    /// The route's point at `alongM`, lon/lat interpolated in the segment.
    public static func point(_ route: NavRoute, at alongM: Double) -> LonLat {
        let (k, t) = route.segment(at: alongM)
        let a = route.coords[k], b = route.coords[min(k + 1, route.coords.count - 1)]
        return LonLat(a.lon + t * wrappedDeltaLonDeg(b.lon, from: a.lon), a.lat + t * (b.lat - a.lat))
    }

    /// Out `detourM` at right angles to the left of the route's heading at `alongM`, and back.
    static func detourLeg(_ route: NavRoute, at alongM: Double, stepM: Double) -> [LonLat] {
        let here = point(route, at: alongM), ahead = point(route, at: min(route.lengthM, alongM + 10))
        let headingDeg = shortBearingDeg(here, ahead)
        let leftRad = (headingDeg - 90) * .pi / 180
        let steps = Int((detourM / stepM).rounded(.up))
        let out = (1...steps).map { k -> LonLat in
            let m = min(detourM, Double(k) * stepM)
            return offset(here, eastM: m * sin(leftRad), northM: m * cos(leftRad))
        }
        return out + out.reversed().dropFirst() + [here]
    }

    /// `p` moved by metres east and north (the WGS84 radii at its latitude).
    public static func offset(_ p: LonLat, eastM: Double, northM: Double) -> LonLat {
        let k = WGS84.metresPerDegree(atLatDeg: p.lat)
        return LonLat(p.lon + eastM / k.x, p.lat + northM / k.y)
    }

    /// An out-and-back route: `route`'s first `lengthM` metres and back over the same vertices,
    /// with a start, a U-turn cue at the tip and the end.
    public static func outAndBack(_ route: NavRoute, lengthM: Double) -> NavRoute {
        let last = max(1, route.cumM.lastIndex { $0 <= lengthM } ?? 1)
        let out = Array(route.coords[...last]), ele = Array(route.elevationsM[...last])
        let coords = out + out.reversed().dropFirst(), elevations = ele + ele.reversed().dropFirst()
        var cum = [0.0]
        for k in 1..<coords.count { cum.append(cum[k - 1] + (Geodesic.distanceM(coords[k - 1], coords[k]) * 10).rounded() / 10) }
        let waypoints = [Waypoint(i: 0, kind: .start, instruction: "Start"),
                         Waypoint(i: last, kind: .turn, instruction: "Turn around", dir: .uTurn),
                         Waypoint(i: coords.count - 1, kind: .end, instruction: "Arrive back at the start")]
        return NavRoute(id: route.id + "-out-and-back", coords: coords, elevationsM: elevations, cumM: cum,
                        waypoints: waypoints, model: route.model)
    }
}
