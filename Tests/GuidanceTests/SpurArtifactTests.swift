import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// A 70 m spur walked out and back, recorded with what real recordings add at a spur's tip: a
/// stop of 1-3 minutes, a tangle, dropped fixes, a device with a fix every second (1.3 m steps),
/// drift that lays the way back 5-10 m beside the way out, and a spur off a bend of the trail.
/// Each recording, cleaned and put on the ground as the pipeline does, gets one U-turn within
/// `tipWithinM` of the spur's tip and no other.
struct SpurArtifactTests {
    /// What a recording adds to the plain one (a fix every 3 m, 1.5 m of white jitter).
    enum Artifact: String, CaseIterable, Sendable {
        case stopAtTip, tangleAtTip, gapAtTip, oneSecondDevice, driftBeside, offABend
    }

    /// The spur's length, metres.
    static let spurM = 70.0
    /// A U-turn must lie this close to the spur's tip, metres.
    static let tipWithinM = 25.0

    /// The trail (400 m to the junction, 400 m on, straight or, `offABend`, turning 60-100
    /// degrees there) and the spur (off at 60-120 degrees, or off the bend's outside or inside):
    /// the line walked and where along it the tip lies.
    static func walk(_ a: Artifact, rng: inout SeededRandom) -> (line: [LonLat], tipM: Double, tip: LonLat) {
        let inBearing = Double.random(in: 0..<360, using: &rng)
        let start = LonLat(-71.40 + Double.random(in: -0.03...0.03, using: &rng), 44.50 + Double.random(in: -0.03...0.03, using: &rng))
        let junction = Geodesic.destination(from: start, bearingDeg: inBearing, distanceM: 400)
        let sign = Bool.random(using: &rng) ? 1.0 : -1.0
        var onBearing = inBearing, spurBearing = inBearing + sign * Double.random(in: 60...120, using: &rng)
        if a == .offABend {
            let turnDeg = sign * Double.random(in: 60...100, using: &rng)
            onBearing = inBearing + turnDeg
            // The outside of the bend, or its inside: the bisector of the two arms.
            spurBearing = inBearing + turnDeg / 2 + (Bool.random(using: &rng) ? -90 : 90) * sign
        }
        let tip = Geodesic.destination(from: junction, bearingDeg: spurBearing, distanceM: spurM)
        let onward = Geodesic.destination(from: junction, bearingDeg: onBearing, distanceM: 400)
        return ([start, junction, tip, junction, onward], 400 + spurM, tip)
    }

    /// A recording of `line` with artifact `a` at its tip (`tipM` along), fixes every 3 m (1.3 m
    /// for `oneSecondDevice`) with 1.5 m of white jitter (1 m) and a slow drift of σ 1.5 m.
    static func record(_ line: [LonLat], tipM: Double, _ a: Artifact, rng: inout SeededRandom) -> [LonLat] {
        let truth = LineMeasure(line)
        let stepM = a == .oneSecondDevice ? 1.3 : 3.0, jitterM = a == .oneSecondDevice ? 1.0 : 1.5
        let gap = a == .gapAtTip ? (Double.random(in: 5...20, using: &rng), Double.random(in: 5...20, using: &rng)) : (0, 0)
        // Drift beside: after the tip the fixes lie 5-10 m to one side, easing back over 200 m.
        let besideM = a == .driftBeside ? Double.random(in: 5...10, using: &rng) * (Bool.random(using: &rng) ? 1 : -1) : 0
        let besideBearing = Geodesic.bearingDeg(line[1], line[2]) + 90
        var slow = (x: 0.0, y: 0.0), out: [LonLat] = []
        func fix(_ p: LonLat, _ sigmaM: Double, atM s: Double) {
            slow = (0.98 * slow.x + 0.3 * NoisyTrackCorpus.gaussian(&rng), 0.98 * slow.y + 0.3 * NoisyTrackCorpus.gaussian(&rng))
            let ease = s <= tipM ? 0 : max(0, 1 - (s - tipM - 15) / 200) * min(1, (s - tipM) / 15)
            let q = besideM == 0 ? p : Geodesic.destination(from: p, bearingDeg: besideBearing, distanceM: besideM * ease)
            let k = WGS84.metresPerDegree(atLatDeg: q.lat)
            out.append(LonLat(q.lon + (slow.x + sigmaM * NoisyTrackCorpus.gaussian(&rng)) / k.x,
                              q.lat + (slow.y + sigmaM * NoisyTrackCorpus.gaussian(&rng)) / k.y))
        }
        var s = 0.0, atTip = false
        while s <= truth.lengthM {
            if !atTip, s >= tipM {
                atTip = true
                for (q, sigmaM) in tipArtifact(a, at: truth.point(atM: tipM), rng: &rng) { fix(q, sigmaM, atM: tipM) }
            }
            if s < tipM - gap.0 || s > tipM + gap.1 { fix(truth.point(atM: s), jitterM, atM: s) }
            s += stepM
        }
        return out
    }

