import TrailpackCore

/// A change of direction found on a cleaned route geometry.
public struct Bend: Equatable, Sendable {
    /// Index into the cleaned path's coords of the vertex where the change is greatest.
    public var pathIndex: Int
    /// Signed deviation from straight ahead in degrees (positive right), measured between the
    /// chord from 25 m back to the vertex and the chord from the vertex to 25 m ahead.
    public var deviationDeg: Double
    /// The SPEC `dir` of `deviationDeg`.
    public var dir: TurnDirection { Deviation.direction(forDeviationDeg: deviationDeg) }
}

/// Finds changes of direction on a cleaned route geometry (before resampling).
///
/// Bearings are chords over `windowM` (25 m) before and after each vertex, never single
/// segments, so GPS jitter and spikes that return within a few metres barely move them, and a
/// new direction must hold for the whole window to count. Only vertices with a full window on
/// both sides are candidates. Among candidates whose deviation reaches `minDeviationDeg`, a
/// vertex is kept when no vertex within `peakRadiusM` along the line has a larger deviation
/// (ties go to the earlier vertex), so one corner gives one bend.
public enum TurnDetector {
    /// Length of the incoming and outgoing chords, metres.
    public static let windowM = 25.0
    /// Half-width of the neighbourhood in which a bend must be the strongest, metres.
    public static let peakRadiusM = 15.0

    /// Bends on `coords` whose absolute deviation is at least `minDeviationDeg` degrees,
    /// in route order.
    public static func bends(on coords: [LonLat], minDeviationDeg: Double = Deviation.straightBelowDeg) -> [Bend] {
        guard coords.count >= 3 else { return [] }
        return bends(on: LineMeasure(coords), minDeviationDeg: minDeviationDeg)
    }

    static func bends(on line: LineMeasure, minDeviationDeg: Double) -> [Bend] {
        let n = line.coords.count
        guard n >= 3 else { return [] }
        let eps = 1e-6
        var dev = [Double?](repeating: nil, count: n)
        for k in 1..<(n - 1) {
            let d = line.cumM[k]
            guard d >= windowM - eps, line.lengthM - d >= windowM - eps else { continue }
            dev[k] = line.deviationDeg(at: k, windowM: windowM)
        }
        var out: [Bend] = []
        for k in 1..<(n - 1) {
            guard let dk = dev[k], abs(dk) >= minDeviationDeg else { continue }
            var isPeak = true
            // Scan neighbours within peakRadiusM either way.
            var j = k - 1
            while isPeak, j >= 0, line.cumM[k] - line.cumM[j] <= peakRadiusM {
                if let dj = dev[j], abs(dj) >= abs(dk) { isPeak = false }  // earlier wins ties
                j -= 1
            }
            j = k + 1
            while isPeak, j < n, line.cumM[j] - line.cumM[k] <= peakRadiusM {
                if let dj = dev[j], abs(dj) > abs(dk) { isPeak = false }
                j += 1
            }
            if isPeak { out.append(Bend(pathIndex: k, deviationDeg: dk)) }
        }
        return out
    }
}
