import Foundation
import TrailpackCore

/// A track after cleaning, with what was dropped (pipeline notes).
public struct CleanedLine: Equatable, Sendable {
    /// The surviving points in their original order (a collapsed stop is one point at its centre,
    /// a cut loop one point at its crossing); consecutive points are at least
    /// `RouteCleaner.Options.minSpacingM` apart.
    public var coords: [LonLat]
    /// Points dropped because a coordinate was NaN or infinite, or outside lon -180...180 /
    /// lat -90...90.
    public var droppedInvalid: Int
    /// Points dropped because they lay closer than the minimum spacing to the previous kept point.
    public var droppedDuplicates: Int
    /// Points dropped as spikes.
    public var droppedSpikes: Int
    /// Net points dropped by collapsing stops (fixes removed minus the centre points added).
    public var droppedStopPoints: Int
    /// Net points dropped by cutting loops (fixes removed minus the crossing points added).
    public var droppedLoopPoints: Int
    /// Points dropped as wandering at the start or end (`RouteCleaner.trimEndExcursions`).
    public var droppedEndExcursionPoints: Int
    /// Every spike, stop, loop and end excursion removed, in track order of the cleaner's passes.
    public var edits: [CleaningEdit]

    public init(coords: [LonLat], droppedInvalid: Int = 0, droppedDuplicates: Int = 0, droppedSpikes: Int = 0,
                droppedStopPoints: Int = 0, droppedLoopPoints: Int = 0, droppedEndExcursionPoints: Int = 0, edits: [CleaningEdit] = []) {
        self.coords = coords
        self.droppedInvalid = droppedInvalid
        self.droppedDuplicates = droppedDuplicates
        self.droppedSpikes = droppedSpikes
        self.droppedStopPoints = droppedStopPoints
        self.droppedLoopPoints = droppedLoopPoints
        self.droppedEndExcursionPoints = droppedEndExcursionPoints
        self.edits = edits
    }

    /// Net number of input points dropped: `coords.count + droppedTotal` is the input count.
    public var droppedTotal: Int {
        droppedInvalid + droppedDuplicates + droppedSpikes + droppedStopPoints + droppedLoopPoints + droppedEndExcursionPoints
    }

    /// Track length in metres the spikes, stops, loops and end excursions took off.
    public var lengthRemovedM: Double { edits.reduce(0) { $0 + $1.lengthRemovedM } }
}

/// Cleans a recorded GPS track: invalid points, duplicates, spikes, stops and small loops.
/// The rules and numbers are in docs/GUIDANCE.md ("Track cleaning").
public enum RouteCleaner {
    /// The largest latitude of a valid point, degrees.
    static let maxLatDeg = 90.0
    /// The largest longitude of a valid point either way, degrees.
    static let maxLonDeg = 180.0

    /// Cleans a line: drops invalid points and duplicates; then, unless
    /// `options.removeGPSArtifacts` is false, removes spikes (one to three fixes whose legs out
    /// and back are long compared with the track's own steps and return close to where they
    /// left; also a first or last fix far off), collapses stops (clouds of fixes drawn while
    /// standing) to their centre, cuts small self-crossing loops at their crossing, and trims
    /// the wandering at either end that returns to where the track starts or ends.
    /// Every spike, stop, loop and end excursion is listed in `edits` with input indices and metres.
    public static func clean(_ coords: [LonLat], options: Options = Options()) -> CleanedLine {
        var pts: [LonLat] = []
        var src: [Int] = []
        pts.reserveCapacity(coords.count)
        src.reserveCapacity(coords.count)
        var invalid = 0
        for (k, p) in coords.enumerated() {
            guard p.isFinite, abs(p.lat) <= maxLatDeg, abs(p.lon) <= maxLonDeg else {
                invalid += 1
                continue
            }
            pts.append(p)
            src.append(k)
        }
        var duplicates = dropDuplicates(&pts, &src, minSpacingM: options.minSpacingM)
        var result = CleanedLine(coords: [], droppedInvalid: invalid)
        if options.removeGPSArtifacts {
            var spikes = 0
            for _ in 0..<options.spikePasses {
                let n = removeSpikes(&pts, &src, options, &result.edits)
                spikes += n
                if n == 0 { break }
            }
            result.droppedSpikes = spikes
            result.droppedStopPoints = collapseStops(&pts, &src, options, &result.edits)
            result.droppedLoopPoints = cutLoops(&pts, &src, options, &result.edits)
            result.droppedEndExcursionPoints = trimEndExcursions(&pts, &src, options, &result.edits)
            duplicates += dropDuplicates(&pts, &src, minSpacingM: options.minSpacingM)
        }
        result.droppedDuplicates = duplicates
        result.coords = pts
        return result
    }

    // MARK: - Duplicates

    static func dropDuplicates(_ pts: inout [LonLat], _ src: inout [Int], minSpacingM: Double) -> Int {
        guard pts.count > 1 else { return 0 }
        var outP: [LonLat] = [pts[0]], outS = [src[0]]
        outP.reserveCapacity(pts.count)
        outS.reserveCapacity(pts.count)
        var metric = NearMetric()
        for k in 1..<pts.count where metric.distanceM(outP[outP.count - 1], pts[k]) >= minSpacingM {
            outP.append(pts[k])
            outS.append(src[k])
        }
        let dropped = pts.count - outP.count
        pts = outP
        src = outS
        return dropped
    }
}
