import Bindings
import Foundation
import TrailpackCore

extension TrackSource {
    /// The features of `file` a route's `track.select` takes (the build's `load`, and the
    /// preview's replay of the recording a route was built from): of the tracks and routes with
    /// at least two points (`lines`), by default in a GPX file the first track that goes
    /// somewhere (not every part within `GroundLine.stepM` of one place), else the first track,
    /// else the first route; in any other file every line feature. A name selects every feature
    /// of that name; an index one feature.
    /// - Throws: what `fail` makes of no line in the file, an index past the end or a name no
    ///   feature has; `GDALError` when the file cannot be read.
    public static func selection(file: String, select: RouteRecipe.TrackSelector, fail: (String) -> BuildError) throws
        -> (lines: [VectorFeature], chosen: [VectorFeature], isGPX: Bool) {
        let features = OSMReader.handles(path: file) ? try OSMReader.readLines(path: file, tags: []) : try VectorReader.read(path: file)
        // Tracks and routes with at least two points (GPX files carry empty and one-point ones).
        let lines = features.filter { $0.geometry.lines.reduce(0) { $0 + $1.count } >= 2 }
        guard !lines.isEmpty else { throw fail(noLineMessage(file: file, features: features)) }
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
        return (lines, chosen, isGPX)
    }
}
