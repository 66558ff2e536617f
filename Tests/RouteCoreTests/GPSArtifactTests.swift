import Foundation
import Testing
import TrackGeometry

import TestSupport
import TrailpackCore
@testable import RouteCore

/// What devices do to a track, and what the cleaner must remove or keep.
@Suite struct GPSArtifactTests {
    static let start = LonLat(-71.40, 44.50)

    /// Fixes every `stepM` metres along `bearingDeg` for `lengthM`, from `from`.
    static func walk(from: LonLat = start, bearingDeg: Double, lengthM: Double, stepM: Double) -> [LonLat] {
        (0...Int(lengthM / stepM)).map { Geodesic.destination(from: from, bearingDeg: bearingDeg, distanceM: Double($0) * stepM) }
    }

    static func gaussian(_ rng: inout SeededRandom) -> Double {
        let u1 = max(Double.random(in: 0..<1, using: &rng), 1e-12), u2 = Double.random(in: 0..<1, using: &rng)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    static func jitter(_ p: LonLat, sigmaM: Double, _ rng: inout SeededRandom) -> LonLat {
        let k = WGS84.metresPerDegree(atLatDeg: p.lat)
        return LonLat(p.lon + sigmaM * gaussian(&rng) / k.x, p.lat + sigmaM * gaussian(&rng) / k.y)
    }

    @Test func aFixThreeHundredMetresOffIsRemovedAndTheLengthIsRight() throws {
        // 1.80 km at one fix a second, one fix 300 m off the line.
        var line = Self.walk(bearingDeg: 90, lengthM: 1800, stepM: 1.3)
        line.insert(Geodesic.destination(from: line[700], bearingDeg: 0, distanceM: 300), at: 701)
        let cleaned = RouteCleaner.clean(line)
        #expect(abs(Geodesic.lengthM(cleaned.coords) - 1800) < 2, "\(Geodesic.lengthM(cleaned.coords)) m")
        try #require(cleaned.edits.count == 1)
        let e = cleaned.edits[0]
        #expect(e.kind == .spike && e.firstIndex == 701 && e.lastIndex == 701)
        #expect(abs(e.sizeM - 300) < 2 && abs(e.lengthRemovedM - 600) < 3)
        #expect(e.description.hasPrefix("spike at point 701 ("), "\(e.description)")
    }

    @Test(arguments: [60.0, 150.0, 500.0])
    func spikesAtAnyDistanceFromTheirNeighbours(offM: Double) {
        // A sparse track (a fix every 60 m): the spike's neighbours are 120 m apart, far more
        // than the 30 m a fixed rule would allow; still one and two fixes far off go.
        let line = Self.walk(bearingDeg: 45, lengthM: 1200, stepM: 60)
        var single = line
        single.insert(Geodesic.destination(from: line[8], bearingDeg: 315, distanceM: offM * 5), at: 9)
        #expect(RouteCleaner.clean(single).coords == line)
        var double = line
        let far = Geodesic.destination(from: line[12], bearingDeg: 135, distanceM: offM * 5)
        double.insert(contentsOf: [far, Geodesic.destination(from: far, bearingDeg: 45, distanceM: 8)], at: 13)
        let cleaned = RouteCleaner.clean(double)
        #expect(cleaned.coords == line)
        #expect(cleaned.droppedSpikes == 2)
    }

    @Test func aSpikeBesideARunOfDroppedFixesIsRemoved() {
        // Fixes every 10 m; eight in a row dropped (a 90 m gap), and in the gap one fix 220 m
        // off: its neighbours are 90 m apart, more than 0.4 of its shorter leg (221 m) but not of
        // its mean leg (239 m). Bad reception drops fixes and throws wild ones at the same time.
        let line = Self.walk(bearingDeg: 90, lengthM: 300, stepM: 10)
        let kept = Array(line[0...10]) + Array(line[19...])
        let spike = Geodesic.destination(from: line[5], bearingDeg: 180, distanceM: 215)
        var recorded = kept
        recorded.insert(spike, at: 11)
        let cleaned = RouteCleaner.clean(recorded)
        #expect(cleaned.coords == kept, "\(cleaned.edits.map(\.description))")
        #expect(cleaned.droppedSpikes == 1)
    }

    @Test(arguments: [1, 2])
    func aSpikeRightAfterTheFirstFixGoesNotTheFirstFix(fixesOff: Int) {
        // Fixes every 1.3 m; right after the first fix (and right before the last) one or two
        // fixes 185 m off. The first fix is far from the next one, as a cold start is, but the
        // track comes back to it: the fixes off are the spike. Dropping the first fix instead
        // began the route with a 185 m leg that was never walked and a turn where it met the walk.
        let line = Self.walk(bearingDeg: 45, lengthM: 600, stepM: 1.3)
        let off = Geodesic.destination(from: line[0], bearingDeg: 300, distanceM: 185)
        let offEnd = Geodesic.destination(from: line[line.count - 1], bearingDeg: 120, distanceM: 185)
        let spike = (0..<fixesOff).map { Geodesic.destination(from: off, bearingDeg: 0, distanceM: 3 * Double($0)) }
        let spikeEnd = (0..<fixesOff).map { Geodesic.destination(from: offEnd, bearingDeg: 0, distanceM: 3 * Double($0)) }
        let recorded = [line[0]] + spike + line.dropFirst().dropLast() + spikeEnd + [line[line.count - 1]]
        let cleaned = RouteCleaner.clean(recorded)
        #expect(cleaned.coords.first == line.first && cleaned.coords.last == line.last, "\(cleaned.edits.map(\.description))")
        #expect(abs(Geodesic.lengthM(cleaned.coords) - 600) < 2)
        #expect(cleaned.edits.map(\.kind) == [.spike, .spike])
        // Control: a first and a last fix 185 m off that the track never comes back to are a
        // cold start and a last bad fix, and go.
        let coldStart = RouteCleaner.clean([off] + line + [offEnd])
        #expect(coldStart.coords == line, "\(coldStart.edits.map(\.description))")
        #expect(coldStart.edits.map(\.firstIndex) == [0, line.count + 1])
    }

    @Test func switchbackTipsOfASparseMountainTrackAreKept() {
        // A run of alternating hairpins recorded with one fix per tip and one mid-leg: every tip
        // looks like a spike to a rule of offsets alone (neighbours close, tip 60 m away).
        var line = Self.walk(bearingDeg: 0, lengthM: 200, stepM: 25)
        for h in 0..<6 {
            let last = line[line.count - 1]
            let tip = Geodesic.destination(from: last, bearingDeg: h % 2 == 0 ? 70 : 290, distanceM: 60)
            line.append(Geodesic.destination(from: last, bearingDeg: h % 2 == 0 ? 70 : 290, distanceM: 30))
            line.append(tip)
            line.append(Geodesic.destination(from: tip, bearingDeg: h % 2 == 0 ? 250 + 15 : 110 - 15, distanceM: 30))
            line.append(Geodesic.destination(from: tip, bearingDeg: h % 2 == 0 ? 250 + 15 : 110 - 15, distanceM: 60))
        }
        let cleaned = RouteCleaner.clean(line)
        #expect(cleaned.coords == line, "\(cleaned.edits.map(\.description))")
        // Even with only the tips recorded: each tip is 60 m from neighbours 24 m apart.
        let axis = line[8]
        let tipsOnly = Array(line.prefix(9)) + (1...8).map { t -> LonLat in
            let along = Geodesic.destination(from: axis, bearingDeg: 0, distanceM: 12 * Double(t))
            return Geodesic.destination(from: along, bearingDeg: t % 2 == 0 ? 270 : 90, distanceM: 30)
        }
        #expect(RouteCleaner.clean(tipsOnly).coords == tipsOnly)
    }

    /// A stack of ten switchbacks on a steep slope (legs of `legM`, each the next `gapM` up the
    /// slope, joined by half circles), climbed at 0.5 m/s with a fix a second and 0.3 m of jitter,
    /// then 100 m on; with `standM` > 0 the walker stands that many seconds at the top.
    static func switchbackStack(legM: Double, gapM: Double, standM: Int, seed: UInt64) -> (truthM: Double, recorded: [LonLat], top: LonLat) {
        var rng = SeededRandom(seed: seed)
        var truth = Self.walk(bearingDeg: 0, lengthM: 100, stepM: 1)
        for h in 0..<10 {
            let from = truth[truth.count - 1], bearing = h % 2 == 0 ? 90.0 : 270.0
            truth += Self.walk(from: from, bearingDeg: bearing, lengthM: legM, stepM: 1).dropFirst()
            let centre = Geodesic.destination(from: truth[truth.count - 1], bearingDeg: 0, distanceM: gapM / 2)
            truth += stride(from: 10.0, through: 180, by: 10).map {
                Geodesic.destination(from: centre, bearingDeg: h % 2 == 0 ? 180 - $0 : 180 + $0, distanceM: gapM / 2)
            }
        }
        let top = truth[truth.count - 1]
        truth += Self.walk(from: top, bearingDeg: 0, lengthM: 100, stepM: 1).dropFirst()
        var recorded: [LonLat] = []
        var carryM = 0.0
        for (a, b) in zip(truth, truth.dropFirst()) {
            if a == top { recorded += (0..<standM).map { _ in Self.jitter(top, sigmaM: 3, &rng) } }
            let legM = Geodesic.distanceM(a, b)
            var t = carryM
            while t < legM {
                recorded.append(Self.jitter(Geodesic.interpolate(a, b, fraction: t / legM), sigmaM: 0.3, &rng))
                t += 0.5
            }
            carryM = t - legM
        }
        return (Geodesic.lengthM(truth), recorded, top)
    }

    @Test(arguments: [(15.0, 5.0), (20.0, 5.0), (25.0, 8.0), (30.0, 5.0)])
    func aStackOfSwitchbacksClimbedSlowlyIsNoStop(legM: Double, gapM: Double) {
        // The climb stays within 20 m of its running centre for dozens of fixes and 8 radii of
        // track, as a stop does; but its track never crosses itself. Collapsed as a stop, the
        // route went straight up the slope, a quarter or more of its length gone.
        for seed in UInt64(1)...3 {
            let stack = Self.switchbackStack(legM: legM, gapM: gapM, standM: 0, seed: seed)
            let cleaned = RouteCleaner.clean(stack.recorded)
            #expect(!cleaned.edits.contains { $0.kind == .stop }, "\(cleaned.edits.map(\.description))")
            let groundM = Geodesic.lengthM(GroundLine.thinned(cleaned.coords))
            #expect(abs(groundM - stack.truthM) < 0.06 * stack.truthM, "seed \(seed): \(Int(groundM)) m on the ground of \(Int(stack.truthM)) m")
        }
        // Control: standing two minutes at the top of the same climb is a stop at the top (perhaps
        // found in two runs), and the climb keeps all but the legs the standing cloud covers.
        let standing = Self.switchbackStack(legM: legM, gapM: gapM, standM: 120, seed: 4)
        let cleaned = RouteCleaner.clean(standing.recorded)
        let stops = cleaned.edits.filter { $0.kind == .stop }
        #expect((1...2).contains(stops.count), "\(stops.map(\.description))")
        #expect(stops.allSatisfy { Geodesic.distanceM($0.location, standing.top) < 3 }, "\(stops.map(\.description))")
        let groundM = Geodesic.lengthM(GroundLine.thinned(cleaned.coords))
        #expect(groundM > 0.85 * standing.truthM, "\(Int(groundM)) m on the ground of \(Int(standing.truthM)) m")
    }

    @Test func aNightAtTheTentIsOneStop() throws {
        // A device left recording overnight: 10,000 fixes of jitter at one place between two walks.
        var rng = SeededRandom(seed: 9)
        let walkIn = Self.walk(bearingDeg: 0, lengthM: 500, stepM: 1.2)
        let tent = walkIn[walkIn.count - 1]
        let night = (0..<10_000).map { _ in Self.jitter(tent, sigmaM: 3, &rng) }
        let walkOut = Self.walk(from: tent, bearingDeg: 90, lengthM: 500, stepM: 1.2).dropFirst()
        let stops = RouteCleaner.clean(walkIn + night + walkOut).edits.filter { $0.kind == .stop }
        try #require(stops.count == 1, "\(stops.map(\.description))")
        #expect(Geodesic.distanceM(stops[0].location, tent) < 2)
        #expect(stops[0].lastIndex - stops[0].firstIndex >= 9_990)
    }

    @Test func twoHundredFixesOfStopJitterCollapseToOnePoint() throws {
        var rng = SeededRandom(seed: 11)
        let before = Self.walk(bearingDeg: 90, lengthM: 400, stepM: 1.3).map { Self.jitter($0, sigmaM: 0.8, &rng) }
        let stop = before[before.count - 1]
        let cloud = (0..<200).map { _ in Self.jitter(stop, sigmaM: 4, &rng) }
        let after = Self.walk(from: stop, bearingDeg: 90, lengthM: 400, stepM: 1.3).dropFirst().map { Self.jitter($0, sigmaM: 0.8, &rng) }
        let cleaned = RouteCleaner.clean(before + cloud + after)
        let stops = cleaned.edits.filter { $0.kind == .stop }
        try #require(stops.count == 1, "\(cleaned.edits.map(\.description))")
        #expect(Geodesic.distanceM(stops[0].location, stop) < 5)
        #expect(stops[0].firstIndex <= before.count && stops[0].lastIndex >= before.count + 199)
        #expect(cleaned.coords.count + cleaned.droppedTotal == before.count + cloud.count + after.count)
        // Control: walking with the same jitter draws no stop.
        let walking = RouteCleaner.clean(before + after)
        #expect(!walking.edits.contains { $0.kind == .stop })
    }

    /// A walker reaching the tip of an out-and-back and standing there a minute: the stop's run
    /// of fixes starts on the walk in (the running centre follows a walker for up to twice the
    /// stop radius), and its mean was pulled back along the way in. The stop is the fixes near
    /// the run's median: its centre is where the walker stood.
    @Test(arguments: [UInt64(21), 22, 23, 24])
    func aStopAtATurnaroundIsWhereTheWalkerStood(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let out = Self.walk(bearingDeg: 30, lengthM: 600, stepM: 1.3)
        let tip = out[out.count - 1]
        let cloud = (0..<60).map { _ in Self.jitter(tip, sigmaM: 3, &rng) }
        let back = out.reversed().dropFirst().map { Geodesic.destination(from: $0, bearingDeg: 120, distanceM: 3) }
        let track = (out + cloud + back).map { Self.jitter($0, sigmaM: 0.7, &rng) }
        let cleaned = RouteCleaner.clean(track)
        let stops = cleaned.edits.filter { $0.kind == .stop }
        try #require(stops.count == 1, "\(cleaned.edits.filter { $0.kind != .loop }.map(\.description))")
        #expect(Geodesic.distanceM(stops[0].location, tip) < 4, "the stop is \(Geodesic.distanceM(stops[0].location, tip)) m from where the walker stood")
        // The walk in stays: the track still reaches the tip.
        let reach = cleaned.coords.map { Geodesic.distanceM(out[0], $0) }.max()!
        #expect(reach > 596, "\(reach)")
    }

    /// A walker reaching the tip of an out-and-back slowly and turning straight back, recorded at
    /// one fix a second with 1.2 m of white jitter: the way back crosses the way in again and
    /// again and the last 20 m hold 60 fixes, as a standing device's would; but the smoothed
    /// track goes out 20 m along one line and comes back, so it is no stop and the tip stays.
    /// (Seed 186 of the noisy-track corpus: the stop's centre, 15 m short of the tip, took the
    /// U-turn out of reach.)
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aSlowWalkToATipAndStraightBackIsNoStop(seed: UInt64) {
        var rng = SeededRandom(seed: seed &* 7919)
        let out = Self.walk(bearingDeg: 30, lengthM: 400, stepM: 0.7)
        let tip = out[out.count - 1]
        let track = (out + out.reversed().dropFirst()).map { Self.jitter($0, sigmaM: 1.2, &rng) }
        let cleaned = RouteCleaner.clean(track)
        #expect(!cleaned.edits.contains { $0.kind == .stop && Geodesic.distanceM($0.location, tip) < 40 },
                "\(cleaned.edits.filter { $0.kind != .loop }.map(\.description))")
        let reachM = cleaned.coords.map { Geodesic.distanceM(out[0], $0) }.max()!
        #expect(reachM > 396, "the turnaround was cut: the track reaches \(reachM) m of 400")
        // Without the test for a walk out and back, the tip reads as a stop.
        var withoutWalkTest = RouteCleaner.Options()
        withoutWalkTest.stopWalkElongation = 0
        #expect(RouteCleaner.clean(track, options: withoutWalkTest).edits.contains { $0.kind == .stop && Geodesic.distanceM($0.location, tip) < 40 })
    }

