import PackJSON
import TrailpackCore

/// The members of a SPEC route file that describe the walk itself (coords with ele, cum,
/// waypoints, stats, landmarks), written the same way by `trailpack build` and `trailpack route`;
/// `RouteLine` and `PackLandmark` read them back.
public enum RouteFileJSON {
    /// `coords`: `[lon, lat, ele]`, 7 decimals and 1 decimal.
    public static func coords(_ coords: [LonLat], elevationsM: [Double]) -> JSONValue {
        .array(zip(coords, elevationsM).map { p, e in
            .array([.number(p.lon, decimals: 7), .number(p.lat, decimals: 7), .number(e, decimals: 1)])
        })
    }

    /// `cum`, metres, 1 decimal.
    public static func cum(_ cumM: [Double]) -> JSONValue { .array(cumM.map { .number($0, decimals: 1) }) }

    /// `waypoints`: `i`, `kind`, `instruction`, and `name`, `dir` where present.
    public static func waypoints(_ waypoints: [Waypoint]) -> JSONValue {
        .array(waypoints.map { w in
            var members: [(String, JSONValue)] = [("i", .int(w.i)), ("kind", .string(w.kind.rawValue)), ("instruction", .string(w.instruction))]
            if let name = w.name { members.append(("name", .string(name))) }
            if let dir = w.dir { members.append(("dir", .string(dir.rawValue))) }
            return .object(JSONObject(members))
        })
    }

    /// `stats`: distances and elevations with 1 decimal, `durationS` whole seconds.
    public static func stats(_ s: RouteStats) -> JSONValue {
        ["distanceM": .number(s.distanceM, decimals: 1), "ascentM": .number(s.ascentM, decimals: 1),
         "descentM": .number(s.descentM, decimals: 1), "minEleM": .number(s.minEleM, decimals: 1),
         "maxEleM": .number(s.maxEleM, decimals: 1), "durationS": .int(s.durationS)]
    }

    /// `landmarks`: `name`, `kind`, `lon` and `lat` (7 decimals), `ele` and `nearestM` (1
    /// decimal), `visible` as `[from, to]` index ranges.
    public static func landmarks(_ entries: [PackLandmark]) -> JSONValue {
        .array(entries.map { l in
            ["name": .string(l.name), "kind": .string(l.kind), "lon": .number(l.lon, decimals: 7), "lat": .number(l.lat, decimals: 7),
             "ele": .number(l.ele, decimals: 1), "nearestM": .number(l.nearestM, decimals: 1),
             "visible": .array(l.visible.map { .array($0.map { .int($0) }) })]
        })
    }
}
