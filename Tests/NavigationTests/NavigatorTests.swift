import Foundation
import RouteCore
import Testing
import TrailpackCore
@testable import Navigation

/// The engine of docs/NAVIGATION.md on a synthetic route: a 3 km line bending twice, with cues.
@Suite struct NavigatorTests {
    /// A route of 12 m steps: 1 km east, 1 km north, 1 km east, climbing 100 m in the middle kilometre.
    static let route: NavRoute = {
        var coords = [LonLat(-71.45, 44.45)], ele = [500.0], cum = [0.0]
        for leg in [(east: 1.0, north: 0.0), (0.0, 1.0), (1.0, 0.0)] {
            for _ in 0..<84 {
                let p = SyntheticWalk.offset(coords.last!, eastM: leg.0 * 1000 / 84, northM: leg.1 * 1000 / 84)
                cum.append(cum.last! + Geodesic.distanceM(coords.last!, p))
                coords.append(p)
                ele.append(leg.1 > 0 ? ele.last! + 100.0 / 84 : ele.last!)
            }
        }
        let waypoints = [Waypoint(i: 0, kind: .start, instruction: "Start"), Waypoint(i: 84, kind: .turn, instruction: "Turn left", dir: .left),
                         Waypoint(i: 168, kind: .turn, instruction: "Turn right", dir: .right), Waypoint(i: 252, kind: .end, instruction: "Arrive")]
        return NavRoute(id: "line", coords: coords, elevationsM: ele, cumM: cum, waypoints: waypoints,
                        landmarks: [NavLandmark(name: "Hill", visible: [100...150])])
    }()

    @Test func aNoisyWalkStaysOnRouteAnnouncesEveryCueOnceInOrderAndArrives() {
        let replay = Replay.run(route: Self.route, fixes: SyntheticWalk.make(.noise, route: Self.route, seed: 7))
        #expect(!replay.frames.contains { $0.offRoute })
        let cues = replay.events.compactMap { e -> (Int, Double)? in
            if case .cueAnnounced(let w, let d) = e.event { return (w, d) } else { return nil }
        }
        #expect(cues.map(\.0) == [1, 2, 3])
        #expect(cues.allSatisfy { $0.1 > 0 && $0.1 <= NavigationTuning.standard.announceAheadM })
        let arrival = try! #require(replay.events.first { $0.event == .arrived })
        #expect(replay.frames[arrival.fix].remaining.distanceM <= 20)
        #expect(zip(replay.frames, replay.frames.dropFirst()).allSatisfy { $0.progressM <= $1.progressM })
        #expect(replay.events.contains { $0.event == .landmarkInView(name: "Hill") })
    }

    /// A recording stopped half-way never arrives: the ETA has no real arrival to be measured
    /// against, so there are no figures, and the summary says why; the whole walk has three.
    @Test func aWalkThatNeverArrivesHasNoETAFigures() {
        let fixes = SyntheticWalk.make(.noise, route: Self.route, seed: 7)
        let half = Replay.run(route: Self.route, fixes: Array(fixes.prefix(fixes.count / 2)))
        #expect(ETAAccuracy.endFix(half) == nil && ETAAccuracy.errors(half).isEmpty)
        let text = ReplaySummary.text(half, route: Self.route, seconds: 0)
        #expect(text.contains("no arrival") && text.contains("ETA not measured") && !text.contains("ETA at"))
        let whole = Replay.run(route: Self.route, fixes: fixes)
        #expect(ETAAccuracy.errors(whole).map(\.percent) == [25, 50, 75])
        #expect(!ReplaySummary.text(whole, route: Self.route, seconds: 0).contains("ETA not measured"))
    }