    /// The fixes a stop (1-3 minutes at one a second, 2-5 m of jitter) or a tangle (the hiker
    /// wandering 20-40 fixes within 10 m) adds at the tip `p`: each fix's place and jitter.
    static func tipArtifact(_ a: Artifact, at p: LonLat, rng: inout SeededRandom) -> [(LonLat, Double)] {
        var out: [(LonLat, Double)] = []
        func fix(_ q: LonLat, _ sigmaM: Double) { out.append((q, sigmaM)) }
        switch a {
        case .stopAtTip:
            let jitterM = Double.random(in: 2...5, using: &rng)
            for _ in 0..<Int.random(in: 60...180, using: &rng) { fix(p, jitterM) }
        case .tangleAtTip:
            var q = p
            for _ in 0..<Int.random(in: 20...40, using: &rng) {
                q = Geodesic.destination(from: q, bearingDeg: Double.random(in: 0..<360, using: &rng), distanceM: Double.random(in: 1...4, using: &rng))
                if Geodesic.distanceM(q, p) > 10 { q = p }
                fix(q, 1)
            }
        default:
            break
        }
        return out
    }

    /// How many of the 10 recordings of each artifact get their one U-turn at the tip, as
    /// measured (docs/GUIDANCE-TUNING.md, *Spurs with device artifacts*): a stop at the tip and
    /// drift that lays the way back 5-10 m beside the way out still lose theirs (the spur rule
    /// asks for a way back within 6 m of the way in; 10 m finds 10 of 10 stops and 6 of 10
    /// drifted ways back, but reads 26 of the 48 tight switchback recordings of `RetraceTests` as
    /// spurs).
    static let atTipAtLeast: [Artifact: Int] = [.stopAtTip: 6, .tangleAtTip: 9, .gapAtTip: 9, .oneSecondDevice: 10,
                                                .driftBeside: 1, .offABend: 10]

    /// Ten recordings of a 70 m spur with each artifact: never a U-turn away from the tip, never
    /// two, and one at the tip on at least `atTipAtLeast` of them.
    @Test(arguments: Artifact.allCases)
    func aSpurWithDeviceArtifactsGetsItsUTurnAtTheTipOnly(artifact: Artifact) throws {
        var atTip = 0
        for seed in UInt64(1)...10 {
            var rng = SeededRandom(seed: seed &* 7_001 &+ UInt64(Artifact.allCases.firstIndex(of: artifact) ?? 0))
            let w = Self.walk(artifact, rng: &rng)
            let line = GroundLine.thinned(RouteCleaner.clean(Self.record(w.line, tipM: w.tipM, artifact, rng: &rng)).coords)
            let resampled = try Resampler.resample(line)
            let offM = try RetraceTests.waypoints(line).filter { $0.dir == .uTurn }.map { Geodesic.distanceM(resampled.coords[$0.i], w.tip) }
            #expect(offM.count <= 1 && offM.allSatisfy { $0 <= Self.tipWithinM }, "seed \(seed): U-turns \(offM) m from the tip")
            if offM.count == 1 { atTip += 1 }
        }
        print("Spurs with \(artifact): \(atTip) of 10 recordings with one U-turn at the tip")
        #expect(atTip >= Self.atTipAtLeast[artifact] ?? 10)
    }
}