    /// A spur of 40 m off a trail that goes on the way it came (in north, out east and back,
    /// on north), walked at a fix every 3 m with 1.5 m of white jitter: the track winds a full
    /// turn through it and crosses itself at the junction, as a loop a device draws; but its way
    /// back follows its way out and its end lies off the trail, so it stays on all 8 recordings.
    /// Without that test the loop cut took the spur's end (the viewpoint) from 5 of them.
    @Test func aSpurOffATrailIsNoLoop() {
        var noSpurTest = RouteCleaner.Options()
        noSpurTest.loopSpurMinReachM = .infinity
        var kept = 0, keptWithoutTheTest = 0
        for seed in UInt64(1)...8 {
            var rng = SeededRandom(seed: seed &* 4099)
            let junction = Geodesic.destination(from: Self.start, bearingDeg: 0, distanceM: 300)
            let spurEnd = Geodesic.destination(from: junction, bearingDeg: 90, distanceM: 40)
            let ways: [[LonLat]] = [Self.walk(bearingDeg: 0, lengthM: 300, stepM: 3), Self.walk(from: junction, bearingDeg: 90, lengthM: 40, stepM: 3),
                                    Self.walk(from: spurEnd, bearingDeg: 270, lengthM: 40, stepM: 3), Self.walk(from: junction, bearingDeg: 0, lengthM: 300, stepM: 3)]
            let track = ways.flatMap { $0.dropFirst() }.map { Self.jitter($0, sigmaM: 1.5, &rng) }
            func reachesTheEnd(_ cleaned: CleanedLine) -> Bool { cleaned.coords.contains { Geodesic.distanceM($0, spurEnd) < 6 } }
            if reachesTheEnd(RouteCleaner.clean(track)) { kept += 1 }
            if reachesTheEnd(RouteCleaner.clean(track, options: noSpurTest)) { keptWithoutTheTest += 1 }
        }
        #expect(kept == 8)
        #expect(keptWithoutTheTest <= 4)
    }

