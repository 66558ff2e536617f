import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// Cues from simulated device recordings against cues from the truth line they recorded
/// (NoisyTrackCorpus): matched within 30 m on the ground, on the same side. Prints precision and
/// recall (docs/GUIDANCE-TUNING.md records them).
struct NoisyTrackCorpusTests {
    static func side(_ dir: TurnDirection?) -> String {
        switch dir {
        case .slightLeft, .left, .sharpLeft: "L"
        case .slightRight, .right, .sharpRight: "R"
        case .uTurn: "U"
        default: "S"
        }
    }

    /// The turn cues of an off-network route over `coords`, with their resampled positions.
    static func turnCues(_ coords: [LonLat]) throws -> (cues: [Waypoint], line: [LonLat], cumM: [Double]) {
        let resampled = try Resampler.resample(coords)
        let input = GuidanceInput(path: RoutePath(coords: coords), resampledCoords: resampled.coords, cumM: resampled.cumM,
                                  elevationsM: resampled.cumM.map { _ in 500 }, resampledIndexOfPathVertex: resampled.indexOfInput)
        return (try Guidance.waypoints(for: input).filter { $0.kind == .turn }, resampled.coords, resampled.cumM)
    }

    /// The corpus size: four times the 48 tracks the guidance rules were first tuned on, so a
    /// rule that only fits those seeds shows here.
    static let corpusSize = 192
    /// The turn thresholds the corpus is judged against.
    static let bends = GuidanceTuning.standard.bends

    /// Every figure is printed; `TRAILPACK_CORPUS_VERBOSE=1` also lists each unmatched cue, and
    /// `TRAILPACK_CORPUS_EFFECTS` (the `Effects` raw value) simulates fewer device effects, and
    /// `TRAILPACK_CORPUS_FIRST_SEED` measures other seeds (fresh tracks no rule was tuned on), and
    /// `TRAILPACK_CORPUS_DRIFT_TIME_SCALE` makes the drift that many times slower (a device as
    /// noisy as the real ones measured in `DeviceNoiseCalibrationTests`); each only prints.
    @Test func noisyRecordingsGiveTheCuesOfTheirTruthLine() throws {
        let env = ProcessInfo.processInfo.environment
        let effects = env["TRAILPACK_CORPUS_EFFECTS"].flatMap(Int.init).map(NoisyTrackCorpus.Effects.init(rawValue:)) ?? .all
        let firstSeed = env["TRAILPACK_CORPUS_FIRST_SEED"].flatMap(UInt64.init) ?? 1
        let driftTimeScale = env["TRAILPACK_CORPUS_DRIFT_TIME_SCALE"].flatMap(Double.init) ?? 1
        let stats = try Self.evaluate(NoisyTrackCorpus.tracks(count: Self.corpusSize, firstSeed: firstSeed, effects: effects,
                                                              driftTimeScale: driftTimeScale),
                                      verbose: env["TRAILPACK_CORPUS_VERBOSE"] == "1")
        guard effects == .all, firstSeed == 1, driftTimeScale == 1 else { return }
        #expect(stats.tracks == Self.corpusSize)
        #expect(stats.truthCues >= 600, "the corpus must exercise guidance")
        #expect(stats.turnarounds >= 60)
        #expect(stats.wrongSide == 0)
        // With the documented 10-degree band around the thresholds (docs/GUIDANCE-TUNING.md, *Measured*).
        #expect(stats.precision >= 0.95)
        #expect(stats.recall >= 0.90)
        // Strict figures, as the issue asks (docs/GUIDANCE-TUNING.md gives them on fresh seeds too, where
        // precision is 0.943-0.944 at this drift and 0.952-0.955 at real devices' drift).
        #expect(stats.strictPrecision >= 0.95)
        #expect(stats.strictRecall >= 0.90)
        #expect(stats.missingUTurns == 0)
    }

