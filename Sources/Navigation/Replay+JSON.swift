import PackJSON
import TrailpackCore

extension Replay {
    /// The replay as JSON: `timeline` (one entry per fix) and `events`, numbers rounded
    /// (metres to 0.1, seconds to 1), keys sorted: the same recording gives the same bytes.
    public func json(routeId: String) -> JSONValue {
        var root = JSONObject()
        root["route"] = .string(routeId)
        root["fixes"] = .int(fixes.count)
        root["timeline"] = .array(frames.enumerated().map { k, f in frameJSON(f, fix: fixes[k]) })
        root["events"] = .array(events.map(Self.eventJSON))
        return .object(root)
    }

    func frameJSON(_ f: NavFrame, fix: Fix) -> JSONValue {
        [
            "t": .number(f.timeS, decimals: 1), "lon": .number(fix.location.lon, decimals: 7), "lat": .number(fix.location.lat, decimals: 7),
            "progressM": .number(f.progressM, decimals: 1), "progressIndex": .int(f.progressIndex),
            "distanceM": .number(f.distanceM, decimals: 1), "corridorM": .number(f.corridorM, decimals: 1), "offRoute": .bool(f.offRoute), "arrived": .bool(f.arrived),
            "banner": .string(f.banner), "remainingM": .number(f.remaining.distanceM, decimals: 1),
            "remainingAscentM": .number(f.remaining.ascentM, decimals: 1), "remainingDescentM": .number(f.remaining.descentM, decimals: 1),
            "etaDinS": .number(f.etaDinS, decimals: 0), "etaS": .number(f.etaCorrectedS, decimals: 0), "walkingS": .number(f.walkingS, decimals: 0),
            "landmarks": .array(f.landmarks.map { .string($0) }),
        ]
    }

    static func eventJSON(_ e: ReplayEvent) -> JSONValue {
        var o = JSONObject()
        o["fix"] = .int(e.fix)
        o["t"] = .number(e.timeS, decimals: 1)
        o["kind"] = .string(e.event.kind)
        switch e.event {
        case .cueAnnounced(let w, let d): o["waypoint"] = .int(w); o["aheadM"] = .number(d, decimals: 1)
        case .cueMissed(let w): o["waypoint"] = .int(w)
        case .offRoute(let d): o["distanceM"] = .number(d, decimals: 1)
        case .rejoinDue(let at, let from):
            o["at"] = .int(at)
            o["from"] = [.number(from.lon, decimals: 7), .number(from.lat, decimals: 7)]
            if let r = e.rejoin { o["answer"] = rejoinJSON(r) }
        case .landmarkInView(let name): o["name"] = .string(name)
        case .backOnRoute, .arrived: break
        }
        return .object(o)
    }

    static func rejoinJSON(_ r: RejoinAnswer) -> JSONValue {
        var o = JSONObject()
        if let i = r.index { o["index"] = .int(i) }
        if let t = r.timeS { o["timeS"] = .number(t, decimals: 0) }
        if let d = r.backDurationS { o["backDurationS"] = .int(d) }
        if let d = r.newRouteDurationS { o["newRouteDurationS"] = .int(d) }
        o["suggestNewRoute"] = .bool(r.suggestNewRoute)
        o["announced"] = .bool(r.announced)
        if let f = r.failure { o["failure"] = .string(f) }
        return .object(o)
    }
}