    /// `walksBackAlong` over the self-overlap map: off a trail, out 40 m east and back west 1.5 m
    /// beside the way out is walked back along; out east, 15 m north and back west is a loop.
    @Test func aSpursWayBackRunsAlongItsWayOutAndALoopsDoesNot() {
        let junction = Geodesic.destination(from: Self.start, bearingDeg: 0, distanceM: 60)
        func line(besideM: Double) -> [LonLat] {
            let end = Geodesic.destination(from: junction, bearingDeg: 90, distanceM: 40)
            let back = Geodesic.destination(from: end, bearingDeg: 0, distanceM: besideM)
            let ways = [Self.walk(bearingDeg: 0, lengthM: 60, stepM: 3), Self.walk(from: junction, bearingDeg: 90, lengthM: 40, stepM: 3),
                        Self.walk(from: back, bearingDeg: 270, lengthM: 40, stepM: 3)]
            return ways.flatMap { $0.dropFirst() } + Self.walk(from: junction, bearingDeg: 0, lengthM: 60, stepM: 3)
        }
        for (besideM, isSpur) in [(1.5, true), (15.0, false)] {
            let pts = line(besideM: besideM)
            let geometry = TrackGeometry(coords: pts)
            // Fixes 0-19 lead north to the junction, 20-32 go east (the last one the tip), 33-45
            // come back west (the loop's last fix), then the walk goes on north.
            let first = 20, tip = 32, end = 45
            #expect(Geodesic.distanceM(pts[tip], Geodesic.destination(from: junction, bearingDeg: 90, distanceM: 39)) < 0.01)
            #expect(RouteCleaner.walksBackAlong(geometry, out: first..<tip, tip: tip, end: end, RouteCleaner.Options()) == isSpur)
        }
    }

