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

    /// DIN 33466's walker: 4 km/h on the flat, 300 m/h up, 500 m/h down; profile wiggles of
    /// up to 5 m are no climb.
    public static let dinFlatSpeedKmh = 4.0
    public static let dinAscentRateMPerH = 300.0
    public static let dinDescentRateMPerH = 500.0
    public static let dinClimbThresholdM = 5.0
    static let metresPerKm = 1000.0
    static let secondsPerHour = 3600.0

    public init(flatSpeedKmh: Double = dinFlatSpeedKmh, ascentRateMPerH: Double = dinAscentRateMPerH,
                descentRateMPerH: Double = dinDescentRateMPerH, climbThresholdM: Double = dinClimbThresholdM) {
        self.flatSpeedKmh = flatSpeedKmh
        self.ascentRateMPerH = ascentRateMPerH
        self.descentRateMPerH = descentRateMPerH
        self.climbThresholdM = climbThresholdM
    }

    /// DIN 33466 time in seconds for one leg: the larger of the horizontal and vertical times
    /// plus half the smaller. `horizontalM` is the ground distance, `riseM` the elevation change
    /// (negative downhill), both metres.
    public func legDurationS(horizontalM: Double, riseM: Double) -> Double {
        let horizontalS = horizontalM / (flatSpeedKmh * Self.metresPerKm) * Self.secondsPerHour
        let verticalS = riseM >= 0 ? riseM / ascentRateMPerH * Self.secondsPerHour : -riseM / descentRateMPerH * Self.secondsPerHour
        return max(horizontalS, verticalS) + min(horizontalS, verticalS) / 2
    }
}
