import Foundation
import RouteCore
import Testing
import TestSupport
import TrailGraph
import TrailpackCore
@testable import Guidance

/// The network tracks of the noisy-track corpus (routes over the OSM network of
/// data/white-mountains, a third walked out and back), recorded by the simulated device and
/// snapped to the network (`TrailNetworkGraph.snapTrack`), against the truth snapped the same
/// way (which is the routed path): junction cues within 30 m with the same `dir`, and a U-turn at
/// every turnaround.
struct NetworkTrackCorpusTests {
    static func cues(_ path: RoutePath) throws -> (waypoints: [Waypoint], line: [LonLat]) {
        let r = try Resampler.resample(path.coords)
        let input = GuidanceInput(path: path, resampledCoords: r.coords, cumM: r.cumM, elevationsM: r.cumM.map { _ in 500 },
                                  resampledIndexOfPathVertex: r.indexOfInput, isDrawn: true)
        return (try Guidance.waypoints(for: input), r.coords)
    }

    @Test func recordingsSnappedToTheNetworkGiveTheJunctionsOfTheirRoute() throws {
        let network = try NoisyTrackCorpus.network
        var tracks = 0, unsnapped = 0, truthJunctions = 0, recordedJunctions = 0, matched = 0, otherDir = 0
        var turnarounds = 0, missingUTurns = 0, extraUTurns = 0
        var report: [String] = []
        // `TRAILPACK_CORPUS_FIRST_SEED` measures other seeds, and only prints.
        let firstSeed = ProcessInfo.processInfo.environment["TRAILPACK_CORPUS_FIRST_SEED"].flatMap(UInt64.init) ?? 1
        for seed in firstSeed..<(firstSeed + UInt64(NoisyTrackCorpusTests.corpusSize)) where seed % 4 < 2 {
            let track = try NoisyTrackCorpus.make(seed: seed)
            tracks += 1
            let truthPath = try #require(network.snapTrack(track.truth), "\(track.label): the truth is a route over the network").path
            guard let snapped = network.snapTrack(GroundLine.thinned(RouteCleaner.clean(track.recorded).coords)) else {
                unsnapped += 1
                report.append("  \(track.label): not snapped")
                continue
            }
            let truth = try Self.cues(truthPath), recorded = try Self.cues(snapped.path)
            let truthJ = truth.waypoints.filter { $0.kind == .junction }
            let recordedJ = recorded.waypoints.filter { $0.kind == .junction }
            truthJunctions += truthJ.count
            recordedJunctions += recordedJ.count
            var used = Set<Int>()
            for t in truthJ {
                let at = truth.line[t.i]
                guard let k = recordedJ.indices.filter({ !used.contains($0) && Geodesic.distanceM(recorded.line[recordedJ[$0].i], at) <= 30 })
                    .min(by: { Geodesic.distanceM(recorded.line[recordedJ[$0].i], at) < Geodesic.distanceM(recorded.line[recordedJ[$1].i], at) }) else {
                    report.append("  \(track.label): missed \(t.instruction)")
                    continue
                }
                used.insert(k)
                matched += 1
                if recordedJ[k].dir != t.dir {
                    otherDir += 1
                    report.append("  \(track.label): \(recordedJ[k].instruction) where the route says \(t.instruction)")
                }
            }
            for (k, r) in recordedJ.enumerated() where !used.contains(k) { report.append("  \(track.label): extra \(r.instruction)") }
            let truthLine = LineMeasure(track.truth)
            let recordedU = recorded.waypoints.filter { $0.dir == .uTurn }.map { recorded.line[$0.i] }
            for tipM in track.turnaroundsM {
                turnarounds += 1
                if !recordedU.contains(where: { Geodesic.distanceM($0, truthLine.point(atM: tipM)) <= 30 }) {
                    missingUTurns += 1
                    report.append("  \(track.label): no U-turn at the turnaround")
                }
            }
            extraUTurns += max(0, recordedU.count - track.turnaroundsM.count)
        }
        print("Network-track corpus: \(tracks) tracks, \(unsnapped) not snapped; \(truthJunctions) junction cues on the routes, \(recordedJunctions) on the snapped recordings, \(matched) matched, \(otherDir) with another dir; \(missingUTurns) of \(turnarounds) turnarounds without a U-turn, \(extraUTurns) extra U-turns")
        for line in report { print(line) }
        guard firstSeed == 1 else { return }
        #expect(tracks >= 90)
        #expect(unsnapped == 0)
        #expect(truthJunctions >= 100)
        #expect(Double(matched) >= 0.98 * Double(truthJunctions))
        #expect(Double(matched) >= 0.98 * Double(recordedJunctions))
        #expect(otherDir == 0)
        #expect(turnarounds >= 30)
        #expect(missingUTurns == 0)
        #expect(extraUTurns == 0)
    }
}