    @Test func aLoopDrawnWhileStandingIsCutAtItsCrossing() throws {
        // East, then a loop of 9 m radius (57 m of track over 18 m of ground) that crosses the
        // way in, then on east.
        let a = Self.walk(bearingDeg: 90, lengthM: 200, stepM: 2)
        let p = a[a.count - 1]
        let k = WGS84.metresPerDegree(atLatDeg: p.lat)
        // Centre 9 m north-west of the loop's start; the loop ends 6 m back along the way in,
        // crossing it, and the walk goes on east from there.
        let centre = LonLat(p.lon - 2 / k.x, p.lat + 9 / k.y)
        let loop = (1...28).map { s -> LonLat in
            let angle = Double.pi * 1.9 * Double(s) / 28 - 0.3
            return LonLat(centre.lon + 9 * sin(-angle + 0.3) / k.x * -1, centre.lat - 9 * cos(angle) / k.y)
        }
        let exitStart = Geodesic.destination(from: loop[loop.count - 1], bearingDeg: 180, distanceM: 4)
        let b = Self.walk(from: exitStart, bearingDeg: 100, lengthM: 200, stepM: 2)
        let track = a + loop + b
        let cleaned = RouteCleaner.clean(track)
        let loops = cleaned.edits.filter { $0.kind == .loop && $0.lengthRemovedM > 20 }
        try #require(loops.count == 1, "\(cleaned.edits.map(\.description))")
        #expect(loops[0].sizeM <= 30)
        // The walk on either side is untouched.
        #expect(Array(cleaned.coords.prefix(a.count - 5)) == Array(a.prefix(a.count - 5)))
    }

