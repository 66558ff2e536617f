/// Parameters of the climb and hiking-time estimates (DIN 33466).
public struct HikingModel: Equatable, Sendable {
    /// Horizontal walking speed on the flat, km/h.
    public var flatSpeedKmh: Double
    /// Vertical speed uphill, metres of climb per hour.
    public var ascentRateMPerH: Double
    /// Vertical speed downhill, metres of descent per hour.
    public var descentRateMPerH: Double
    /// Rises and drops of the elevation profile no larger than this, metres, are ignored
    /// (hysteresis between alternating extremes).
    public var climbThresholdM: Double

    public init(flatSpeedKmh: Double = 4, ascentRateMPerH: Double = 300, descentRateMPerH: Double = 500, climbThresholdM: Double = 5) {
        self.flatSpeedKmh = flatSpeedKmh
        self.ascentRateMPerH = ascentRateMPerH
        self.descentRateMPerH = descentRateMPerH
        self.climbThresholdM = climbThresholdM
    }

    /// DIN 33466 time in seconds for one leg: the larger of the horizontal and vertical times
    /// plus half the smaller. `horizontalM` is the ground distance, `riseM` the elevation change
    /// (negative downhill), both metres.
    public func legDurationS(horizontalM: Double, riseM: Double) -> Double {
        let horizontalS = horizontalM / (flatSpeedKmh * 1000) * 3600
        let verticalS = riseM >= 0 ? riseM / ascentRateMPerH * 3600 : -riseM / descentRateMPerH * 3600
        return max(horizontalS, verticalS) + min(horizontalS, verticalS) / 2
    }
}
