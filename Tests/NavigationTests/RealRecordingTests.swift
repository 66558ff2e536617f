import Bindings
import Foundation
import PackJSON
import PackReader
import Testing
import TestSupport
import TrailpackCore
@testable import Navigation

/// The "Must hold" on the repository's real recordings (data/gpx: the three walks whose
/// every fix has a time), through the built binary: each walk becomes a region (its own line as
/// the trail, a DEM gridded by GDAL from its own elevations, the walk as the route), then
/// `trailpack replay` plays it back, and ten seeded 300 m detours injected into it.
@Suite(.serialized) struct RealRecordingTests {
    /// File and track (index among the file's GPX tracks) of each timed walk.
    static let walks = [("korita-zbevnica.gpx", 2), ("korita-zbevnica.gpx", 3), ("cerknicko-jezero.gpx", 1)]
    static let built = Result { try walks.map { try RecordedRegion.make(file: $0.0, track: $0.1) } }

    @Test func followingItsOwnRouteRaisesNoAlarmAnnouncesEveryCueAndArrives() throws {
        for region in try Self.built.get() {
            let replay = try region.replay(region.walkGPX, label: "own")
            let kinds = replay.events.map(\.kind)
            #expect(!kinds.contains("off-route"), "\(region.label)")
            #expect(!kinds.contains("cue-missed"), "\(region.label)")
            let announced = replay.events.filter { $0.kind == "cue" }.map(\.waypoint)
            #expect(announced == Array(1..<region.waypointCount), "\(region.label): \(announced)")
            #expect(replay.events.filter { $0.kind == "cue" }.allSatisfy { $0.aheadM > 0 })
            let arrival = try #require(replay.events.first { $0.kind == "arrived" }, "\(region.label)")
            #expect(replay.timeline[arrival.fix].remainingM <= 30)
        }
    }

    @Test func tenSeededDetoursAreCaughtAndTheWayBackIsRejoinsAnswer() throws {
        let regions = try Self.built.get()
        var random = SplitMix64(seed: 4330)
        var offDelays: [Double] = [], backDelays: [Double] = []
        var told = 0, computed = 0
        for n in 0..<10 {
            let region = regions[n % regions.count]
            let at = region.fixes.count / 10 + Int(random.unit() * Double(region.fixes.count * 8 / 10))
            let detour = RecordedRegion.detour(region.fixes, at: at)
            let file = region.folder.appendingPathComponent("detour-\(n).gpx")
            try RecordedRegion.writeGPX(detour.fixes, to: file)
            let replay = try region.replay(file, label: "detour-\(n)")
            let corridor = NavigationTuning.standard.corridorM(accuracyM: nil)
            let left = try #require(replay.timeline.indices.first { $0 >= at && replay.timeline[$0].distanceM > corridor })
            let off = try #require(replay.events.first { $0.kind == "off-route" && $0.fix >= at }, "detour \(n) at fix \(at) of \(region.label)")
            offDelays.append(replay.timeline[off.fix].t - replay.timeline[left].t)
            let returned = try #require(replay.timeline.indices.first { $0 > off.fix && replay.timeline[$0].distanceM <= corridor })
            let back = try #require(replay.events.first { $0.kind == "back-on-route" && $0.fix > off.fix })
            backDelays.append(replay.timeline[back.fix].t - replay.timeline[returned].t)
            let rejoin = try #require(replay.events.first { $0.kind == "rejoin" && $0.fix > off.fix })
            #expect(rejoin.answerIndex != nil)
            #expect(rejoin.answerIndex == (try region.rejoinIndex(at: rejoin.at, from: rejoin.from)), "detour \(n)")
            // The walker is told the first way back of the episode, then only a changed one (or after rejoinRemindS).
            #expect(rejoin.announced)
            let episode = replay.events.filter { $0.kind == "rejoin" && $0.fix > off.fix && $0.fix < back.fix }
            told += episode.filter(\.announced).count
            computed += episode.count
        }
        print("detours: ways back computed \(computed), told \(told)")
        print("detours: off route after leaving the corridor \(offDelays.map { Int($0) }) s, back on after returning \(backDelays.map { Int($0) }) s")
        #expect(offDelays.allSatisfy { $0 <= 30 } && backDelays.allSatisfy { $0 <= 30 })
    }

    /// The table: median and worst absolute error of the predicted time left at 25, 50 and 75%
    /// of each walk, DIN alone and corrected, against the walking time left (breaks still to come
    /// left out: docs/NAVIGATION.md, "Measuring the ETA") and by the clock; the corrected median at
    /// 50% is at most 10%.
    @Test func etaErrorsAtAQuarterHalfAndThreeQuartersOfEachWalk() throws {
        typealias Errors = (din: [Double], corrected: [Double], dinClock: [Double], correctedClock: [Double])
        var rows: [(percent: Int, e: Errors)] = [25, 50, 75].map { ($0, ([], [], [], [])) }
        for region in try Self.built.get() {
            let replay = try region.replay(region.walkGPX, label: "eta")
            let end = replay.timeline[replay.events.first { $0.kind == "arrived" }?.fix ?? replay.timeline.count - 1]
            let t0 = replay.timeline[0].t
            for k in rows.indices {
                let at = t0 + (end.t - t0) * Double(rows[k].percent) / 100
                let f = try #require(replay.timeline.first { $0.t >= at })
                let walking = end.walkingS - f.walkingS, clock = end.t - f.t
                rows[k].e.din.append(abs(f.etaDinS - walking) / walking)
                rows[k].e.corrected.append(abs(f.etaS - walking) / walking)
                rows[k].e.dinClock.append(abs(f.etaDinS - clock) / clock)
                rows[k].e.correctedClock.append(abs(f.etaS - clock) / clock)
            }
        }
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
        func cell(_ v: [Double]) -> String { String(format: "%.0f%%, %.0f%%", median(v) * 100, v.max()! * 100) }
        for r in rows {
            print("ETA at \(r.percent)% of \(Self.walks.count) walks (median, worst): walking time left: DIN \(cell(r.e.din)), corrected \(cell(r.e.corrected)); by the clock: DIN \(cell(r.e.dinClock)), corrected \(cell(r.e.correctedClock))")
        }
        #expect(rows.allSatisfy { $0.e.din.count == Self.walks.count })
        let half = try #require(rows.first { $0.percent == 50 })
        #expect(median(half.e.corrected) <= 0.10, "corrected median at 50%: \(median(half.e.corrected))")
    }
}
