import TrailpackCore

/// A gap between two consecutive non-empty segments of a track that is too long to bridge.
public struct TrackGapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Index (0-based, in the input array) of the segment whose end starts the gap.
    public var fromSegment: Int
    /// Index (0-based, in the input array) of the segment whose start ends the gap.
    public var toSegment: Int
    /// Last finite point of `fromSegment`.
    public var from: LonLat
    /// First finite point of `toSegment`.
    public var to: LonLat
    /// Geodesic length of the gap in metres.
    public var gapM: Double
    /// The largest gap that would have been joined, metres.
    public var maxGapM: Double

    public var description: String {
        "gap of \(formatMetres(gapM)) between the end of segment \(fromSegment) at \(from) and the start of segment \(toSegment) at \(to) exceeds \(formatMetres(maxGapM))"
    }
}

/// Joins the segments of a recorded track into the one line a hiker follows.
public enum TrackAssembler {
    /// Concatenates `segments` in order into one line, optionally reversed. Empty segments
    /// (and segments without any finite point) are skipped; non-finite points are kept for
    /// the cleaner to count and drop.
    /// - Parameters:
    ///   - maxGapM: the longest geodesic gap, metres, allowed between the last finite point of one
    ///     segment and the first finite point of the next.
    ///   - reversed: when true the joined line runs from the last point to the first.
    /// - Throws: `TrackGapError` for the first gap longer than `maxGapM`.
    public static func join(_ segments: [[LonLat]], maxGapM: Double = 50, reversed: Bool = false) throws(TrackGapError) -> [LonLat] {
        var line: [LonLat] = []
        line.reserveCapacity(segments.reduce(0) { $0 + $1.count })
        var previous: (segment: Int, end: LonLat)?
        for (s, segment) in segments.enumerated() {
            guard let first = segment.first(where: \.isFinite), let last = segment.last(where: \.isFinite) else { continue }
            if let previous {
                let gapM = Geodesic.distanceM(previous.end, first)
                if !(gapM <= maxGapM) {
                    throw TrackGapError(fromSegment: previous.segment, toSegment: s, from: previous.end, to: first, gapM: gapM, maxGapM: maxGapM)
                }
            }
            line += segment
            previous = (s, last)
        }
        if reversed { line.reverse() }
        return line
    }
}

func formatMetres(_ m: Double) -> String {
    let tenths = (m * 10).rounded() / 10
    return "\(tenths) m"
}
