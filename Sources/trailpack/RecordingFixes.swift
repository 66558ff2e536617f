import Bindings
import Navigation
import TrailpackCore

/// The fixes of a GPX recording, in file order (tracks, then their segments), each with its own time.
enum RecordingFixes {
    /// Every fix of the file's tracks with its `<time>` (seconds since 1970 UTC).
    /// - Throws: `NavigationError.track` naming the file and the fix (1-based over the file's
    ///   track fixes) without a time or earlier than the one before; `.argument` (`--track`) for
    ///   a file GDAL cannot read or with no track fix.
    static func read(path: String) throws(NavigationError) -> [Fix] {
        let tracks: [VectorFeature], times: [Int: [Int: [Double?]]]
        do {
            tracks = try VectorReader.read(path: path).filter { $0.layer == "tracks" }
            times = try VectorReader.gpxFixTimes(path: path, tracks: Set(tracks.map(\.index)))
        } catch { throw .argument(name: "--track", message: "\(path): \(error)") }
        var fixes: [Fix] = []
        for track in tracks {
            for (part, line) in track.geometry.lines.enumerated() {
                let stored = times[track.index]?[part] ?? []
                for (k, p) in line.enumerated() {
                    let number = fixes.count + 1
                    guard k < stored.count, let t = stored[k] else {
                        throw .track(path: path, fix: number, reason: "no <time> (track \(track.index + 1), segment \(part + 1), point \(k + 1)); a replay plays each fix at its own time")
                    }
                    if let last = fixes.last, t < last.timeS {
                        throw .track(path: path, fix: number, reason: "its time is \(Int(last.timeS - t)) s before the fix before it (track \(track.index + 1), segment \(part + 1), point \(k + 1))")
                    }
                    fixes.append(Fix(location: p, timeS: t))
                }
            }
        }
        guard !fixes.isEmpty else { throw .argument(name: "--track", message: "\(path) has no track fix") }
        return fixes
    }
}