    @Test func theTipOfAnOutAndBackIsKept() {
        var rng = SeededRandom(seed: 5)
        let out = Self.walk(bearingDeg: 30, lengthM: 600, stepM: 1.3)
        let tip = out[out.count - 1]
        // Out, a few minutes at the tip with a loop around it, then back offset by 6 m of drift.
        let k = WGS84.metresPerDegree(atLatDeg: tip.lat)
        let loop = (0..<40).map { s -> LonLat in
            let angle = 2 * Double.pi * Double(s) / 40
            return LonLat(tip.lon + 10 * sin(angle) / k.x, tip.lat + 10 * (1 - cos(angle)) / k.y)
        }
        let back = out.reversed().map { Geodesic.destination(from: $0, bearingDeg: 120, distanceM: 6) }
        let track = (out + loop + (0..<120).map { _ in Self.jitter(tip, sigmaM: 3, &rng) } + back).map { Self.jitter($0, sigmaM: 0.7, &rng) }
        let cleaned = RouteCleaner.clean(track)
        let reach = cleaned.coords.map { Geodesic.distanceM(out[0], $0) }.max()!
        #expect(reach >= 590, "the turnaround was cut: the track now reaches \(reach) m of 600 (\(cleaned.edits.map(\.description)))")
    }

    @Test(arguments: [1, 2, 3, 4])
    func aLoopDrawnAtTheStartOfAStopAtATurnaroundGoesWithTheStop(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed) &* 131)
        let out = Self.walk(bearingDeg: 30, lengthM: 600, stepM: 1.3)
        let tip = out[out.count - 1]
        // At the tip the device first draws a loop of 15 m radius that reaches 30 m beyond the
        // tip, then a cloud a few metres off while its owner stands; then the way back.
        let centre = Geodesic.destination(from: tip, bearingDeg: 30, distanceM: 15)
        let loop = (1..<40).map { Geodesic.destination(from: centre, bearingDeg: 210 + 9 * Double($0), distanceM: 15) }
        let standing = Geodesic.destination(from: tip, bearingDeg: 300, distanceM: 6)
        let cloud = (0..<120).map { _ in Self.jitter(standing, sigmaM: 3, &rng) }
        let back = Array(out.reversed().dropFirst())
        let track = (out + loop + cloud + back).map { Self.jitter($0, sigmaM: 0.7, &rng) }
        let loopReachM = loop.map { Geodesic.distanceM(out[0], $0) }.max()!
        #expect(loopReachM > 625)
        let cleaned = RouteCleaner.clean(track)
        let reachM = cleaned.coords.map { Geodesic.distanceM(out[0], $0) }.max()!
        #expect(reachM < 608, "the loop at the tip survived: the track reaches \(reachM) m (\(cleaned.edits.filter { $0.kind != .loop }.map(\.description)))")
        #expect(reachM > 594, "the turnaround was cut: \(reachM) m")
        let stops = cleaned.edits.filter { $0.kind == .stop }
        #expect(stops.count == 1)
    }

    @Test func aPlannedRouteKeepsItsSpurs() {
        var line = Self.walk(bearingDeg: 90, lengthM: 600, stepM: 10)
        line.insert(Geodesic.destination(from: line[30], bearingDeg: 0, distanceM: 300), at: 31)
        var planned = RouteCleaner.Options()
        planned.removeGPSArtifacts = false
        #expect(RouteCleaner.clean(line, options: planned).coords == line)
    }
}
