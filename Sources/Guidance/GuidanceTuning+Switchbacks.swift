extension GuidanceTuning {
    /// Runs of switchbacks (`SwitchbackRuns`): hairpins alternating sides in quick succession,
    /// where the trail is the only way on and no turn cue is given.
    public struct Switchbacks: Equatable, Sendable {
        /// A hairpin's bend is measured on chords this long either side of its tip, metres: a
        /// zigzag's legs are 20 to 80 m, so longer chords would reach round the next hairpin.
        public var chordM = 25.0
        /// A hairpin turns at least this many degrees over `chordM` chords, or (between two other
        /// bends of its chain) from the chord joining it to the bend before to the chord joining
        /// it to the bend after: more than the 90° corners of a staircase of streets, whose every
        /// corner is a turn to take.
        public var hairpinMinDeg = 100.0
        /// A run holds at least this many hairpins in a row, alternating sides.
        public var minHairpins = 3
        /// A run found from its hairpins extends on either side over alternating bends of at least
        /// this many degrees (`chordM` chords), so that where it starts and ends does not hang on
        /// one hairpin's angle.
        public var extendMinDeg = 30.0
        /// One bend per this many metres either way: the largest `chordM` deviation within it.
        public var tipRadiusM = 15.0
        /// Bends on the same side closer than this are one (GPS error splits a hairpin in two),
        /// metres.
        public var sameTipM = 30.0
        /// Consecutive bends of a run are at most this far apart along the route, metres.
        public var maxLegM = 80.0
        /// Turn cues this close along the route before a run's first bend or after its last
        /// belong to the run, metres.
        public var marginM = 25.0

        public init() {}
    }
}
