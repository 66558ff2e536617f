import Bindings
import Navigation
import TrailpackCore

/// The fixes of a GPX recording, in file order (tracks, then their segments), each with its own
/// time and the accuracy the file states for it (`NavigationTuning.accuracyM`).
enum RecordingFixes {
    /// Every fix of the file's tracks with its `<time>` (seconds since 1970 UTC) and its accuracy
    /// (metres; nil when the file states none: an extension's accuracy, `<hdop>` or `<pdop>`).
    /// - Throws: `NavigationError.track` naming the file and the fix (1-based over the file's
    ///   track fixes) without a time or earlier than the one before; `.argument` (`--track`) for
    ///   a file GDAL cannot read or with no track fix.
    ///   `only` keeps those tracks (indices as GDAL's `tracks` layer counts them; nil: every one).
    static func read(path: String, only: Set<Int>? = nil, tuning: NavigationTuning = .standard) throws(NavigationError) -> [Fix] {
        let tracks: [VectorFeature], records: [Int: [Int: [GPXFixRecord]]]
        do {
            tracks = try VectorReader.read(path: path).filter { $0.layer == "tracks" && only?.contains($0.index) != false }
            records = try VectorReader.gpxFixRecords(path: path, tracks: Set(tracks.map(\.index)))
        } catch { throw .argument(name: "--track", message: "\(path): \(error)") }
        var fixes: [Fix] = []
        for track in tracks {
            for (part, line) in track.geometry.lines.enumerated() {
                let stored = records[track.index]?[part] ?? []
                for (k, p) in line.enumerated() {
                    let number = fixes.count + 1
                    guard k < stored.count, let t = stored[k].timeS else {
                        throw .track(path: path, fix: number, reason: "no <time> (track \(track.index + 1), segment \(part + 1), point \(k + 1)); a replay plays each fix at its own time")
                    }
                    if let last = fixes.last, t < last.timeS {
                        throw .track(path: path, fix: number, reason: "its time is \(Int(last.timeS - t)) s before the fix before it (track \(track.index + 1), segment \(part + 1), point \(k + 1))")
                    }
                    let r = stored[k]
                    fixes.append(Fix(location: p, timeS: t, accuracyM: tuning.accuracyM(statedM: r.accuracyM, hdop: r.hdop, pdop: r.pdop)))
                }
            }
        }
        guard !fixes.isEmpty else { throw .argument(name: "--track", message: "\(path) has no track fix") }
        return fixes
    }
}
