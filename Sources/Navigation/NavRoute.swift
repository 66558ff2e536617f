import RouteCore
import TrailpackCore

/// A landmark of a route file and the vertex ranges it is seen from (inclusive, ascending).
public struct NavLandmark: Equatable, Sendable {
    public var name: String
    public var visible: [ClosedRange<Int>]

    public init(name: String, visible: [ClosedRange<Int>]) {
        self.name = name
        self.visible = visible
    }
}

/// What the engine needs of one route: its vertices (lon/lat degrees), elevations and `cum`
/// (metres), waypoints, landmarks and the hiking model of its pack (`routing.json`'s `rates`,
/// else DIN 33466's).
public struct NavRoute: Sendable {
    public var id: String
    public var coords: [LonLat]
    public var elevationsM: [Double]
    public var cumM: [Double]
    public var waypoints: [Waypoint]
    public var landmarks: [NavLandmark]
    public var model: HikingModel

    public init(id: String, coords: [LonLat], elevationsM: [Double], cumM: [Double], waypoints: [Waypoint],
                landmarks: [NavLandmark] = [], model: HikingModel = HikingModel()) {
        self.id = id
        self.coords = coords
        self.elevationsM = elevationsM
        self.cumM = cumM
        self.waypoints = waypoints
        self.landmarks = landmarks
        self.model = model
    }

    /// The route's length, metres (the last `cum`).
    public var lengthM: Double { cumM.last ?? 0 }

    /// The segment holding distance `alongM` (clamped to the route): `k` with
    /// `cum[k] <= alongM <= cum[k + 1]`, the earliest such, and the fraction along it.
    public func segment(at alongM: Double) -> (k: Int, t: Double) {
        guard coords.count >= 2 else { return (0, 0) }
        let s = min(max(alongM, 0), lengthM)
        var lo = 0, hi = cumM.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumM[mid] < s { lo = mid } else { hi = mid }
        }
        let span = cumM[lo + 1] - cumM[lo]
        return (lo, span > 0 ? (s - cumM[lo]) / span : 0)
    }

    /// The elevation at `alongM`, linear between vertices, metres.
    public func elevationM(at alongM: Double) -> Double {
        guard coords.count >= 2 else { return elevationsM.first ?? 0 }
        let (k, t) = segment(at: alongM)
        return elevationsM[k] + t * (elevationsM[k + 1] - elevationsM[k])
    }

    /// The vertex nearest `alongM` along the route (ties: the earlier one).
    public func nearestVertex(at alongM: Double) -> Int {
        guard coords.count >= 2 else { return 0 }
        let (k, t) = segment(at: alongM)
        return t > 0.5 ? k + 1 : k
    }
}
