import Foundation
import Navigation
import TrailpackCore

/// The recording a route was built from, for the preview's replay of it (`trailpack preview
/// --recipes`: the recipe names the track file; the pack does not).
public struct RouteRecording: Sendable {
    public var regionId: String
    public var routeId: String
    /// The recording's file, as the recipe names it (the page's title shows its name).
    public var track: String
    /// Its fixes with their own times, in walking order; nil with `why` when it cannot be replayed.
    public var fixes: [Fix]?
    /// Why there is no replay (a drawn line, a reversed route, a file without times), else nil.
    public var why: String?

    public init(regionId: String, routeId: String, track: String, fixes: [Fix]?, why: String? = nil) {
        self.regionId = regionId
        self.routeId = routeId
        self.track = track
        self.fixes = fixes
        self.why = why
    }
}

/// One route's replay in the preview: the page written and its one-line summary, or why none.
public struct RouteReplay: Sendable, Equatable {
    public var routeId: String
    /// `<regionId>-<routeId>-replay.html` beside index.html, nil when there is none.
    public var file: String?
    /// What index.html says next to the link (or instead of it).
    public var summary: String
}

public enum RouteReplays {
    /// For each route of `pack` with a recording in `recordings`: the recording played through
    /// the route by Navigation's `Replay` (a due way back answered by the region's network), its
    /// page (`ReplayPage`, deterministic bytes) written as `<regionId>-<routeId>-replay.html`.
    /// Routes without a recording have no entry.
    /// - Throws: `PreviewError.malformed` when the region cannot be read as the engine reads it,
    ///   `.writing` when the page cannot be written.
    static func write(_ pack: RegionPack, recordings: [RouteRecording], outURL: URL, written: inout [String]) throws(PreviewError) -> [RouteReplay] {
        var out: [RouteReplay] = []
        for route in pack.routes {
            guard let recording = recordings.first(where: { $0.regionId == pack.manifest.id && $0.routeId == route.id }) else { continue }
            guard let fixes = recording.fixes, !fixes.isEmpty else {
                out.append(RouteReplay(routeId: route.id, file: nil, summary: "No replay of \(recording.track): \(recording.why ?? "it has no fixes")."))
                continue
            }
            let region: NavigationRegion
            do { region = try NavigationRegion(folder: pack.folderPath, routeId: route.id) } catch {
                throw .malformed(path: pack.folderPath, reason: error.description)
            }
            let replay = Replay.run(route: region.route, fixes: fixes) { at, from in region.rejoinAnswer(at: at, from: from) }
            let name = "\(pack.manifest.id)-\(route.id)-replay.html"
            let path = outURL.appendingPathComponent(name).path
            let html = ReplayPage(region: region, replay: replay, track: recording.track).html()
            do throws(SafeFile.Failure) { try SafeFile.replace(path, with: Array(html.utf8)) } catch {
                throw .writing(path: path, reason: error.message)
            }
            written.append(path)
            out.append(RouteReplay(routeId: route.id, file: name, summary: summary(replay, track: recording.track)))
        }
        return out
    }

    /// One line: "Replay of walk.gpx (N fixes): arrived at fix K; C cues announced, M missed; never
    /// off route (or off route R times); ETA half way: DIN ±x min, corrected ±y min, against Z min
    /// of walking left" (`ETAAccuracy` at 50%).
    static func summary(_ replay: Replay, track: String) -> String {
        let kinds = replay.events.map(\.event.kind)
        let cues = kinds.filter { $0 == "cue" }.count, missed = kinds.filter { $0 == "cue-missed" }.count
        let offs = kinds.filter { $0 == "off-route" }.count
        let arrival = replay.events.first { $0.event == .arrived }.map { "arrived at fix \($0.fix + 1)" } ?? "no arrival"
        var parts = ["Replay of \(URL(fileURLWithPath: track).lastPathComponent) (\(replay.fixes.count) fixes): \(arrival)",
                     "\(cues) cues announced, \(missed) missed", offs == 0 ? "never off route" : "off route \(offs) times"]
        if let half = ETAAccuracy.errors(replay).first(where: { $0.percent == 50 }) {
            parts.append(String(format: "ETA half way: DIN %+.0f min, corrected %+.0f min, against %.0f min of walking left",
                                ETAAccuracy.minutes(half.dinErrorS), ETAAccuracy.minutes(half.correctedErrorS), half.realRemainingS / 60))
        }
        return parts.joined(separator: "; ") + "."
    }
}
