import Foundation
import TrailpackCore

/// The navigation engine of docs/NAVIGATION.md over one route, fed fix by fix. A value: copy
/// it to branch a walk.
public struct Navigator: Sendable {
    public let route: NavRoute
    public let tuning: NavigationTuning
    /// Waypoints that are cues (every kind but `start`), as indices into `route.waypoints`.
    let cues: [Int]
    var state = State()

    struct State: Sendable {
        var progressM = 0.0
        var startTimeS: Double?
        /// Seconds since the first fix, breaks left out.
        var clock = WalkingClock()
        var lastOnTimeS: Double?
        var previousFix: Fix?
        var awayRun = 0
        var lastOutsideM: Double?
        var outsideSinceS: Double?
        var offRoute = false
        var backOnRun = 0
        var offSinceS = 0.0
        var offWalkM = 0.0
        var lastRejoinS: Double?
        var nextCue = 0
        var arrived = false
        var inView: Set<String> = []
    }

    public init(route: NavRoute, tuning: NavigationTuning = .standard) {
        self.route = route
        self.tuning = tuning
        cues = route.waypoints.indices.filter { route.waypoints[$0].kind != .start }
    }

    /// Takes one fix: snaps it, updates the off-route state, progress, cues, arrival and the way
    /// back, and returns what the app shows and what happened.
    public mutating func step(_ fix: Fix) -> (frame: NavFrame, events: [NavEvent]) {
        var events: [NavEvent] = []
        let t = fix.timeS
        if state.startTimeS == nil { state.startTimeS = t; state.lastOnTimeS = t }
        state.clock.add(fix, tuning: tuning)
        let aheadM = tuning.snapAheadM + tuning.snapMaxSpeedMps * max(0, t - (state.lastOnTimeS ?? t))
        let snap = RouteSnap.nearest(to: fix.location, on: route, fromM: state.progressM - tuning.snapBehindM,
                                     toM: state.progressM + aheadM, progressM: state.progressM, tieM: tuning.snapTieM,
                                     behindCostFactor: tuning.snapBehindCostFactor)
            ?? RouteSnap(alongM: 0, distanceM: 0, point: fix.location)
        let corridorM = tuning.corridorM(accuracyM: fix.accuracyM)
        updateOffRoute(snap: snap, corridorM: corridorM, fix: fix, events: &events)
        let inside = !state.offRoute && snap.distanceM <= corridorM
        if inside {
            state.progressM = max(state.progressM, snap.alongM)
            state.lastOnTimeS = t
            announceCues(events: &events)
            if !state.arrived, route.lengthM - state.progressM <= tuning.arrivalM {
                state.arrived = true
                events.append(.arrived)
            }
        }
        let landmarks = landmarksInView(events: &events)
        state.previousFix = fix
        return (frame(fix: fix, snap: snap, corridorM: corridorM, landmarks: landmarks), events)
    }

    /// The corridor and its hysteresis: off after `offRouteMovingAwayFixes` fixes outside it each
    /// farther than the last, or `offRoutePersistS` seconds outside; back on after `backOnFixes`
    /// fixes within `backOnShare` of it. While off, the way back is due after `rejoinAfterS` or
    /// `rejoinAfterWalkM` and then every `rejoinEveryS`.
    mutating func updateOffRoute(snap: RouteSnap, corridorM: Double, fix: Fix, events: inout [NavEvent]) {
        let t = fix.timeS, d = snap.distanceM
        if d > corridorM {
            state.awayRun = (state.lastOutsideM.map { d > $0 } ?? false) ? state.awayRun + 1 : 1
            state.lastOutsideM = d
            if state.outsideSinceS == nil { state.outsideSinceS = t }
        } else {
            state.awayRun = 0
            state.lastOutsideM = nil
            state.outsideSinceS = nil
        }
        if !state.offRoute {
            let persisted = state.outsideSinceS.map { t - $0 >= tuning.offRoutePersistS } ?? false
            if state.awayRun >= tuning.offRouteMovingAwayFixes || persisted {
                state.offRoute = true
                state.offSinceS = t
                state.offWalkM = 0
                state.lastRejoinS = nil
                state.backOnRun = 0
                events.append(.offRoute(distanceM: d))
            }
            return
        }
        if let previous = state.previousFix { state.offWalkM += shortDistanceM(previous.location, fix.location) }
        state.backOnRun = d <= tuning.backOnShare * corridorM ? state.backOnRun + 1 : 0
        if state.backOnRun >= tuning.backOnFixes {
            state.offRoute = false
            events.append(.backOnRoute)
            return
        }
        let due = t - state.offSinceS >= tuning.rejoinAfterS || state.offWalkM >= tuning.rejoinAfterWalkM
        if due, state.lastRejoinS.map({ t - $0 >= tuning.rejoinEveryS }) ?? true {
            state.lastRejoinS = t
            events.append(.rejoinDue(atIndex: progressIndex, from: fix.location))
        }
    }

    /// Cues in order from the next: announced once within `announceAheadM` ahead of the
    /// progress and still ahead of it; missed when the progress reached the vertex first.
    mutating func announceCues(events: inout [NavEvent]) {
        while state.nextCue < cues.count {
            let w = cues[state.nextCue]
            let aheadM = route.cumM[route.waypoints[w].i] - state.progressM
            guard aheadM <= tuning.announceAheadM else { break }
            events.append(aheadM > 0 ? .cueAnnounced(waypoint: w, distanceM: aheadM) : .cueMissed(waypoint: w))
            state.nextCue += 1
        }
    }

    /// Landmarks whose `visible` ranges hold the vertex nearest the progress; each newly in view an event.
    mutating func landmarksInView(events: inout [NavEvent]) -> [String] {
        let i = route.nearestVertex(at: state.progressM)
        let names = route.landmarks.filter { l in l.visible.contains { $0.contains(i) } }.map(\.name)
        for name in names where !state.inView.contains(name) { events.append(.landmarkInView(name: name)) }
        state.inView = Set(names)
        return names
    }

    /// The vertex at or before the progress.
    public var progressIndex: Int {
        var i = max(0, route.segment(at: state.progressM).k)
        while i + 1 < route.cumM.count, route.cumM[i + 1] <= state.progressM { i += 1 }
        return i
    }
}
