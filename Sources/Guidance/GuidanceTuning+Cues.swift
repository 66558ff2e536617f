extension GuidanceTuning {
    /// Merging and ordering cues, the chords junctions and the start are measured on, and the
    /// radii that tie POIs to the route, its ends, its summits and its turnarounds.
    public struct Cues: Equatable, Sendable {
        /// A turn cue closer than this along the route to a junction cue merges into it, metres:
        /// one decision point, named by the junction.
        public var mergeWithinM = 40.0
        /// Two turn cues closer than this along the route merge into one, metres. With 25 m
        /// chords, two corners this close share their chords; on recorded tracks they are mostly
        /// one bend drawn as a zigzag by the GPS.
        public var mergeTurnsWithinM = 40.0
        /// Junction angles and a col's way in and out are measured on chords this long, metres:
        /// GPS jitter and a spike that returns within a few metres barely move them.
        public var angleChordM = 25.0
        /// The start's direction is the chord to the point this far along, metres.
        public var startWindowM = 50.0
        /// A POI this close to the route line becomes a `poi` waypoint, metres.
        public var poiOnRouteM = 50.0
        /// Summits, turnarounds, the start and the end take the name of the nearest (fitting) POI
        /// within this many metres; the same radius at both ends, so a route and its reverse agree.
        public var namingRadiusM = 150.0
        /// A POI or summit this close to the first or last vertex (or this far along from it)
        /// belongs to the start or end, metres.
        public var endsRadiusM = 50.0
        /// A fork: the route and another branch both leave a junction within this many degrees
        /// of straight ahead.
        public var forkWithinDeg = 30.0
        /// Branches within this band (absolute degrees off straight) on both sides make a
        /// crossing: square enough to be crossed, not followed.
        public var crossingBandDeg = 30.0...150.0

        public init() {}
    }
}
