import TrailpackCore

/// The engine's answer to one fix (docs/NAVIGATION.md): what the app shows.
public struct NavFrame: Equatable, Sendable {
    public var timeS: Double
    /// Distance along the route walked so far, metres (never decreasing).
    public var progressM: Double
    /// The vertex at or before the progress (the largest `i` with `cum[i] <= progressM`): `--rejoin`'s `--at`.
    public var progressIndex: Int
    /// The fix's distance from the route (nearest point in the search window), metres.
    public var distanceM: Double
    /// The corridor's half-width for this fix, metres.
    public var corridorM: Double
    public var offRoute: Bool
    public var arrived: Bool
    public var banner: String
    public var remaining: Remaining
    /// Seconds left: DIN alone, and corrected by the walker's pace.
    public var etaDinS: Double
    public var etaCorrectedS: Double
    /// Seconds walked since the first fix, stops left out (`WalkingClock`): the pace's `E`.
    public var walkingS: Double
    /// Names of the landmarks in view from the progress's nearest vertex, in the route file's order.
    public var landmarks: [String]
}

/// Something that happened at a fix.
public enum NavEvent: Equatable, Sendable {
    /// Waypoint `waypoint` (index into the route's waypoints) announced `distanceM` before its vertex.
    case cueAnnounced(waypoint: Int, distanceM: Double)
    /// Waypoint passed before it was announced.
    case cueMissed(waypoint: Int)
    case offRoute(distanceM: Double)
    case backOnRoute
    /// The way back is due: `trailpack route --rejoin ROUTE --at atIndex --from from`.
    case rejoinDue(atIndex: Int, from: LonLat)
    case landmarkInView(name: String)
    case arrived

    /// The event's kind as written in replays and vectors.
    public var kind: String {
        switch self {
        case .cueAnnounced: "cue"
        case .cueMissed: "cue-missed"
        case .offRoute: "off-route"
        case .backOnRoute: "back-on-route"
        case .rejoinDue: "rejoin"
        case .landmarkInView: "landmark"
        case .arrived: "arrived"
        }
    }
}
