import Foundation
import RouteCore
import Testing
import TrackGeometry
import TestSupport
import TrailpackCore
@testable import Guidance

/// The two passes of a recording that walks back along itself, read as one (`PassFusion`).
struct PassFusionTests {
    /// A trail north-north-east for 600 m with two bends, every 5 m.
    static let trail: [LonLat] = {
        let corners = Fixtures.walk([(10, 200), (60, 150), (20, 250)])
        return Fixtures.densify(corners, stepM: 5).coords
    }()

    /// `coords` moved `eastM` metres east.
    static func shifted(_ coords: [LonLat], eastM: Double) -> [LonLat] {
        coords.map { Geodesic.destination(from: $0, bearingDeg: eastM >= 0 ? 90 : 270, distanceM: abs(eastM)) }
    }

    /// Distance from `p` to the nearest point of `line`, metres.
    static func distanceM(_ p: LonLat, to line: LineMeasure) -> Double {
        let g = line.geometry
        return g.nearest(to: g.frame.position(p), alongFromM: 0, toM: line.lengthM).distanceM
    }

    @Test func twoPassesOffsetByDriftMeetOnTheTrail() {
        // The way in recorded 5 m east of the trail, the way back 5 m west: drift on two passes.
        let wayIn = Self.shifted(Self.trail, eastM: 5), wayBack = Self.shifted(Self.trail.reversed(), eastM: -5)
        let line = LineMeasure(wayIn + wayBack)
        let tip = wayIn.count - 1
        let partners = PassFusion.partners(on: line, tips: [tip], tuning: .standard)
        let paired = partners.filter { $0 != nil }.count
        #expect(Double(paired) >= 0.95 * Double(partners.count), "\(paired) of \(partners.count) vertices paired")
        // Each way-back vertex's partner is the way-in point recorded at the same place: as far
        // before the tip as the vertex is after it.
        for j in (tip + 1)..<line.coords.count {
            guard let p = partners[j] else { continue }
            #expect(abs((line.cumM[tip] - p) - (line.cumM[j] - line.cumM[tip])) <= 12, "vertex \(j)")
        }
        let fused = PassFusion.fused(line, partners: partners, tuning: .standard)
        let trail = LineMeasure(Self.trail)
        var offM: [Double] = []
        for k in line.coords.indices {
            #expect(Geodesic.distanceM(fused.coords[k], line.coords[k]) <= GuidanceTuning.standard.overlap.farWithinM / 2 + 0.01)
            // Beyond the taper at the ends of the pairing (the tip and the route's ends), on the trail.
            let fromEndsM = min(line.cumM[k], abs(line.cumM[k] - line.cumM[tip]), line.lengthM - line.cumM[k])
            guard fromEndsM > GuidanceTuning.standard.overlap.taperM + 15 else { continue }
            offM.append(Self.distanceM(fused.coords[k], to: trail))
        }
        offM.sort()
        #expect(offM.count > 100)
        // Each pass lies 5 m off (2.5-5 m across the trail's way); the middle of the two on the
        // trail, but where a bend's inside and outside differ.
        #expect(offM[offM.count / 2] <= 0.5, "median \(offM[offM.count / 2]) m")
        #expect(offM[offM.count - 1] <= 2.5, "a fused vertex lies \(offM[offM.count - 1]) m off the trail")
    }

