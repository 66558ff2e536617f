import Rerouting
import TrailpackCore

/// The answer to a due way back (docs/NAVIGATION.md, "The way back and a new route"): what
/// `trailpack route --rejoin` gives, and whether a new route to the end is the better offer.
public struct RejoinAnswer: Equatable, Sendable {
    /// The rejoin vertex and the seconds to reach it (nil with `failure` when there is no way back).
    public var index: Int?
    public var timeS: Double?
    /// The way back plus the rest of the route, DIN seconds (its route file's `durationS`).
    public var backDurationS: Int?
    /// A new route from the hiker to the route's end, DIN seconds (nil when none).
    public var newRouteDurationS: Int?
    /// True when the new route is offered instead.
    public var suggestNewRoute: Bool
    /// Why there is no way back (`trailpack route`'s error), else nil.
    public var failure: String?
    /// True when the app tells the walker (`RejoinAnnouncer`); false when the answer is the one
    /// already shown.
    public var announced = false

    /// What the walker is told: the rejoin vertex, the new-route offer and whether there is a
    /// way back at all (the seconds change with every step and are not told again for that).
    var told: [String] { [index.map(String.init) ?? "-", suggestNewRoute ? "new" : "back", failure == nil ? "" : "none"] }
}

/// One event of a replay: at which fix, what.
public struct ReplayEvent: Equatable, Sendable {
    public var fix: Int
    public var timeS: Double
    public var event: NavEvent
    public var rejoin: RejoinAnswer?
}

/// A recording played through the engine fix by fix.
public struct Replay: Sendable {
    public var fixes: [Fix]
    public var frames: [NavFrame]
    public var events: [ReplayEvent]
    /// The tuning it was played with.
    public var tuning: NavigationTuning = .standard

    /// Plays `fixes` over `route`; a due way back is answered by `rejoin` (nil: left unanswered).
    public static func run(route: NavRoute, fixes: [Fix], tuning: NavigationTuning = .standard,
                           rejoin: ((Int, LonLat) -> RejoinAnswer)? = nil) -> Replay {
        var navigator = Navigator(route: route, tuning: tuning)
        var frames: [NavFrame] = []
        frames.reserveCapacity(fixes.count)
        var events: [ReplayEvent] = []
        var announcer = RejoinAnnouncer(tuning: tuning)
        for (k, fix) in fixes.enumerated() {
            let (frame, happened) = navigator.step(fix)
            frames.append(frame)
            for e in happened {
                var answer: RejoinAnswer?
                if case .rejoinDue(let at, let from) = e { answer = rejoin?(at, from) }
                if case .offRoute = e { announcer = RejoinAnnouncer(tuning: tuning) }
                if var a = answer { a.announced = announcer.shouldTell(a, atS: fix.timeS); answer = a }
                events.append(ReplayEvent(fix: k, timeS: fix.timeS, event: e, rejoin: answer))
            }
        }
        return Replay(fixes: fixes, frames: frames, events: events, tuning: tuning)
    }
}

extension NavigationRegion {
    /// `trailpack route --rejoin` for this route at `at` from `from`, and a new route from there
    /// to the route's end, compared by `newRouteMarginS`. No network: an answer naming that.
    public func rejoinAnswer(at: Int, from: LonLat, tuning: NavigationTuning = .standard) -> RejoinAnswer {
        guard let network else { return RejoinAnswer(suggestNewRoute: false, failure: "the region has no routing.json") }
        var answer = RejoinAnswer(suggestNewRoute: false)
        do {
            let (back, choice) = try network.rejoin(routeId: route.id, at: at, from: from)
            answer.index = choice.index
            answer.timeS = choice.timeS
            answer.backDurationS = back.stats.durationS
        } catch { answer.failure = error.description }
        if let end = route.coords.last,
           let fresh = try? network.route(through: [QueryPoint(argument: "--from", location: from), QueryPoint(argument: "--to", location: end)]) {
            answer.newRouteDurationS = fresh.stats.durationS
            let back = answer.backDurationS.map(Double.init) ?? .infinity
            answer.suggestNewRoute = Double(fresh.stats.durationS) + tuning.newRouteMarginS < back
        }
        return answer
    }
}
