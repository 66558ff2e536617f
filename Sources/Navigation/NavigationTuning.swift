/// Every number of the navigation contract (docs/NAVIGATION.md), in one value. The doc's
/// tables show each field's value; `NavigationDocsTests` holds them to it.
public struct NavigationTuning: Equatable, Sendable {
    // Snapping.
    /// How far behind the progress the nearest-point search looks, metres along the route.
    public var snapBehindM = 30.0
    /// How far ahead of the progress the search looks at least, metres along the route.
    public var snapAheadM = 250.0
    /// The fastest walk the search allows for: the window ahead grows by this times the seconds
    /// since the last on-route fix, metres per second.
    public var snapMaxSpeedMps = 3.0
    /// Two candidate points whose distances from the fix differ by at most this are equally near;
    /// the one nearer the progress along the route wins (`snapBehindCostFactor`), metres.
    public var snapTieM = 0.5
    /// Between two tied points, metres behind the progress cost this many times metres ahead of it.
    public var snapBehindCostFactor = 2.0

    // Off route.
    /// The corridor's least half-width, metres (MapLibre Navigation's 50 m).
    public var corridorMinM = 50.0
    /// The corridor's half-width from the fix's accuracy: this times (accuracy + `corridorAccuracyBaseM`).
    public var corridorAccuracyFactor = 2.0
    /// Added to the fix's accuracy before `corridorAccuracyFactor`, metres (OsmAnd's rule is
    /// 2 × (30 m + accuracy); the base is smaller here because the 50 m floor holds the quiet case).
    public var corridorAccuracyBaseM = 15.0
    /// Accuracy assumed for a fix that reports none, metres.
    public var defaultAccuracyM = 10.0
    /// Metres of horizontal error per unit of a recording's dilution of precision (`<hdop>`, else
    /// `<pdop>`): the receiver's user-equivalent range error.
    public var dopErrorM = 5.0
    /// Consecutive fixes outside the corridor, each farther than the one before, that declare off route.
    public var offRouteMovingAwayFixes = 3
    /// Seconds outside the corridor that declare off route however the distances went.
    public var offRoutePersistS = 20.0
    /// Back on route within this share of the corridor's half-width.
    public var backOnShare = 0.6
    /// Consecutive fixes within the back-on distance that declare back on route.
    public var backOnFixes = 2

    // Arrival.
    /// Arrived once on route with at most this left to walk, metres.
    public var arrivalM = 20.0

    // Cues and banners.
    /// A cue is announced once it is this near ahead, metres along the route.
    public var announceAheadM = 60.0
    /// A banner distance at most this is "now", metres.
    public var bannerNowM = 10.0
    /// Banner distances under this round to `bannerFineStepM`, metres.
    public var bannerFineBelowM = 100.0
    public var bannerFineStepM = 10.0
    /// Banner distances under this (and not fine) round to `bannerCoarseStepM`; from it on, kilometres with one decimal.
    public var bannerCoarseBelowM = 1000.0
    public var bannerCoarseStepM = 50.0

    // ETA.
    /// The pace factor starts from DIN's: as if the walker had already walked this many seconds
    /// of DIN time at exactly DIN's pace (`(E + pacePriorS) / (W + pacePriorS)`), seconds.
    public var pacePriorS = 3600.0
    /// A stop: fixes staying within this distance of the stop's first fix, metres.
    public var stopRadiusM = 25.0
    /// ...for at least this many seconds: all of it is a break, not walking time.
    public var breakMinS = 120.0
    /// The pace factor is held within these bounds.
    public var paceFactorMin = 0.5
    public var paceFactorMax = 2.5

    // Rejoin and new route.
    /// Seconds off route before the way back is suggested (docs/ROUTING.md's "about 30 s").
    public var rejoinAfterS = 30.0
    /// Metres walked off route that suggest the way back sooner (docs/ROUTING.md's "50 m of walking").
    public var rejoinAfterWalkM = 50.0
    /// Seconds between two computations of the way back while still off route.
    public var rejoinEveryS = 30.0
    /// A way back whose answer has not changed is told again after this many seconds, as a reminder.
    public var rejoinRemindS = 300.0
    /// A new route to the end is suggested instead when it is quicker than the way back by this, seconds.
    public var newRouteMarginS = 600.0

    public init() {}

    /// The values of docs/NAVIGATION.md.
    public static let standard = NavigationTuning()

    /// A recorded fix's horizontal accuracy, metres: an accuracy it states in metres, else
    /// `hdop` × `dopErrorM`, else `pdop` × `dopErrorM` (never less than `hdop`'s figure would
    /// be: a bound); nil when the recording says nothing (then `defaultAccuracyM` applies).
    /// `vdop` is vertical and not used.
    public func accuracyM(statedM: Double?, hdop: Double?, pdop: Double?) -> Double? {
        statedM ?? hdop.map { $0 * dopErrorM } ?? pdop.map { $0 * dopErrorM }
    }

    /// Half-width of the on-route corridor for a fix of `accuracyM` (nil: `defaultAccuracyM`), metres.
    public func corridorM(accuracyM: Double?) -> Double {
        let a = accuracyM ?? defaultAccuracyM
        return max(corridorMinM, corridorAccuracyFactor * (a + corridorAccuracyBaseM))
    }
}
