import Bindings
import Foundation
import Pipeline
import TrailpackCore

/// The routes of a starter recipe made from the lines of `--trails` files: recorded tracks (GPX
/// `<trk>`, and lines that carry the time they were recorded: a KML `gx:Track` or `TimeSpan`,
/// read as `begin`/`end`; a GeoJSON line with togeojson's `coordTimes`) and GPX `<rte>` (a route
/// planned in an app, written `drawn: true`). Ids run on across files (`track-N`, `route-N`).
struct StarterRoutes {
    /// At most this many routes are written (the rest are left to the author).
    static let maxRoutes = 20

    /// True for a line recorded by a device rather than drawn as a trail.
    static func isRecorded(_ f: VectorFeature) -> Bool {
        f.layer == "tracks" || (f.field("begin") != nil && f.field("end") != nil) || f.field("coordTimes") != nil
    }

    /// True for a GPX `<rte>`: a route planned in an app, followed as drawn.
    static func isPlanned(_ f: VectorFeature) -> Bool { f.layer == "routes" }

    /// Recipe lines so far, one route per recorded track or planned route.
    private(set) var text = ""
    private(set) var trackCount = 0
    private(set) var plannedCount = 0
    var count: Int { trackCount + plannedCount }

    /// Adds the routes of one file's features. `timedTracks`: the GPX tracks (`tracks` layer
    /// indices) whose points carry timestamps; `path`: the file as opened (for its fixes' times),
    /// `file` as the recipe names it. Returns whether the file holds lines that are no route (the
    /// region's trails).
    /// `elevations` looks points up in the DEM (for the direction hint: `StarterDirection`).
    mutating func add(features: [VectorFeature], file: String, path: String? = nil, timedTracks: Set<Int> = [],
                      elevations: ([LonLat]) -> [Double?] = { $0.map { _ in nil } }) -> Bool {
        // Indices as the recipe's `track.select` counts them: among the file's lines of 2+ points.
        let lines = features.filter { $0.geometry.lines.reduce(0) { $0 + $1.count } >= 2 }
        var standing: [String] = []
        var first = true
        for (k, f) in lines.enumerated() where Self.isRecorded(f) || Self.isPlanned(f) {
            guard count < Self.maxRoutes else { break }
            let label = f.name.map { "\"\($0)\"" } ?? "\(k)"
            // A device left standing draws no way to follow.
            if f.geometry.lines.allSatisfy({ GroundLine.isOnePlace($0) }) { standing.append("\(f.layer == "routes" ? "route" : "track") \(label)"); continue }
            if first {
                text += "\n    // From \(file): recorded tracks are followed as recorded (cleaned of GPS spikes and stops), planned routes (GPX <rte>) as drawn."
                first = false
            }
            if Self.isPlanned(f) {
                plannedCount += 1
                text += "\n    { id: \"route-\(plannedCount)\", name: \"\(Self.escaped(f.name ?? "Route \(plannedCount)"))\", track: { file: \"\(file)\", select: \(k), drawn: true } },"
            } else {
                addTrack(f, select: k, file: file, path: path ?? file, timed: f.layer != "tracks" || timedTracks.contains(f.index), elevations: elevations)
            }
        }
        if !standing.isEmpty {
            text += "\n    // Left out, as they stay within \(Int(GroundLine.stepM)) m of one place: \(standing.joined(separator: ", "))."
        }
        return lines.contains { !Self.isRecorded($0) && !Self.isPlanned($0) }
    }

    private mutating func addTrack(_ f: VectorFeature, select k: Int, file: String, path: String, timed: Bool,
                                   elevations: ([LonLat]) -> [Double?]) {
        trackCount += 1
        let n = trackCount
        text += "\n    { id: \"track-\(n)\", name: \"\(Self.escaped(f.name ?? "Track \(n)"))\", track: { file: \"\(file)\", select: \(k) } },"
        if !timed {
            text += "\n    // track-\(n): no timestamps, so it is cleaned as a GPS recording; if it was drawn in a route planner, add drawn: true to its track."
        }
        switch TrackSource.chained(f, file: path) {
        case .failure(let error):
            text += String(format: "\n    // track-%d: its segments leave %.0f m unrecorded (the recording paused); the build stops there unless track.joinM (default 50) bridges the gap with a straight line.", n, error.gapM)
        case .success(let line):
            if line.byTime && !line.isStoredOrder {
                text += "\n    // track-\(n): its \(line.order.count) segments are chained in the order their fixes were recorded, not as stored."
            }
            // Times fix the direction of one part, and of parts chained in time order.
            let directionKnown = timed && (f.geometry.lines.count == 1 || line.byTime)
            if !directionKnown, let fall = StarterDirection.downhill(line.coords, elevations: elevations) {
                text += "\n    // track-\(n): as chained it climbs \(Int(fall.ascentM.rounded())) m and descends \(Int(fall.descentM.rounded())) m; if it was walked uphill, add reverse: true to its track."
            }
        }
        if let gapM = TrackSource.longestGapInsideM(of: f, file: path) {
            text += String(format: "\n    // track-%d: the device lost its fix, a jump of %.0f m between two fixes; the build stops there unless track.joinM bridges it with a straight line, or track.gaps: \"trails\" follows the trails across it.", n, gapM)
        }
    }

    /// `s` as the inside of a JSON5 double-quoted string.
    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