    @Test func aDetourIsOffRouteWithinThirtySecondsAndBackWithinThirty() {
        let fixes = SyntheticWalk.make(.detour, route: Self.route, seed: 11)
        let replay = Replay.run(route: Self.route, fixes: fixes)
        let corridor = NavigationTuning.standard.corridorM(accuracyM: SyntheticWalk.reportedAccuracyM)
        let left = try! #require(replay.frames.firstIndex { $0.distanceM > corridor })
        let off = try! #require(replay.events.first { if case .offRoute = $0.event { true } else { false } })
        #expect(fixes[off.fix].timeS - fixes[left].timeS <= 30)
        let back = try! #require(replay.events.first { $0.event == .backOnRoute })
        let returned = try! #require(replay.frames.indices.first { $0 > off.fix && replay.frames[$0].distanceM <= corridor })
        #expect(fixes[back.fix].timeS - fixes[returned].timeS <= 30)
        #expect(replay.events.contains { if case .rejoinDue(let at, _) = $0.event { at == replay.frames[off.fix].progressIndex } else { false } })
        #expect(replay.frames[off.fix].banner.hasPrefix("Off trail by"))
    }

    @Test func anOutAndBackNeverJumpsToTheOtherPass() {
        let route = SyntheticWalk.outAndBack(Self.route, lengthM: 800)
        let replay = Replay.run(route: route, fixes: SyntheticWalk.make(.noise, route: route, seed: 3))
        let fixes = replay.fixes
        // Each fix's progress is within 20 m of where the walker really was (GPS noise of 4 m), past the turn too
        // (at the tip both passes meet: a few metres either side, they are the same ground).
        for (k, f) in replay.frames.enumerated() {
            let trueAlongM = min(route.lengthM, Double(k) * SyntheticWalk.speedMps * SyntheticWalk.fixEveryS)
            #expect(abs(f.progressM - trueAlongM) < 20, "fix \(k) at \(fixes[k].timeS) s: \(f.progressM) vs \(trueAlongM)")
        }
        #expect(replay.events.contains { $0.event == .arrived })
    }

    @Test func aFiveMinuteStopHoldsTheProgressAndIsABreakNotWalkingTime() {
        let replay = Replay.run(route: Self.route, fixes: SyntheticWalk.make(.stop, route: Self.route, seed: 5))
        #expect(!replay.frames.contains { $0.offRoute })
        // Fixes every 2 s at 1.2 m/s: the walker is within the stop radius for up to 2 × 25 m / 1.2 m/s around the stop too;
        // 4 m of noise may end the run a few fixes early (a fix over 25 m from an anchor taken on the way in).
        let last = replay.frames[replay.frames.count - 1]
        let elapsedS = last.timeS - replay.frames[0].timeS
        let breakS = elapsedS - last.walkingS
        #expect(breakS >= SyntheticWalk.stopS - 5 * SyntheticWalk.fixEveryS && breakS <= SyntheticWalk.stopS + 2 * NavigationTuning.standard.stopRadiusM / SyntheticWalk.speedMps + 2,
                "break \(breakS) s of \(elapsedS) s")
        // The walker's pace is the pace without the stop: 1.2 m/s on a walk DIN times at about 4 km/h.
        let noStop = Replay.run(route: Self.route, fixes: SyntheticWalk.make(.noise, route: Self.route, seed: 5))
        let a = replay.frames[replay.frames.count * 3 / 4], b = try! #require(noStop.frames.last { $0.progressM <= a.progressM })
        #expect(abs(a.etaCorrectedS / max(a.etaDinS, 1) - b.etaCorrectedS / max(b.etaDinS, 1)) < 0.03)
    }

    @Test func remainingClimbAndTimeAreTheRouteStatsOfTheRest() throws {
        let r = Self.route
        let whole = try RouteStatistics.compute(elevationsM: r.elevationsM, cumM: r.cumM)
        let atStart = RouteETA.remaining(r, from: 0)
        #expect(atStart.dinS == whole.durationS)
        #expect(abs(atStart.ascentM - whole.ascentM) < 1e-9)
        let half = RouteETA.remaining(r, from: r.cumM[126])
        #expect(abs(half.ascentM - 50) < 0.01)
        #expect(abs(half.distanceM - (r.lengthM - r.cumM[126])) < 1e-9)
        #expect(RouteETA.walkedDinS(r, to: r.lengthM) == whole.durationS)
    }
}
