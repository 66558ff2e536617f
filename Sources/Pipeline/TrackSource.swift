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
    ///   gap between parts (both ends, the gap, every part left out), a gap inside a part
    ///   (`TrackGaps.resolve`); `GDALError` when the file cannot be read.
    ///   Gaps inside a recorded part (`TrackGaps`, not in a drawn line: `drawn`, else every part a
    ///   GPX `<rte>`) are bridged, routed over the trails or refused as `gaps` says (nil: not looked for).
    static func load(file: String, select: RouteRecipe.TrackSelector, reversed: Bool, joinM: Double,
                     drawn: Bool? = nil, gaps: TrackGaps.Policy? = nil, fail: (String) -> BuildError) throws -> TrackSource {
        let (lines, chosen, isGPX) = try selection(file: file, select: select, fail: fail)
        var warnings: [String] = []
        var notes: [String] = []
        if case .first = select, isGPX, lines.count > 1, let taken = chosen.first {
            // A device that starts a new track each day, or after a pause, splits one walk.
            let name = taken.name.map { " \"\($0)\"" } ?? ""
            notes.append("\(file) has \(lines.count) tracks and routes; the route follows \(partLabel(taken, part: 0, of: 1))\(name) only (track.select takes another, by index or by a name several share)")
        }
        let walked = parts(of: chosen, file: file)
        var parts = walked.parts
        warnings += walked.warnings
        notes += walked.notes
        let tracks = chosen.filter { $0.layer == "tracks" }
        let findsGaps = gaps != nil && !(drawn ?? chosen.allSatisfy { $0.layer == "routes" })
        // Fix times: for gaps inside a part, or to chain several parts in time order.
        let fixes = findsGaps || parts.count > 1 ? try partFixes(walked.origins, file: file, tracks: tracks) : []
        timeParts(&parts, fixes)
        if findsGaps, let gaps {
            notes += try TrackGaps.resolve(&parts, fixes: fixes, ownLines: chosen.flatMap { $0.geometry.lines }, file: file, policy: gaps, fail: fail)
        }
        let chained: ChainedTrack
        do { chained = try TrackChainer.chain(parts, joinM: joinM, reversed: reversed) } catch {
            throw fail("\(file): \(error.description) (raise track.joinM to bridge the gap, or \"select\" the parts of one way)")
        }
        if !chained.isStoredOrder {
            let order = chained.order.map { parts[$0.part].label + ($0.flipped ? " (reversed)" : "") }
            notes.append("\(file): \(chained.order.count) parts chained \(chained.byTime ? "in the order their fixes were recorded" : "by their nearest ends"): \(order.joined(separator: ", "))")
        }
        let timed = try VectorReader.gpxTracksWithTimes(path: file, among: Set(tracks.map(\.index)))
        return TrackSource(coords: chained.coords, isPlannedRoute: chosen.allSatisfy { $0.layer == "routes" },
                           isUntimedTrack: !tracks.isEmpty && tracks.allSatisfy { !timed.contains($0.index) },
                           warnings: warnings, notes: notes, lines: chosen.flatMap { $0.geometry.lines })
    }

    /// The parts (GPX segments, multi-line parts) of `features` to chain, without their invalid
    /// points (a warning each) and, beside parts that go somewhere, without those that stay in
    /// one place (a note each: a device waiting for its first fix, or left on, draws only a
    /// gap to bridge).
    /// `origins` says, for each part, its feature's layer and index, the segment's index and the
    /// stored index of each point kept.
    static func parts(of features: [VectorFeature], file: String)
        -> (parts: [TrackPart], warnings: [String], notes: [String], origins: [PartOrigin]) {
        var parts: [TrackPart] = [], warnings: [String] = [], notes: [String] = [], origins: [PartOrigin] = []
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
                let droppedSet = Set(dropped)
                origins.append(PartOrigin(layer: f.layer, feature: f.index, segment: k, storedCount: raw.count,
                                          fixIndices: raw.indices.filter { !droppedSet.contains($0) }))
            }
        }
        return (parts, warnings, notes, origins)
    }

    /// Each part's stored fix indices and, for GPX track segments, their times (none when the
    /// file's fixes of the segment are not the part's: an empty segment would shift them).
    /// - Throws: `GDALError` when the file cannot be read.
    static func partFixes(_ origins: [PartOrigin], file: String, tracks: [VectorFeature]) throws -> [PartFixes] {
        let times = tracks.isEmpty ? [:] : try VectorReader.gpxFixTimes(path: file, tracks: Set(tracks.map(\.index)))
        return origins.map { o in
            let stored = o.layer == "tracks" ? times[o.feature]?[o.segment] ?? [] : []
            let aligned = stored.count == o.storedCount ? o.fixIndices.map { stored[$0] } : []
            return PartFixes(fixIndices: o.fixIndices, timesS: aligned)
        }
    }

    /// Where a part's points are stored: the feature's layer and index, the segment (GPX
    /// `track_seg_id`, multi-line part), and the stored index of each point kept.
    struct PartOrigin {
        var layer: String
        var feature: Int
        var segment: Int
        /// Points the segment stores, invalid ones included.
        var storedCount: Int
        var fixIndices: [Int]
    }

    /// Each part's start time: its first timed fix (`TrackPart.startS`, which `TrackChainer`
    /// chains by), from `fixes` (one entry per part).
    static func timeParts(_ parts: inout [TrackPart], _ fixes: [PartFixes]) {
        for k in parts.indices where k < fixes.count {
            parts[k].startS = fixes[k].timesS.lazy.compactMap { $0 }.first
        }
    }

    /// The line `feature`'s parts chain into at the default `track.joinM`, as a build chains
    /// them (in time order when every part's fixes carry times, read from `file` for a GPX
    /// track), or the gap that keeps them apart (a recording paused and resumed elsewhere).
    public static func chained(_ feature: VectorFeature, file: String) -> Result<ChainedTrack, TrackChainError> {
        let walked = parts(of: [feature], file: file)
        var parts = walked.parts
        if let fixes = try? partFixes(walked.origins, file: file, tracks: feature.layer == "tracks" ? [feature] : []) {
            timeParts(&parts, fixes)
        }
        do { return .success(try TrackChainer.chain(parts)) } catch { return .failure(error) }
    }

    /// The gap, metres, that keeps the parts of `feature` (read from `file`) from chaining at
    /// the default `track.joinM` (a recording paused and resumed elsewhere), else nil.
    public static func unchainedGapM(of feature: VectorFeature, file: String) -> Double? {
        if case .failure(let error) = chained(feature, file: file) { return error.gapM }
        return nil
    }

    /// The longest gap, metres, inside a part of `feature` (a recording that lost its fix:
    /// `RecordingGaps`, with the fix times of a GPX track read from `file`), else nil.
    public static func longestGapInsideM(of feature: VectorFeature, file: String) -> Double? {
        let walked = parts(of: [feature], file: file)
        let tracks = feature.layer == "tracks" ? [feature] : []
        guard let fixes = try? partFixes(walked.origins, file: file, tracks: tracks) else { return nil }
        let gaps = zip(walked.parts, fixes).flatMap { RecordingGaps.find($0.coords, timesS: $1.timesS) }
        return gaps.map(\.gapM).max()
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
