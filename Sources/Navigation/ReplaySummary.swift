import Foundation

/// The few lines `trailpack replay` prints.
public enum ReplaySummary {
    /// Fixes and time taken, cues announced and missed, off-route episodes, ways back computed and told,
    /// arrival, and the ETA's error at a quarter, half and three quarters of the walk.
    public static func text(_ replay: Replay, route: NavRoute, seconds: Double) -> String {
        let kinds = replay.events.map(\.event.kind)
        func count(_ k: String) -> Int { kinds.filter { $0 == k }.count }
        var lines = [String(format: "Replayed %d fixes over route %@ in %.3f s", replay.fixes.count, route.id, seconds)]
        lines.append("cues announced \(count("cue")) of \(route.waypoints.filter { $0.kind != .start }.count), missed \(count("cue-missed")); off route \(count("off-route")) times, back on \(count("back-on-route")); ways back computed \(count("rejoin")), told \(replay.events.filter { $0.rejoin?.announced == true }.count)")
        if let arrival = replay.events.first(where: { $0.event == .arrived }) {
            let f = replay.frames[arrival.fix]
            lines.append(String(format: "arrived at fix %d, %.0f m before the end", arrival.fix + 1, f.remaining.distanceM))
        } else {
            lines.append("no arrival")
        }
        if ETAAccuracy.endFix(replay) == nil { lines.append("ETA not measured: the walk never arrives, so there is no real arrival to compare with") }
        for e in ETAAccuracy.errors(replay) {
            lines.append(String(format: "ETA at %d%% of the walk: DIN %+.0f min, corrected %+.0f min (%.0f min of walking left, breaks left out; by the clock %.0f min: DIN %+.0f, corrected %+.0f)",
                                e.percent, ETAAccuracy.minutes(e.dinErrorS), ETAAccuracy.minutes(e.correctedErrorS), e.realRemainingS / 60,
                                e.clockRemainingS / 60, ETAAccuracy.minutes(e.dinClockErrorS), ETAAccuracy.minutes(e.correctedClockErrorS)))
        }
        return lines.joined(separator: "\n")
    }
}

/// The ETA against the real arrival (docs/NAVIGATION.md, "Measuring the ETA"): the arrival fix,
/// less the breaks still to come (`WalkingClock`), and by the clock. A walk that never arrives
/// has no real arrival to measure against, and no figures.
public enum ETAAccuracy {
    public struct Point: Equatable, Sendable {
        public var percent: Int
        /// Predicted minus real seconds left, the real ones the walking seconds from the fix to
        /// the arrival (breaks still to come left out, each known in full: `WalkingClock.hindsight`).
        public var dinErrorS: Double
        public var correctedErrorS: Double
        public var realRemainingS: Double
        /// The same by the clock: the real seconds left with every break still to come.
        public var dinClockErrorS: Double
        public var correctedClockErrorS: Double
        public var clockRemainingS: Double
    }

    /// Seconds as whole minutes for a signed figure: rounded, never -0 (`%+.0f` prints "-0" for
    /// an error between half a minute early and none).
    public static func minutes(_ seconds: Double) -> Double {
        let m = (seconds / 60).rounded()
        return m == 0 ? 0 : m
    }

    /// The fix the walk ends at: the arrival fix; nil when the walk never arrives.
    public static func endFix(_ replay: Replay) -> Int? {
        replay.events.first(where: { $0.event == .arrived })?.fix
    }

    /// At 25, 50 and 75 % of the walk's duration (from the first fix to `endFix`), the fix at or
    /// after that time: predicted seconds left minus the real ones; none without an arrival.
    public static func errors(_ replay: Replay) -> [Point] {
        guard let first = replay.fixes.first, let endFix = endFix(replay) else { return [] }
        let end = replay.frames[endFix], walkingS = WalkingClock.hindsight(replay.fixes, tuning: replay.tuning)
        let spanS = end.timeS - first.timeS
        guard spanS > 0 else { return [] }
        return [25, 50, 75].compactMap { percent in
            let atS = first.timeS + spanS * Double(percent) / 100
            guard let k = replay.fixes.firstIndex(where: { $0.timeS >= atS }) else { return nil }
            let f = replay.frames[k], real = walkingS[endFix] - walkingS[k], clock = end.timeS - f.timeS
            return Point(percent: percent, dinErrorS: f.etaDinS - real, correctedErrorS: f.etaCorrectedS - real, realRemainingS: real,
                         dinClockErrorS: f.etaDinS - clock, correctedClockErrorS: f.etaCorrectedS - clock, clockRemainingS: clock)
        }
    }
}
