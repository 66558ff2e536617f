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
    /// FNV-1a over the bit patterns of every coordinate, dropped count and edit of `cleaned`.
    static func digest(_ cleaned: CleanedLine) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { h = (h ^ ((v >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3 }
        }
        for p in cleaned.coords { mix(p.lon.bitPattern); mix(p.lat.bitPattern) }
        for c in [cleaned.droppedInvalid, cleaned.droppedDuplicates, cleaned.droppedSpikes, cleaned.droppedStopPoints,
                  cleaned.droppedLoopPoints, cleaned.droppedEndExcursionPoints] { mix(UInt64(bitPattern: Int64(c))) }
        for e in cleaned.edits {
            for byte in e.kind.rawValue.utf8 { mix(UInt64(byte)) }
            mix(UInt64(bitPattern: Int64(e.firstIndex))); mix(UInt64(bitPattern: Int64(e.lastIndex)))
            mix(e.location.lon.bitPattern); mix(e.location.lat.bitPattern); mix(e.sizeM.bitPattern); mix(e.lengthRemovedM.bitPattern)
        }
        return "\(cleaned.coords.count)/\(cleaned.edits.count)/" + String(h, radix: 16)
    }

    /// One digest over the first 120 corpus recordings, with the number of edits of each kind.
    static func corpusDigest() -> String {
        var all = ""
        var kinds: [String: Int] = [:]
        for track in NoisyTrackCorpus.tracks(count: 120) {
            let cleaned = RouteCleaner.clean(track.recorded)
            all += digest(cleaned) + ";"
            for e in cleaned.edits { kinds[e.kind.rawValue, default: 0] += 1 }
        }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in all.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + " / " + String(h, radix: 16)
    }

    @Test func theCleanersOutputOnTheCorpusRecordingsIsAsPinned() {
        // The edits of each kind, then the hash of every digest. Retaken once in issue 30 when the
        // cleaner's planar frames became `GnomonicFrame`s: the same edits at the same fixes, every
        // point within 40 micrometres of where it was (stop sizes within 0.4 mm, a stop's track
        // within 6 mm over 757 m: the old frame took its scale from `NearMetric`'s cache).
        #expect(Self.corpusDigest() == "loop 5700, spike 481, stop 253 / 99eb532ae62b45a4")
    }
}
