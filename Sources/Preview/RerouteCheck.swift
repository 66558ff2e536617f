import Rerouting
import RouteCore
import TrailpackCore

/// Which side of a route a point lies on, facing the way the route runs.
public enum RouteSide: String, Sendable, Equatable {
    case left, right
}

/// A reroute check of one route: a hiker `RerouteChecker.offsetM` off the route's middle
/// vertex, and the way back `RegionNetwork.rejoin` gives them.
public struct RerouteCheck: Sendable, Equatable {
    public var routeId: String
    /// The middle vertex: the one whose distance along the route is nearest half its length.
    public var middleIndex: Int
    /// The side of the route the hiker stands on.
    public var side: RouteSide
    /// Where the hiker stands, lon/lat rounded to 7 decimals.
    public var offRoute: LonLat
    /// The way back, from `offRoute` to the route's vertex `rejoinIndex`, lon/lat.
    public var wayBack: [LonLat]
    /// Length of the way back, metres (geodesic, as the route file's `cum`).
    public var wayBackM: Double
    /// Climb and descent on the way back, metres (as route stats count them).
    public var wayBackAscentM: Double
    public var wayBackDescentM: Double
    /// Hiking time of the way back, seconds (DIN 33466 with the region's rates, as route stats).
    public var wayBackTimeS: Int
    /// The route vertex the way back reaches: the quickest one at or after `middleIndex`.
    public var rejoinIndex: Int
    /// Distance along the route from the middle vertex to the rejoin vertex, metres.
    public var alongRouteM: Double
    /// The way back's first instruction (its start waypoint's).
    public var firstInstruction: String

    /// One sentence for the preview: where the hiker is, the way back's length, climb, descent
    /// and time, where it rejoins and its first instruction.
    public var summary: String {
        "From \(Int(RerouteChecker.offsetM)) m \(side.rawValue) of vertex \(middleIndex) (the middle):"
            + " way back \(Int(wayBackM.rounded())) m, \(Int(wayBackAscentM.rounded())) m up, \(Int(wayBackDescentM.rounded())) m down, \(formatDuration(seconds: wayBackTimeS));"
            + " rejoins at vertex \(rejoinIndex), \(Int(alongRouteM.rounded())) m along the route from the middle."
            + " First instruction: \"\(firstInstruction)\"."
    }
}

/// What the preview shows for one route: a reroute check, or why there is none.
public enum RerouteOutcome: Sendable, Equatable {
    case checked(RerouteCheck)
    case unavailable(reason: String)
}
