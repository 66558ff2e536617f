import TrailpackCore

/// How many cues a route's hiker hears: what `trailpack build --json` reports per route so an
/// author can spot a chatty track (docs/GUIDANCE.md: at most 4 per km on recorded tracks).
public struct CueCount: Equatable, Sendable {
    public var routeID: String
    /// `turn` waypoints (U-turns included).
    public var turns: Int
    /// `turn` waypoints with `dir: u-turn`.
    public var uTurns: Int
    /// `junction` waypoints.
    public var junctions: Int
    /// Route length, metres.
    public var distanceM: Double

    /// Turns and junctions: the cues that ask the hiker to act.
    public var cues: Int { turns + junctions }
    /// `cues` per kilometre of route (0 for a route of no length).
    public var cuesPerKm: Double { distanceM > 0 ? Double(cues) / (distanceM / 1000) : 0 }

    init(_ route: BuiltRoute) {
        routeID = route.id
        turns = route.waypoints.count { $0.kind == .turn }
        uTurns = route.waypoints.count { $0.kind == .turn && $0.dir == .uTurn }
        junctions = route.waypoints.count { $0.kind == .junction }
        distanceM = route.stats.distanceM
    }
}
