import TrailpackCore

/// Why route statistics cannot be computed.
public enum RouteStatisticsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The profile has no vertex.
    case empty
    /// `elevationsM` and `cumM` differ in length.
    case lengthMismatch(elevations: Int, cum: Int)
    /// The elevation or cumulative distance at vertex `index` is NaN or infinite.
    case nonFinite(index: Int)

    public var description: String {
        switch self {
        case .empty: "the route has no vertex"
        case .lengthMismatch(let e, let c): "\(e) elevations for \(c) cumulative distances"
        case .nonFinite(let i): "elevation or distance at vertex \(i) is not finite"
        }
    }
}

/// SPEC `stats` of a route from its elevation profile.
public enum RouteStatistics {
    /// Vertex indices of the profile's significant extremes: the first vertex, each turning
    /// point confirmed by a reversal of more than `thresholdM` metres (alternately maxima and
    /// minima), and the last vertex. Increasing; a single index for a one-vertex profile.
    public static func extremeIndices(_ elevationsM: [Double], thresholdM: Double) -> [Int] {
        guard let first = elevationsM.first else { return [] }
        var extremes = [0]
        var direction = 0  // +1 climbing towards a maximum, -1 descending, 0 not yet known
        var candidate = 0
        for i in 1..<elevationsM.count {
            let e = elevationsM[i]
            switch direction {
            case 0:
                if e - first > thresholdM {
                    direction = 1
                    candidate = i
                } else if first - e > thresholdM {
                    direction = -1
                    candidate = i
                }
            case 1:
                if e > elevationsM[candidate] {
                    candidate = i
                } else if elevationsM[candidate] - e > thresholdM {
                    extremes.append(candidate)
                    direction = -1
                    candidate = i
                }
            default:
                if e < elevationsM[candidate] {
                    candidate = i
                } else if e - elevationsM[candidate] > thresholdM {
                    extremes.append(candidate)
                    direction = 1
                    candidate = i
                }
            }
        }
        let last = elevationsM.count - 1
        if extremes.last != last { extremes.append(last) }
        return extremes
    }

    /// Route statistics: `distanceM` is the last `cumM`; `ascentM`/`descentM` sum the rises and
    /// drops between consecutive `extremeIndices` (so `ascentM - descentM` is the last minus the
    /// first elevation); `minEleM`/`maxEleM` are the profile's extremes; `durationS` sums
    /// `HikingModel.legDurationS` over the same legs, rounded to whole seconds. Distances and
    /// elevations in metres, not rounded.
    /// - Throws: `RouteStatisticsError` for an empty profile, arrays of different lengths or a
    ///   non-finite value.
    public static func compute(elevationsM: [Double], cumM: [Double], model: HikingModel = HikingModel()) throws(RouteStatisticsError) -> RouteStats {
        guard elevationsM.count == cumM.count else { throw .lengthMismatch(elevations: elevationsM.count, cum: cumM.count) }
        guard !elevationsM.isEmpty else { throw .empty }
        for i in elevationsM.indices where !(elevationsM[i].isFinite && cumM[i].isFinite) { throw .nonFinite(index: i) }
        let extremes = extremeIndices(elevationsM, thresholdM: model.climbThresholdM)
        var ascentM = 0.0, descentM = 0.0, durationS = 0.0
        for (a, b) in zip(extremes, extremes.dropFirst()) {
            let riseM = elevationsM[b] - elevationsM[a]
            if riseM > 0 { ascentM += riseM } else { descentM -= riseM }
            durationS += model.legDurationS(horizontalM: cumM[b] - cumM[a], riseM: riseM)
        }
        return RouteStats(
            distanceM: cumM[cumM.count - 1],
            ascentM: ascentM,
            descentM: descentM,
            minEleM: elevationsM.min()!,
            maxEleM: elevationsM.max()!,
            durationS: Int(durationS.rounded())
        )
    }
}