    /// Fresh seeds that once had a cue on the wrong side: #634, a real hike's turnaround whose
    /// recorded way after lay 2.7 m to the right ("Turn sharp right" where the trail turns back
    /// left; a hairpin's side now needs 4 m), and #710, a double spike 60 m off beside a run of
    /// dropped fixes that cleaning kept (its neighbours lie 0.55 of its legs apart).
    @Test func freshSeedsThatHadAWrongSideCueHaveNone() throws {
        let stats = try Self.evaluate([634, 710].map { try NoisyTrackCorpus.make(seed: $0) }, verbose: false)
        #expect(stats.wrongSide == 0)
    }

    /// Seed 186, a hike's turnaround walked slowly at one fix a second: the walk to the tip and
    /// back had read as a stop, whose centre lay 34 m from the tip. Seed 26 with stops alone, a
    /// walk 30 m on to the summit and back before a stand: once that walk was no stop of its
    /// own, the stand took it as a loop drawn before it, 32 m short of the summit. Both keep
    /// their U-turn at the tip.
    @Test func walksToATipThatHadReadAsPartOfAStopKeepTheirUTurn() throws {
        let stats = try Self.evaluate([NoisyTrackCorpus.make(seed: 186), NoisyTrackCorpus.make(seed: 26, effects: .stops)], verbose: false)
        #expect(stats.missingUTurns == 0)
        let summit = try Self.evaluate([NoisyTrackCorpus.make(seed: 26, effects: .stops)], verbose: false)
        #expect(summit.strictPrecision == 1, "the summit's U-turn is off the truth's")
    }

    /// Cleaning against what the simulator knows, on the corpus and its fresh seeds (768
    /// tracks): every stop it drew is found (a stop edit overlaps its fixes), and stops found
    /// where no one stood, by a turnaround (a walk to the tip and back), are at most half what
    /// they are without the walk test (6 and 17 when written).
    @Test func cleaningFindsTheSimulatedStopsAndFewWalksToATip() throws {
        var withoutWalkTest = RouteCleaner.Options()
        withoutWalkTest.stopWalkElongation = 0
        var simulated = 0, found = 0, atATip = 0, atATipBefore = 0, turnarounds = 0
        for track in try NoisyTrackCorpus.tracks(count: 4 * Self.corpusSize) {
            let tips = track.turnaroundsM.map { LineMeasure(track.truth).point(atM: $0) }
            func stopsAtATip(_ stops: [CleaningEdit]) -> Int {
                stops.filter { e in
                    !track.stopFixes.contains { $0.overlaps(e.firstIndex..<(e.lastIndex + 1)) } && tips.contains { Geodesic.distanceM($0, e.location) < 60 }
                }.count
            }
            let stops = RouteCleaner.clean(track.recorded).edits.filter { $0.kind == .stop }
            turnarounds += tips.count
            simulated += track.stopFixes.count
            found += track.stopFixes.filter { s in stops.contains { s.overlaps($0.firstIndex..<($0.lastIndex + 1)) } }.count
            atATip += stopsAtATip(stops)
            atATipBefore += stopsAtATip(RouteCleaner.clean(track.recorded, options: withoutWalkTest).edits.filter { $0.kind == .stop })
        }
        print("Simulated stops found: \(found) of \(simulated); stops where no one stood by a turnaround: \(atATip) (\(atATipBefore) without the walk test) at \(turnarounds) turnarounds")
        #expect(simulated > 1500)
        #expect(found == simulated)
        #expect(turnarounds == 256)
        #expect(2 * atATip <= atATipBefore)
    }

    struct Stats {
        var tracks = 0, truthCues = 0, turnarounds = 0, wrongSide = 0, missingUTurns = 0
        var precision = 0.0, recall = 0.0, strictPrecision = 0.0, strictRecall = 0.0
    }

    /// A cue of one line placed for matching: where it is, how far along the truth line it is
    /// expected (its share of its own line's length times the truth's), its side.
    struct Placed: CustomStringConvertible {
        var location: LonLat
        var alongM: Double
        var side: String
        var text: String
        var description: String { String(format: "%@ at %.0f m", text, alongM) }
    }