    @Test func anExactRetraceIsNotMoved() {
        let line = LineMeasure(Self.trail + Self.trail.reversed().dropFirst())
        let partners = PassFusion.partners(on: line, tips: [Self.trail.count - 1], tuning: .standard)
        #expect(partners.filter { $0 != nil }.count >= line.coords.count - 2)
        let fused = PassFusion.fused(line, partners: partners, tuning: .standard)
        for k in line.coords.indices { #expect(Geodesic.distanceM(fused.coords[k], line.coords[k]) < 0.01) }
    }

    @Test func aRangeOnOnePassMapsOntoTheOther() {
        // A zigzag's run read on the way in, 200-300 m along: on the way back it lies as far
        // after the tip as the run lies before it.
        let wayIn = Self.shifted(Self.trail, eastM: 5), wayBack = Self.shifted(Self.trail.reversed(), eastM: -5)
        let line = LineMeasure(wayIn + wayBack)
        let tipM = line.cumM[wayIn.count - 1]
        let partners = PassFusion.partners(on: line, tips: [wayIn.count - 1], tuning: .standard)
        let mapped = PassFusion.mirroredRanges([200.0...300.0], partners: partners, line: line)
        #expect(mapped.count == 1)
        if let m = mapped.first {
            #expect(abs(m.lowerBound - (2 * tipM - 300)) <= 12 && abs(m.upperBound - (2 * tipM - 200)) <= 12, "\(m)")
        }
        // Nothing paired, nothing mapped.
        #expect(PassFusion.mirroredRanges([200.0...300.0], partners: partners.map { _ in nil }, line: line).isEmpty)
    }

    @Test func aWayBackThatLeavesTheWayInIsPairedOnlyWhileBesideIt() {
        // Back along the trail for 300 m, 4 m west of the way in, then east on another path for 400 m.
        let wayIn = Self.trail
        let along = Self.shifted(Array(Self.trail.reversed().prefix(61)), eastM: -4)
        let away = Fixtures.densify(Fixtures.walk(from: along[along.count - 1], [(100, 400)]), stepM: 5).coords.dropFirst()
        let line = LineMeasure(wayIn + along + away)
        let tip = wayIn.count - 1
        let partners = PassFusion.partners(on: line, tips: [tip], tuning: .standard)
        let partingM = line.cumM[tip + along.count]
        for j in line.coords.indices where partners[j] != nil {
            // The way back: no partner beyond where it could still be within reach of the way in.
            if j > tip { #expect(line.cumM[j] <= partingM + GuidanceTuning.standard.overlap.farWithinM + 5, "way-back vertex \(j) paired") }
            // The way in: only the 300 m the way back walks along.
            if j < tip { #expect(line.cumM[tip] - line.cumM[j] <= 300 + GuidanceTuning.standard.overlap.farWithinM + 5, "way-in vertex \(j) paired") }
        }
        #expect(partners[(tip + 1)...].filter { $0 != nil }.count >= along.count - 3)
    }

    @Test func aLollipopsStemIsPairedAndItsLoopIsNot() {
        // Out along the trail 5 m east of it, round a 1.2 km loop, back along it 5 m west.
        let wayOut = Self.shifted(Self.trail, eastM: 5)
        let loop = Fixtures.densify(Fixtures.walk(from: Self.trail[Self.trail.count - 1], [(60, 300), (150, 300), (240, 300), (330, 300)]), stepM: 5).coords
        let wayBack = Self.shifted(Self.trail.reversed(), eastM: -5)
        let line = LineMeasure(wayOut + loop + wayBack)
        let ends = Stems.innerEnds(on: line.geometry, paired: [Double?](repeating: nil, count: line.coords.count), tuning: .standard)
        let stems = ends.count
        #expect(stems == 1)
        let junction = Self.trail[Self.trail.count - 1]
        for (a, b) in ends {
            #expect(Geodesic.distanceM(line.coords[a], junction) <= 60 && Geodesic.distanceM(line.coords[b], junction) <= 60)
        }
        let partners = PassFusion.partners(on: line, tips: [], tuning: .standard)
        let outRange = 0..<wayOut.count, backRange = (wayOut.count + loop.count)..<line.coords.count
        for range in [outRange, backRange] {
            let paired = range.filter { partners[$0] != nil }.count
            #expect(Double(paired) >= 0.85 * Double(range.count), "\(paired) of \(range.count) stem vertices paired")
        }
        let stem = LineMeasure(Self.trail)
        for j in wayOut.count..<(wayOut.count + loop.count) where partners[j] != nil {
            #expect(Self.distanceM(line.coords[j], to: stem) <= GuidanceTuning.standard.overlap.farWithinM, "loop vertex \(j) paired")
        }
        let fused = PassFusion.fused(line, partners: partners, tuning: .standard)
        let offM = (Array(outRange) + Array(backRange)).filter { partners[$0] != nil }.map { Self.distanceM(fused.coords[$0], to: stem) }.sorted()
        #expect(offM[offM.count / 2] <= 0.5, "median \(offM[offM.count / 2]) m off the trail")
    }

    @Test func noZigzagIsTakenForAStem() throws {
        // The tight switchback runs of `RetraceTests`, drawn and recorded: legs walked the other
        // way close beside each other, but never 300 m apart along the route for 150 m.
        for seed in UInt64(1)...48 {
            var rng = SeededRandom(seed: seed &* 7919)
            let truth = RetraceTests.tightSwitchbacks(rng: &rng)
            let recorded = GroundLine.thinned(RouteCleaner.clean(NoisyTrackCorpus.record(truth, turnaroundsM: [], effects: .all, rng: &rng)).coords)
            for coords in [truth, recorded] {
                let (line, _) = LineMeasure(coords).decimated(minStepM: GuidanceTuning.standard.bends.groundStepM)
                let stems = Stems.innerEnds(on: line.geometry, paired: [Double?](repeating: nil, count: line.coords.count), tuning: .standard).count
                #expect(stems == 0, "seed \(seed)")
            }
        }
    }

    /// The turn cues of an off-network route over `coords`, with their resampled positions.
    static func turnCues(_ coords: [LonLat], fusingPasses: Bool) throws -> (cues: [Waypoint], line: [LonLat]) {
        let r = try Resampler.resample(coords)
        let input = GuidanceInput(path: RoutePath(coords: coords), resampledCoords: r.coords, cumM: r.cumM,
                                  elevationsM: r.cumM.map { _ in 500 }, resampledIndexOfPathVertex: r.indexOfInput)
        return (try Guidance.waypoints(for: input, fusingPasses: fusingPasses).filter { $0.kind == .turn }, r.coords)
    }

    /// Of `wayIn` and `wayBack` (the turn cues on two passes of one stretch, at indices into
    /// `line`), how many have their mirror (a turn the other way within 30 m) on the other pass.
    static func mirrored(_ wayIn: [Waypoint], _ wayBack: [Waypoint], on line: [LonLat]) -> (mirrored: Int, cues: Int) {
        func hasMirror(_ a: Waypoint, among others: [Waypoint]) -> Bool {
            others.contains { NoisyTrackCorpusTests.side($0.dir) != NoisyTrackCorpusTests.side(a.dir) && Geodesic.distanceM(line[$0.i], line[a.i]) <= 30 }
        }
        let count = wayIn.filter { hasMirror($0, among: wayBack) }.count + wayBack.filter { hasMirror($0, among: wayIn) }.count
        return (count, wayIn.count + wayBack.count)
    }

    /// Prints both shares and expects reading the passes as one to mirror at least `minShare` of
    /// at least `minCues` cues, and 5 points more than each pass read alone.
    static func expectMirrored(_ what: String, fused: (mirrored: Int, cues: Int), apart: (mirrored: Int, cues: Int),
                               minCues: Int, minShare: Double) {
        let fusedShare = Double(fused.mirrored) / Double(fused.cues), apartShare = Double(apart.mirrored) / Double(apart.cues)
        print(String(format: "%@: %d of %d turn cues mirrored on the other pass (%.3f); each pass read alone: %d of %d (%.3f)",
                     what, fused.mirrored, fused.cues, fusedShare, apart.mirrored, apart.cues, apartShare))
        #expect(fused.cues >= minCues)
        #expect(fusedShare >= minShare)
        #expect(fusedShare >= apartShare + 0.05)
    }

    /// The turn cues of the out-and-back recordings of the corpus, mirrored or not.
    static func outAndBackMirrors(fusingPasses: Bool) throws -> (mirrored: Int, cues: Int) {
        var total = (mirrored: 0, cues: 0)
        for seed in UInt64(1)...UInt64(NoisyTrackCorpusTests.corpusSize) {
            let track = try NoisyTrackCorpus.make(seed: seed)
            guard track.turnaroundsM.count == 1 else { continue }
            let c = try turnCues(GroundLine.thinned(RouteCleaner.clean(track.recorded).coords), fusingPasses: fusingPasses)
            guard let tip = c.cues.first(where: { $0.dir == .uTurn }) else { continue }
            let turns = c.cues.filter { $0.dir != .uTurn }
            let m = mirrored(turns.filter { $0.i < tip.i }, turns.filter { $0.i > tip.i }, on: c.line)
            total = (total.mirrored + m.mirrored, total.cues + m.cues)
        }
        return total
    }

    @Test func anOutAndBackRecordingIsToldOfTheSameBendsBothWays() throws {
        Self.expectMirrored("Out-and-back recordings", fused: try Self.outAndBackMirrors(fusingPasses: true),
                            apart: try Self.outAndBackMirrors(fusingPasses: false), minCues: 120, minShare: 0.95)
    }

    @Test func aLollipopRecordingIsToldOfTheSameBendsOnItsStemBothWays() throws {
        // 48 lollipops: the first kilometre of a corpus truth line (OSM network routes and
        // recorded hikes) as the stem, a 1.2 km loop at its end, recorded with every device effect.
        var counts: [Bool: (mirrored: Int, cues: Int)] = [true: (0, 0), false: (0, 0)]
        let stemM = 1000.0
        for seed in UInt64(1)...48 {
            var rng = SeededRandom(seed: seed &* 104_729)
            let (_, line) = try NoisyTrackCorpus.truthLine(kind: Int(seed % 3), rng: &rng)
            let measure = LineMeasure(line)
            guard measure.lengthM >= stemM + 100 else { continue }
            let stem = line.indices.filter { measure.cumM[$0] < stemM }.map { line[$0] } + [measure.point(atM: stemM)]
            let endBearing = Geodesic.bearingDeg(measure.point(atM: stemM - 30), stem[stem.count - 1])
            let corners = Fixtures.walk(from: stem[stem.count - 1], [0.0, 90, 180, 270].map { (endBearing + 60 + $0, 300.0) })
            let loop = Fixtures.densify(corners, stepM: 10).coords
            let truth: [LonLat] = stem + Array(loop.dropFirst()) + Array(stem.reversed().dropFirst())
            let backFromM = LineMeasure(truth).lengthM - stemM
            let recorded = GroundLine.thinned(RouteCleaner.clean(NoisyTrackCorpus.record(truth, turnaroundsM: [], effects: .all, rng: &rng)).coords)
            for fusing in [true, false] {
                let c = try Self.turnCues(recorded, fusingPasses: fusing)
                let along = NoisyTrackCorpus.alignedAlongM(c.line, onto: truth)
                let m = Self.mirrored(c.cues.filter { along[$0.i] < stemM - 60 }, c.cues.filter { along[$0.i] > backFromM + 60 }, on: c.line)
                counts[fusing] = (counts[fusing]!.mirrored + m.mirrored, counts[fusing]!.cues + m.cues)
            }
        }
        Self.expectMirrored("Lollipop recordings (cues on the stem)", fused: counts[true]!, apart: counts[false]!, minCues: 60, minShare: 0.9)
    }
}
