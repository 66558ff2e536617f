import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// Cues from simulated device recordings against cues from the truth line they recorded
/// (NoisyTrackCorpus): matched within 30 m along the route on the same side.
struct NoisyTrackCorpusTests {
    /// A turn cue placed on the truth line.
    struct PlacedCue: CustomStringConvertible {
        var alongTruthM: Double
        var side: String  // "L", "R" or "U"
        var text: String
        var description: String { String(format: "%@ at %.0f m", text, alongTruthM) }
    }

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

    /// Distance along `line` of the point of `line` within `withinM` of `p` whose distance along is
    /// closest to `expectedM`; nil when no part of the line is that close.
    static func project(_ p: LonLat, on line: [LonLat], cumM: [Double], expectedM: Double, withinM: Double) -> Double? {
        var best: Double?
        for s in 0..<(line.count - 1) {
            let a = line[s], b = line[s + 1]
            let k = WGS84.metresPerDegree(atLatDeg: p.lat)
            let ax = wrappedDeltaLonDeg(a.lon, from: p.lon) * k.x, ay = (a.lat - p.lat) * k.y
            let bx = wrappedDeltaLonDeg(b.lon, from: p.lon) * k.x, by = (b.lat - p.lat) * k.y
            let ex = bx - ax, ey = by - ay, len2 = ex * ex + ey * ey
            let t = len2 > 0 ? min(max(-(ax * ex + ay * ey) / len2, 0), 1) : 0
            let x = ax + t * ex, y = ay + t * ey
            guard (x * x + y * y).squareRoot() <= withinM else { continue }
            let along = cumM[s] + t * (cumM[s + 1] - cumM[s])
            if best == nil || abs(along - expectedM) < abs(best! - expectedM) { best = along }
        }
        return best
    }

    @Test func noisyRecordingsGiveTheCuesOfTheirTruthLine() throws {
        let stats = try Self.evaluate(NoisyTrackCorpus.tracks(count: 48), verbose: true)
        #expect(stats.tracks >= 40)
        #expect(stats.truthCues >= 60, "the corpus must exercise guidance")
        #expect(stats.turnarounds >= 10)
        #expect(stats.precision >= 0.95)
        #expect(stats.recall >= 0.90)
        #expect(stats.wrongSide == 0)
        #expect(stats.missingUTurns == 0)
    }

    struct Stats {
        var tracks = 0, truthCues = 0, turnarounds = 0, wrongSide = 0, missingUTurns = 0
        var precision = 0.0, recall = 0.0
    }

    static func evaluate(_ corpus: [NoisyTrackCorpus.Track], verbose: Bool) throws -> Stats {
        #expect(corpus.count >= 40)
        var truthTotal = 0, noisyTotal = 0, matchedTruth = 0, matchedNoisy = 0, wrongSide = 0, missingUTurns = 0, turnarounds = 0
        var kmTotal = 0.0, removedM = 0.0
        var report: [String] = []
        for track in corpus {
            let truth = try turnCues(track.truth)
            let truthCues = truth.cues.map { PlacedCue(alongTruthM: truth.cumM[$0.i], side: Self.side($0.dir), text: $0.instruction) }
            let cleaned = RouteCleaner.clean(track.recorded)
            removedM += cleaned.lengthRemovedM
            let noisy = try turnCues(cleaned.coords)
            let noisyLength = noisy.cumM.last!, truthLength = truth.cumM.last!
            kmTotal += truthLength / 1000
            let noisyCues = noisy.cues.map { w -> PlacedCue in
                let along = Self.project(noisy.line[w.i], on: truth.line, cumM: truth.cumM,
                                         expectedM: noisy.cumM[w.i] / noisyLength * truthLength, withinM: 30) ?? -1000
                return PlacedCue(alongTruthM: along, side: Self.side(w.dir), text: w.instruction)
            }
            // Greedy matching, closest pairs first, same side only.
            var pairs: [(n: Int, t: Int, d: Double)] = []
            for (n, c) in noisyCues.enumerated() {
                for (t, u) in truthCues.enumerated() where c.side == u.side && abs(c.alongTruthM - u.alongTruthM) <= 30 {
                    pairs.append((n, t, abs(c.alongTruthM - u.alongTruthM)))
                }
            }
            var usedN = Set<Int>(), usedT = Set<Int>()
            for p in pairs.sorted(by: { $0.d < $1.d }) where !usedN.contains(p.n) && !usedT.contains(p.t) {
                usedN.insert(p.n)
                usedT.insert(p.t)
            }
            for (n, c) in noisyCues.enumerated() where !usedN.contains(n) {
                let opposite = truthCues.contains { u in
                    abs(c.alongTruthM - u.alongTruthM) <= 30 && ((u.side == "L" && c.side == "R") || (u.side == "R" && c.side == "L"))
                }
                if opposite { wrongSide += 1 }
                report.append("  \(track.label): extra \(c)\(opposite ? " WRONG SIDE" : "")")
            }
            for (t, u) in truthCues.enumerated() where !usedT.contains(t) { report.append("  \(track.label): missed \(u)") }
            if verbose {
                // The truth line's own 50 m / 100 m bends at every unmatched cue.
                let (bend, _) = LineMeasure(truth.line).decimated(minStepM: WalkerBends.groundStepM)
                func bends(_ along: Double) -> String {
                    guard let k = bend.cumM.indices.min(by: { abs(bend.cumM[$0] - along) < abs(bend.cumM[$1] - along) }) else { return "" }
                    return String(format: "b50 %.0f b100 %.0f", bend.deviationDeg(at: k, windowM: 50) ?? .nan, bend.deviationDeg(at: k, windowM: 100) ?? .nan)
                }
                for (n, c) in noisyCues.enumerated() where !usedN.contains(n) { report.append("     truth at extra \(Int(c.alongTruthM)): \(bends(c.alongTruthM))") }
                for (t, u) in truthCues.enumerated() where !usedT.contains(t) { report.append("     truth at missed \(Int(u.alongTruthM)): \(bends(u.alongTruthM))") }
            }
            for tipM in track.turnaroundsM {
                turnarounds += 1
                let found = noisyCues.contains { $0.side == "U" && abs($0.alongTruthM - tipM) <= 30 }
                    && truthCues.contains { $0.side == "U" && abs($0.alongTruthM - tipM) <= 30 }
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
        let precision = noisyTotal == 0 ? 1 : Double(matchedNoisy) / Double(noisyTotal)
        let recall = truthTotal == 0 ? 1 : Double(matchedTruth) / Double(truthTotal)
        print(String(format: "Noisy-track corpus: %d tracks, %.1f km of truth; %d truth cues, %d noisy cues; precision %.3f, recall %.3f; %d wrong-side cues; %d of %d turnarounds without a U-turn; cleaning removed %.0f m",
                     corpus.count, kmTotal, truthTotal, noisyTotal, precision, recall, wrongSide, missingUTurns, turnarounds, removedM))
        if verbose { for line in report { print(line) } }
        return Stats(tracks: corpus.count, truthCues: truthTotal, turnarounds: turnarounds, wrongSide: wrongSide,
                     missingUTurns: missingUTurns, precision: precision, recall: recall)
    }
}
