import PackJSON
import TrailpackCore

extension NavigationVectors {
    /// Each route walked each way (`SyntheticWalk`); the out-and-back route (the last) walked once with noise.
    static func walkCases(_ routes: [NavRoute], tuning: NavigationTuning) -> [JSONValue] {
        var seed = firstSeed, out: [JSONValue] = []
        for (n, route) in routes.enumerated() {
            let kinds: [SyntheticWalk.Kind] = n == routes.count - 1 && routes.count > 1 ? [.noise] : SyntheticWalk.Kind.allCases
            for kind in kinds {
                let fixes = SyntheticWalk.make(kind, route: route, seed: seed)
                out.append(walkCase(route, kind: n == routes.count - 1 && routes.count > 1 ? "out-and-back" : kind.rawValue, seed: seed, fixes: fixes, tuning: tuning))
                seed += 1
            }
        }
        return out
    }

    static func walkCase(_ route: NavRoute, kind: String, seed: UInt64, fixes: [Fix], tuning: NavigationTuning) -> JSONValue {
        let replay = Replay.run(route: route, fixes: fixes, tuning: tuning)
        let flags = { (f: (NavFrame) -> Bool) in String(replay.frames.map { f($0) ? "1" : "0" }) }
        return [
            "route": .string(route.id), "kind": .string(kind), "seed": .int(Int(seed)),
            "fixes": .array(fixes.map { [.number($0.location.lon), .number($0.location.lat), .number($0.timeS), .number($0.accuracyM ?? tuning.defaultAccuracyM)] }),
            "expected": [
                "progressM": .array(replay.frames.map { .number($0.progressM, decimals: 2) }),
                "walkingS": .array(replay.frames.map { .number($0.walkingS, decimals: 2) }),
                "offRoute": .string(flags { $0.offRoute }), "arrived": .string(flags { $0.arrived }),
                "events": .array(replay.events.map(Replay.eventJSON)),
            ],
            "tolerance": ["progressM": 0.5, "walkingS": 0.01],
        ]
    }

    /// The banner on route at the start, every cue's vertex less 5, 45, 95, 400 and 1,500 m, and 10 m before the end.
    static func bannerCases(_ route: NavRoute, tuning: NavigationTuning) -> [JSONValue] {
        var at: [Double] = [0, max(0, route.lengthM - 10)]
        for w in route.waypoints where w.kind != .start {
            for back in [5.0, 45, 95, 400, 1500] where route.cumM[w.i] - back > 0 { at.append(route.cumM[w.i] - back) }
        }
        return Array(Set(at.map { ($0 * 10).rounded() / 10 })).sorted().map { p in
            ["route": .string(route.id), "progressM": .number(p), "expected": .string(Navigator.onRouteBanner(route, progressM: p, tuning: tuning))]
        }
    }

    /// What is left and the ETAs at eight shares of the route, for three paces (the walker at DIN time x 0.8, 1, 1.6).
    static func etaCases(_ route: NavRoute, tuning: NavigationTuning) -> [JSONValue] {
        var out: [JSONValue] = []
        for share in [0.0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0] {
            let p = (route.lengthM * share * 10).rounded() / 10
            let remaining = RouteETA.remaining(route, from: p), walked = RouteETA.walkedDinS(route, to: p)
            for pace in [0.8, 1.0, 1.6] {
                let elapsed = (Double(walked) * pace).rounded()
                out.append([
                    "route": .string(route.id), "progressM": .number(p), "elapsedS": .number(elapsed),
                    "expected": ["remainingM": .number(remaining.distanceM, decimals: 2), "ascentM": .number(remaining.ascentM, decimals: 2),
                                 "descentM": .number(remaining.descentM, decimals: 2), "dinS": .int(remaining.dinS), "walkedDinS": .int(walked),
                                 "correctedS": .number(RouteETA.correctedS(remainingDinS: remaining.dinS, elapsedS: elapsed, walkedDinS: walked, tuning: tuning), decimals: 2)],
                    "tolerance": ["remainingM": 0.5, "ascentM": 0.5, "descentM": 0.5, "dinS": 1, "walkedDinS": 1, "correctedS": 1],
                ])
            }
        }
        return out
    }
}