    /// Matching: same side, within `matchM` on the ground, and within `alongSlackM` of the same
    /// place along the truth (a recorded cue's place is where the recording is aligned to the
    /// truth, `NoisyTrackCorpus.alignedAlongM`), so that the way out and the way back of an
    /// out-and-back are never confused.
    static let matchM = 30.0
    static let alongSlackM = 150.0
    /// The ambiguity band: a truth bend within this many degrees of a threshold (45 degrees on
    /// 50 m chords, 20 degrees on 100 m chords) may or may not be a cue on the recording.
    static let bandDeg = 10.0

    static func evaluate(_ corpus: [NoisyTrackCorpus.Track], verbose: Bool) throws -> Stats {
        var truthTotal = 0, noisyTotal = 0, matchedTruth = 0, matchedNoisy = 0, wrongSide = 0, missingUTurns = 0, turnarounds = 0
        var excusedNoisy = 0, optionalTruthMissed = 0
        var kmTotal = 0.0, removedM = 0.0
        var report: [String] = []
        for track in corpus {
            let truth = try turnCues(track.truth)
            let cleaned = RouteCleaner.clean(track.recorded)
            removedM += cleaned.lengthRemovedM
            let noisy = try turnCues(GroundLine.thinned(cleaned.coords))
            let truthLength = truth.cumM.last!
            kmTotal += truthLength / 1000
            let slack = alongSlackM
            // Where along the truth each resampled vertex of the recording lies.
            let aligned = NoisyTrackCorpus.alignedAlongM(noisy.line, onto: truth.line)
            let truthCues = truth.cues.map { Placed(location: truth.line[$0.i], alongM: truth.cumM[$0.i], side: side($0.dir), text: $0.instruction) }
            let noisyCues = noisy.cues.map {
                Placed(location: noisy.line[$0.i], alongM: aligned[$0.i], side: side($0.dir), text: $0.instruction)
            }
            func near(_ a: Placed, _ b: Placed) -> Bool {
                abs(a.alongM - b.alongM) <= slack && Geodesic.distanceM(a.location, b.location) <= matchM
            }
            // The truth line's 50 m and 100 m bends at every vertex, for the ambiguity band.
            let (bend, _) = LineMeasure(truth.line).decimated(minStepM: GuidanceTuning.standard.bends.groundStepM)
            let b50 = bend.coords.indices.map { bend.deviationDeg(at: $0, windowM: 50) ?? 0 }
            let b100 = bend.coords.indices.map { bend.deviationDeg(at: $0, windowM: 100) ?? 0 }
            func truthBendNear(_ c: Placed, sign: Double, b50Deg: Double, b100Deg: Double) -> Bool {
                bend.coords.indices.contains { k in
                    abs(bend.cumM[k] - c.alongM) <= slack && Geodesic.distanceM(bend.coords[k], c.location) <= matchM
                        && sign * b50[k] >= b50Deg && sign * b100[k] >= b100Deg
                }
            }
            /// The truth vertex at the cue's place along the truth.
            func truthVertex(_ c: Placed) -> Int {
                bend.coords.indices.min { abs(bend.cumM[$0] - c.alongM) < abs(bend.cumM[$1] - c.alongM) }!
            }
            // Greedy matching, closest pairs first, same side only.
            var pairs: [(n: Int, t: Int, d: Double)] = []
            for (n, c) in noisyCues.enumerated() {
                for (t, u) in truthCues.enumerated() where c.side == u.side && near(c, u) {
                    pairs.append((n, t, Geodesic.distanceM(c.location, u.location)))
                }
            }
            var usedN = Set<Int>(), usedT = Set<Int>()
            for p in pairs.sorted(by: { $0.d < $1.d }) where !usedN.contains(p.n) && !usedT.contains(p.t) {
                usedN.insert(p.n)
                usedT.insert(p.t)
            }
            for (n, c) in noisyCues.enumerated() where !usedN.contains(n) {
                // Wrong side: the truth line bends at least 20 degrees the other way over 50 m
                // at the cue's place along it, and less than 160 (a reversal has no side).
                let k = truthVertex(c)
                let opposite = c.side != "U" && (c.side == "L" ? 1.0 : -1.0) * b50[k] >= 20 && abs(b50[k]) < 160
                if opposite { wrongSide += 1 }
                // Excused: the truth bends the same way there, within the band of the thresholds.
                let sign: Double = c.side == "L" ? -1 : 1
                let excused = !opposite && c.side != "U"
                    && truthBendNear(c, sign: sign, b50Deg: Self.bends.minTurnDeg - bandDeg, b100Deg: Self.bends.minWideDeg - bandDeg)
                if excused { excusedNoisy += 1 }
                var here = ""
                if verbose {
                    here = String(format: " [truth %.0f m away: b50 %.0f b100 %.0f]", Geodesic.distanceM(bend.coords[k], c.location), b50[k], b100[k])
                    if let t = truthCues.indices.min(by: { Geodesic.distanceM(truthCues[$0].location, c.location) < Geodesic.distanceM(truthCues[$1].location, c.location) }) {
                        let q = truthCues[t]
                        here += String(format: " {nearest truth cue: %@ %.0f m%@}", q.text, Geodesic.distanceM(q.location, c.location), usedT.contains(t) ? ", matched" : ", unmatched")
                    }
                }
                report.append("  \(track.label): extra \(c)\(opposite ? " WRONG SIDE" : excused ? " (truth bend in the band)" : "")\(here)")
            }
            for (t, u) in truthCues.enumerated() where !usedT.contains(t) {
                // Optional: the truth's bend there is within the band of a threshold.
                let sign: Double = u.side == "L" ? -1 : 1
                let clear = u.side == "U" || truthBendNear(u, sign: sign, b50Deg: Self.bends.minTurnDeg + bandDeg, b100Deg: Self.bends.minWideDeg + bandDeg)
                if !clear { optionalTruthMissed += 1 }
                var here = ""
                if verbose, let q = noisyCues.min(by: { Geodesic.distanceM($0.location, u.location) < Geodesic.distanceM($1.location, u.location) }) {
                    here = String(format: " {nearest recorded cue: %@ %.0f m}", q.text, Geodesic.distanceM(q.location, u.location))
                }
                report.append("  \(track.label): missed \(u)\(here)\(clear ? "" : " (in the band)")")
            }
            for tipM in track.turnaroundsM {
                turnarounds += 1
                let tip = LineMeasure(truth.line).point(atM: tipM)
                let probe = Placed(location: tip, alongM: tipM, side: "U", text: "turnaround")
                let found = noisyCues.contains { $0.side == "U" && near($0, probe) } && truthCues.contains { $0.side == "U" && near($0, probe) }
                if !found {
                    missingUTurns += 1
                    report.append("  \(track.label): no U-turn at the turnaround \(Int(tipM)) m")
                }
            }
            truthTotal += truthCues.count
            noisyTotal += noisyCues.count
            matchedTruth += usedT.count
            matchedNoisy += usedN.count
        }
        let strictPrecision = noisyTotal == 0 ? 1 : Double(matchedNoisy) / Double(noisyTotal)
        let strictRecall = truthTotal == 0 ? 1 : Double(matchedTruth) / Double(truthTotal)
        let precision = noisyTotal == 0 ? 1 : Double(matchedNoisy + excusedNoisy) / Double(noisyTotal)
        let recall = truthTotal - optionalTruthMissed == 0 ? 1 : Double(matchedTruth) / Double(truthTotal - optionalTruthMissed)
        print(String(format: "Noisy-track corpus: %d tracks, %.1f km of truth; %d truth cues, %d noisy cues; precision %.3f, recall %.3f (strict, with no ambiguity band: %.3f, %.3f); %d wrong-side cues; %d of %d turnarounds without a U-turn; cleaning removed %.0f m",
                     corpus.count, kmTotal, truthTotal, noisyTotal, precision, recall, strictPrecision, strictRecall, wrongSide,
                     missingUTurns, turnarounds, removedM))
        for line in report where verbose || line.contains("WRONG SIDE") || line.contains("no U-turn") { print(line) }
        return Stats(tracks: corpus.count, truthCues: truthTotal, turnarounds: turnarounds, wrongSide: wrongSide,
                     missingUTurns: missingUTurns, precision: precision, recall: recall,
                     strictPrecision: strictPrecision, strictRecall: strictRecall)
    }
}
