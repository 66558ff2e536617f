import Guidance
import PackJSON
import PackReader
import RouteCore
import TrailpackCore

/// A route computed from a pack alone, in the SPEC's route format (no AR patch).
public struct ComputedRoute: Sendable {
    /// Vertices, lon/lat, 7 decimals, at most 12 m apart.
    public var coords: [LonLat]
    /// Metres, one decimal: the finest terrain of the pack under the whole line.
    public var elevationsM: [Double]
    /// Metres, one decimal.
    public var cumM: [Double]
    public var waypoints: [Waypoint]
    public var stats: RouteStats
    /// The landmarks it sees (`RegionNetwork.landmarks`), as the route file lists them.
    public var landmarks: [PackLandmark]
    /// The network seconds of the walk (sum of its edges and approach legs' times).
    public var networkTimeS: Int

    /// The route file: `id`, `name`, `blurb`, `coords`, `cum`, `waypoints`, `stats`, `landmarks`
    /// when it sees any, plus `extra` members.
    public func json(id: String, name: String, blurb: String, extra: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("name", .string(name)), ("blurb", .string(blurb)),
            ("coords", RouteFileJSON.coords(coords, elevationsM: elevationsM)), ("cum", RouteFileJSON.cum(cumM)),
            ("waypoints", RouteFileJSON.waypoints(waypoints)), ("stats", RouteFileJSON.stats(stats)),
        ]
        if !landmarks.isEmpty { members.append(("landmarks", RouteFileJSON.landmarks(landmarks))) }
        members += extra
        return .object(JSONObject(members))
    }
}

/// A straight walk off the trails: from `start` to `end`, densified to at most 12 m, rounded.
struct ApproachLeg {
    var coords: [LonLat]

    /// The leg's vertices after `start` up to and including `end` (empty when they are under 0.5 m apart).
    init(from start: LonLat, to end: LonLat) {
        let lengthM = Geodesic.distanceM(start, end)
        guard lengthM > 0.5 else { coords = []; return }
        let steps = max(1, Int((lengthM / 11.9).rounded(.up)))
        coords = (1...steps).map { k in
            k == steps ? end : Geodesic.interpolate(start, end, fraction: Double(k) / Double(steps)).rounded7
        }
    }
}
