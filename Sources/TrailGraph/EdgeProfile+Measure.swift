import RouteCore
import TrailpackCore
import PackReader

extension EdgeProfile {
    /// The profile of a line with elevations (metres, as written): extremes found walking a to b
    /// with the rates' climb threshold; b to a walks the same legs backwards. `oneway` forbids b to a.
    public static func measure(coords: [LonLat], elevationsM: [Double], rates model: HikingModel, oneway: Bool) -> EdgeProfile {
        let cumM = Geodesic.cumulativeDistancesM(coords)
        let extremes = RouteStatistics.extremeIndices(elevationsM, thresholdM: model.climbThresholdM)
        var ascentM = 0.0, descentM = 0.0, forwardS = 0.0, backwardS = 0.0
        for (p, q) in zip(extremes, extremes.dropFirst()) {
            let riseM = elevationsM[q] - elevationsM[p], horizontalM = cumM[q] - cumM[p]
            if riseM > 0 { ascentM += riseM } else { descentM -= riseM }
            forwardS += model.legDurationS(horizontalM: horizontalM, riseM: riseM)
            backwardS += model.legDurationS(horizontalM: horizontalM, riseM: -riseM)
        }
        return EdgeProfile(lengthM: round1(cumM.last ?? 0), ascentM: round1(ascentM), descentM: round1(descentM),
                           timeS: [Int(forwardS.rounded()), oneway ? nil : Int(backwardS.rounded())])
    }

    /// Metres to one decimal, as `routing.json` writes lengths, climbs and elevations.
    public static func round1(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}
