import Foundation
import RouteCore
import TrailpackCore

/// The trails across a gap in a recording, as `RouteStage` routes them.
struct TrailBridge {
    /// The way over the trails, from the trail point nearest the fix before the gap to the one
    /// nearest the fix after it, WGS84 degrees.
    var coords: [LonLat]
    /// Geodesic length of `coords`, metres.
    var lengthM: Double
    /// Metres from the fix before the gap, and from the fix after it, to the trail point it joins.
    var snapM: (start: Double, end: Double)
}

/// Where the points of one track part came from: the stored fix index of each point kept
/// (invalid points dropped), and each one's time (seconds since 1970 UTC; empty when the file
/// has no times for the part).
struct PartFixes {
    var fixIndices: [Int]
    var timesS: [Double?]
}

/// Gaps inside recorded parts (`RecordingGaps`): bridged in a straight line within
/// `track.joinM`, routed over the trails with `track.gaps: "trails"`, or refused.
enum TrackGaps {
    /// What the recipe says of gaps, and the router across them.
    struct Policy {
        /// `track.joinM`, metres: a gap up to this long is bridged in a straight line; the ends of
        /// a gap routed over the trails must lie this close to them.
        var joinM: Double
        var mode: RouteRecipe.GapMode
        /// The trails between two points, without the track's own lines (the third argument),
        /// nil when no path joins them.
        var bridge: (_ from: LonLat, _ to: LonLat, _ ownLines: [[LonLat]]) -> TrailBridge?
    }

    /// Resolves every gap of `parts` in place (the routed trails spliced in between the fixes)
    /// and returns one note per gap bridged or routed.
    /// - Throws: what `fail` makes of a gap longer than `policy.joinM` that is not routed: the
    ///   file, the part, both fix indices and times, and the gap's length.
    static func resolve(_ parts: inout [TrackPart], fixes: [PartFixes], ownLines: [[LonLat]], file: String, policy: Policy,
                        fail: (String) -> BuildError) throws -> [String] {
        var notes: [String] = []
        for (p, origin) in fixes.enumerated() {
            let gaps = RecordingGaps.find(parts[p].coords, timesS: origin.timesS)
            var coords = parts[p].coords
            var partNotes: [String] = []
            for gap in gaps.reversed() {
                let what = describe(gap, part: parts[p].label, origin: origin, file: file)
                if gap.gapM <= policy.joinM {
                    partNotes.append(what + String(format: " bridged in a straight line (within track.joinM, %.0f m)", policy.joinM))
                    continue
                }
                let exceeds = what + " inside the recording exceeds the join distance of \(formatM(policy.joinM))"
                guard policy.mode == .trails else {
                    throw fail(exceeds + ": the route would cross it in a straight line over ground no one walked (raise track.joinM to bridge it, or track.gaps: \"trails\" to follow the trails across it)")
                }
                let a = coords[gap.index], b = coords[gap.index + 1]
                guard let way = policy.bridge(a, b, ownLines), way.snapM.start <= policy.joinM, way.snapM.end <= policy.joinM else {
                    throw fail(exceeds + " and no trail path joins its ends (each must lie within track.joinM of a trail; track.gaps: \"trails\")")
                }
                coords.replaceSubrange((gap.index + 1)..<(gap.index + 1), with: way.coords)
                partNotes.append(what + String(format: " routed over the trails: %.2f km on them (track.gaps: \"trails\")", way.lengthM / 1000))
            }
            parts[p].coords = coords
            notes += partNotes.reversed()
        }
        return notes
    }

    /// "data/hike.gpx track 0: gap of 2254.3 m between fix 311 (2026-06-01T12:03:10Z) and fix 312
    /// (2026-06-01T12:53:40Z, 50 min 30 s later)".
    static func describe(_ gap: RecordingGap, part: String, origin: PartFixes, file: String) -> String {
        func stored(_ k: Int) -> Int { k < origin.fixIndices.count ? origin.fixIndices[k] : k }
        func time(_ k: Int) -> String? { k < origin.timesS.count ? origin.timesS[k].map(isoTime) : nil }
        var from = "fix \(stored(gap.index))", to = "fix \(stored(gap.index + 1))"
        if let t = time(gap.index) { from += " (\(t))" }
        if let t = time(gap.index + 1) { to += " (\(t)" + (gap.pauseS.map { ", \(duration($0)) later" } ?? "") + ")" }
        return "\(file) \(part): gap of \(formatM(gap.gapM)) between \(from) and \(to)"
    }

    /// "2026-06-01T12:03:10Z".
    static func isoTime(_ seconds: Double) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: Date(timeIntervalSince1970: seconds.rounded()))
    }

    /// "45 s", "50 min 30 s", "2 h 05 min".
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        return String(format: "%d h %02d min", s / 3600, (s % 3600) / 60)
    }

    /// Metres with one decimal ("2254.3 m").
    static func formatM(_ m: Double) -> String { String(format: "%.1f m", m) }
}
