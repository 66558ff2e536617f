import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// The cleaner's output on the simulated recordings of the noisy-track corpus (stops, spikes,
/// drift and dropped fixes at one fix a second), pinned bit for bit: the recordings exercise every
/// pass of `RouteCleaner`, so a refactor of it must leave each digest as it was. The digests were
/// taken before the cleaner was restructured (issue 30).
struct CleanerCorpusPinTests {
    /// One digest over the first 120 corpus recordings, with the number of edits of each kind.
    static func corpusDigest() throws -> String {
        var all = ""
        var kinds: [String: Int] = [:]
        for track in try NoisyTrackCorpus.tracks(count: 120) {
            let cleaned = RouteCleaner.clean(track.recorded)
            all += CleanerDigest.digest(cleaned) + ";"
            for e in cleaned.edits { kinds[e.kind.rawValue, default: 0] += 1 }
        }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in all.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + " / " + String(h, radix: 16)
    }

    @Test func theCleanersOutputOnTheCorpusRecordingsIsAsPinned() throws {
        // The edits of each kind, then the hash of every digest. Retaken once in issue 30 when the
        // cleaner's planar frames became `GnomonicFrame`s: the same edits at the same fixes, every
        // point within 40 micrometres of where it was (stop sizes within 0.4 mm, a stop's track
        // within 6 mm over 757 m: the old frame took its scale from `NearMetric`'s cache).
        // Retaken when a loop walked out and back stays whatever lies beside it and from 10 m of
        // reach (`loopSpurMinReachM`, was 15; a tight switchback stack's hairpins): three recordings
        // changed, nothing else. #63 (switchbacks) and #74 (the Mojstrovka hike) keep a walk out and
        // back of 13-14 m reach (60 m and 53 m of track) where no one stood, whose way back runs
        // along its way out (`walksBackAlong`); #29 cuts
        // the wander of a simulated stop as two loops, not one (35 m of it kept).
        #expect(try Self.corpusDigest() == "loop 5699, spike 481, stop 253 / 94fe4c0c3cd9e41d")
    }
}
