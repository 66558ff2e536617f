import Bindings
import Foundation
import RouteCore
import TrailpackCore

/// A route's recorded or drawn line, read from its track file: the selected features, invalid
/// points dropped, parts chained into one line.
public struct TrackSource {
    /// The chained line (before cleaning), in walking order.
    var coords: [LonLat]
    /// True when every selected feature is a planned GPX route (`<rte>`), drawn on purpose.
    var isPlannedRoute: Bool
    /// True when GPX tracks (`<trk>`) are selected and none of their points has a timestamp
    /// (a line drawn in a planner and saved as a track, or a recording stripped of its times).
    var isUntimedTrack: Bool
    /// Problems the build lives with (invalid points dropped), for the summary.
    var warnings: [String]
    /// How the parts were chained, when not in their stored order.
    var notes: [String]
    /// The selected features' lines as stored (to keep the track out of its own network).
    var lines: [[LonLat]]

    /// Reads the selection of `file` and chains its parts within `joinM` metres.
    /// Default selection: in a GPX file the first track that goes somewhere (not every part
    /// within `GroundLine.stepM` of one place), else the first track, else the first route;
    /// in any other file (GeoJSON, KML, OSM) every line feature, as parts of one way. A name
    /// selects every feature of that name; an index one feature. Parts that stay in one place
    /// are left out, with a note, when another selected part goes somewhere.
    /// - Throws: what `fail` makes of: no track in the file, no feature of that name or index, a
    ///   gap between parts (both ends, the gap, every part left out); `GDALError` when the file
    ///   cannot be read.
    static func load(file: String, select: RouteRecipe.TrackSelector, reversed: Bool, joinM: Double,
                     fail: (String) -> BuildError) throws -> TrackSource {
        let features = OSMReader.handles(path: file) ? try OSMReader.readLines(path: file, tags: []) : try VectorReader.read(path: file)
        // Tracks and routes with at least two points (GPX files carry empty and one-point ones).
        let lines = features.filter { $0.geometry.lines.reduce(0) { $0 + $1.count } >= 2 }
        guard !lines.isEmpty else {
            let points = features.count
            throw fail("\(file) has no track or route\(points > 0 ? " (only \(points) waypoint\(points == 1 ? "" : "s"))" : "")")
        }
        let isGPX = lines.contains { $0.layer == "tracks" || $0.layer == "routes" }
        let chosen: [VectorFeature]
        switch select {
        case .first:
            // A track drawn by a device left standing (a cold start's one-place fixes) is no way to walk.
            let tracks = lines.filter { $0.layer == "tracks" }
            chosen = isGPX ? [tracks.first { !$0.geometry.lines.allSatisfy { GroundLine.isOnePlace($0) } } ?? tracks.first ?? lines[0]] : lines
        case .index(let i):
            guard i < lines.count else { throw fail("\(file) has \(lines.count) tracks/routes; index \(i) is past the end") }
            chosen = [lines[i]]
        case .name(let n):
            chosen = lines.filter { $0.name == n }
            guard !chosen.isEmpty else {
                throw fail("\(file) has no track or route named \"\(n)\" (it has: \(lines.map { $0.name ?? "unnamed" }.joined(separator: ", ")))")
            }
        }
        var warnings: [String] = []
        var notes: [String] = []
        if case .first = select, isGPX, lines.count > 1, let taken = chosen.first {
            // A device that starts a new track each day, or after a pause, splits one walk.
            let name = taken.name.map { " \"\($0)\"" } ?? ""
            notes.append("\(file) has \(lines.count) tracks and routes; the route follows \(partLabel(taken, part: 0, of: 1))\(name) only (track.select takes another, by index or by a name several share)")
        }
        let walked = parts(of: chosen, file: file)
        let parts = walked.parts
        warnings += walked.warnings
        notes += walked.notes
        let chained: ChainedTrack
        do { chained = try TrackChainer.chain(parts, joinM: joinM, reversed: reversed) } catch {
            throw fail("\(file): \(error.description) (raise track.joinM to bridge the gap, or \"select\" the parts of one way)")
        }
        if !chained.isStoredOrder {
            let order = chained.order.map { parts[$0.part].label + ($0.flipped ? " (reversed)" : "") }
            notes.append("\(file): \(chained.order.count) parts chained by their nearest ends: \(order.joined(separator: ", "))")
        }
        let tracks = chosen.filter { $0.layer == "tracks" }
        let timed = try VectorReader.gpxTracksWithTimes(path: file, among: Set(tracks.map(\.index)))
        return TrackSource(coords: chained.coords, isPlannedRoute: chosen.allSatisfy { $0.layer == "routes" },
                           isUntimedTrack: !tracks.isEmpty && tracks.allSatisfy { !timed.contains($0.index) },
                           warnings: warnings, notes: notes, lines: chosen.flatMap { $0.geometry.lines })
    }

    /// The parts (GPX segments, multi-line parts) of `features` to chain, without their invalid
    /// points (a warning each) and, beside parts that go somewhere, without those that stay in
    /// one place (a note each: a device waiting for its first fix, or left on, draws only a
    /// gap to bridge).
    static func parts(of features: [VectorFeature], file: String) -> (parts: [TrackPart], warnings: [String], notes: [String]) {
        var parts: [TrackPart] = [], warnings: [String] = [], notes: [String] = []
        let walkable = features.flatMap(\.geometry.lines).contains { !GroundLine.isOnePlace($0) }
        for f in features {
            let segments = f.geometry.lines
            for (k, raw) in segments.enumerated() {
                let label = partLabel(f, part: k, of: segments.count)
                if walkable, GroundLine.isOnePlace(raw) {
                    notes.append(String(format: "%@ %@: left out, its %d points lie within %.0f m of one place", file, label, raw.count, GroundLine.stepM))
                    continue
                }
                let (coords, dropped) = InvalidPoints.dropping(raw)
                if !dropped.isEmpty {
                    warnings.append("\(file) \(label): dropped \(dropped.count) invalid point\(dropped.count == 1 ? "" : "s") (NaN or out of range) at index \(InvalidPoints.describe(dropped))")
                }
                parts.append(TrackPart(label: label, coords: coords))
            }
        }
        return (parts, warnings, notes)
    }

    /// The gap, metres, that keeps the parts of `feature` from chaining at the default
    /// `track.joinM` (a recording paused and resumed elsewhere), else nil.
    public static func unchainedGapM(of feature: VectorFeature) -> Double? {
        do {
            _ = try TrackChainer.chain(parts(of: [feature], file: "").parts)
            return nil
        } catch {
            return error.gapM
        }
    }

    /// "track 0 segment 2", "route 1", "feature 3", "feature 3 part 1".
    static func partLabel(_ f: VectorFeature, part k: Int, of count: Int) -> String {
        switch f.layer {
        case "tracks": count > 1 ? "track \(f.index) segment \(k)" : "track \(f.index)"
        case "routes": "route \(f.index)"
        default: (count > 1 ? "feature \(f.index) part \(k)" : "feature \(f.index)") + (f.name.map { " \"\($0)\"" } ?? "")
        }
    }
}
