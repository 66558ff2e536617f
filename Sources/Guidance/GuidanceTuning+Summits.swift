extension GuidanceTuning {
    /// Summits and cols on the profile, and the terrain probes that confirm them.
    public struct Summits: Equatable, Sendable {
        /// A summit stands at least this many metres above the lowest point on each side of it
        /// before the profile climbs higher than it again: two summits always have a col this
        /// far below the lower between them.
        public var minDropM = 20.0
        /// An unnamed summit is the high point of a pass when the route climbs more than this
        /// many metres above it within `passWithinM` along the route.
        public var passHigherM = 100.0
        /// How far along the route (either way) the higher ground of a pass is looked for, metres.
        public var passWithinM = 1500.0
        /// Directions probed around a vertex (evenly, from north): every 10 degrees.
        public var probeDirections = 36
        /// Distance of the probes from the vertex, metres: beyond a turnaround halfway up a slope.
        public var probeM = 100.0
        /// A summit has at most this many probes higher than the vertex's ground: a traverse
        /// below a top, or a slope, has many more.
        public var maxHigherDirections = 3
        /// At a col, the probes within this many degrees of the way in (backwards) and of the
        /// way out are all lower than the vertex.
        public var colAlongWithinDeg = 45.0

        public init() {}
    }
}
