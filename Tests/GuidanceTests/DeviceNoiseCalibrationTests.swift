import Bindings
import Foundation
import RouteCore
import Testing
import TrailpackCore
@testable import Guidance

/// Is the corpus's simulated device (`NoisyTrackCorpus`) as noisy as real ones, at the scale the
/// turn rules read? Two passes of one trail, minutes apart, measure the same bends; where they
/// disagree, that is the GPS error (plus any real difference between the passes, so on real
/// recordings an upper bound). Measured on the smoothed 50 m bend the rules read (`WalkerBends`),
/// on the stretches walked twice: the corpus's out-and-backs, and those of a folder of recordings
/// (`TRAILPACK_AUDIT_GPX_DIR`, as `RecordedTrackTests` reads it; out-and-backs and lollipops).
struct DeviceNoiseCalibrationTests {
    /// The two passes recorded a point at least this much walking apart (some 8 minutes at a
    /// walk, longer than the corpus drift's shortest time constant), metres.
    static let minApartM = 600.0
    /// One comparison per this much route, metres.
    static let everyM = 50.0
    /// Only moderate bends (both passes' reading at most this, degrees): where the rules decide.
    static let maxBendDeg = 60.0

    /// One real pass's error, median, degrees: the stretches walked twice among 141 public GPX
    /// recordings from 40 GitHub repositories (docs/GUIDANCE-TUNING.md), 1251 points on 33 tracks. The
    /// corpus must not be a quieter device than these.
    static let realMedianDeg = 2.3

    /// A track whose passes disagree by less than this (median, degrees) was not recorded twice:
    /// its way back is a copy of its way in.
    static let copiedBelowDeg = 0.01

    /// One pass's 50 m bend error, estimated at points of the later pass of every stretch a
    /// cleaned, thinned recording walks twice (`PassFusion`: after a reversal, along a lollipop's
    /// stem): (its bend + the earlier pass's bend at its partner) / √2, degrees.
    static func passErrorsDeg(_ coords: [LonLat]) -> [Double] {
        let (bendLine, _) = LineMeasure(coords).decimated(minStepM: GuidanceTuning.standard.bends.groundStepM)
        let b50 = WalkerBends.walkBends(on: WalkerBends.smoothed(bendLine, tuning: .standard), tuning: .standard)
        let tips = Reversals.reversals(on: bendLine, walkBends: b50, tuning: .standard).map(\.pathIndex)
        let partners = PassFusion.partners(on: bendLine, tips: tips, tuning: .standard)
        var out: [Double] = []
        var lastM = -Double.infinity
        for j in bendLine.coords.indices {
            guard let p = partners[j], bendLine.cumM[j] - p >= minApartM, bendLine.cumM[j] - lastM >= everyM,
                  let a = b50[j], let b = b50[bendLine.nearestVertex(toM: p)], abs(a) <= maxBendDeg, abs(b) <= maxBendDeg else { continue }
            out.append((a + b) / 2.squareRoot())
            lastM = bendLine.cumM[j]
        }
        return out
    }

    /// Median and 90th percentile of the absolute errors, and their count.
    static func summary(_ errorsDeg: [Double]) -> (median: Double, p90: Double, count: Int) {
        let a = errorsDeg.map(abs).sorted()
        guard !a.isEmpty else { return (0, 0, 0) }
        return (a[a.count / 2], a[min(a.count - 1, Int(0.9 * Double(a.count)))], a.count)
    }

    static func corpusErrorsDeg(driftTimeScale: Double) throws -> [Double] {
        try (UInt64(1)...UInt64(NoisyTrackCorpusTests.corpusSize)).flatMap { seed -> [Double] in
            let track = try NoisyTrackCorpus.make(seed: seed, driftTimeScale: driftTimeScale)
            guard !track.turnaroundsM.isEmpty else { return [] }
            return passErrorsDeg(GroundLine.thinned(RouteCleaner.clean(track.recorded).coords))
        }
    }

    @Test func theCorpusDeviceIsAsNoisyAsRealOnes() throws {
        // `TRAILPACK_CORPUS_DRIFT_TIME_SCALE` as in `NoisyTrackCorpusTests` (then it only prints).
        let scale = ProcessInfo.processInfo.environment["TRAILPACK_CORPUS_DRIFT_TIME_SCALE"].flatMap(Double.init) ?? 1
        let corpus = Self.summary(try Self.corpusErrorsDeg(driftTimeScale: scale))
        print(String(format: "Corpus out-and-backs: one pass's smoothed 50 m bend errs %.1f° (median), %.1f° (90th percentile), %d points",
                     corpus.median, corpus.p90, corpus.count))
        if scale == 1 {
            #expect(corpus.count >= 300)
            #expect(corpus.median >= Self.realMedianDeg, "the corpus's device is quieter than real ones")
        }
        if let folder = ProcessInfo.processInfo.environment["TRAILPACK_AUDIT_GPX_DIR"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.lowercased().hasSuffix(".gpx") }.sorted()
            var errors: [Double] = [], copies = 0, tracks = 0
            for file in files {
                guard let features = try? VectorReader.read(path: folder + "/" + file) else { continue }
                for raw in features.filter({ $0.layer == "tracks" }).flatMap(\.geometry.lines) {
                    let line = GroundLine.thinned(RouteCleaner.clean(raw).coords)
                    guard line.count >= 3 else { continue }
                    let e = Self.passErrorsDeg(line)
                    // A way back that is a copy of the way in (a planned or edited track) was not recorded twice.
                    if !e.isEmpty, Self.summary(e).median < Self.copiedBelowDeg { copies += 1; continue }
                    if !e.isEmpty { tracks += 1 }
                    errors += e
                }
            }
            let real = Self.summary(errors)
            print(String(format: "Recordings in %@: one pass's smoothed 50 m bend errs %.1f° (median), %.1f° (90th percentile), %d points on %d tracks (%d whose way back copies the way in left out)",
                         folder, real.median, real.p90, real.count, tracks, copies))
            if scale == 1 { #expect(corpus.median >= real.median, "the corpus's device is quieter than these recordings") }
        }
    }
}
