extension GuidanceTuning {
    /// Where a recording walks the same ground the other way: reversals (`Reversals`), whether
    /// the way back retraces the way in (`Retrace`), lollipop stems (`Stems`) and reading both
    /// passes as one (`PassFusion`). Distances in metres, angles in degrees.
    public struct Overlap: Equatable, Sendable {
        // MARK: Reversals

        /// Vertices whose given 50 m bend (of the smoothed line) reaches this are tried as
        /// reversals, degrees.
        public var reversalCandidateDeg = 120.0
        /// A reversal bends at least this many degrees over 50 m...
        public var reversalMinDeg = 150.0
        /// ...and at least this many over 100 m (a way back offset by up to 36 m of GPS drift still
        /// bends more; a hairpin's straight legs spread and bend less), or (a short spur) the
        /// points `reversalNearReachM` before and after the tip lie within `reversalGap25M` and
        /// the points `reversalFarReachM` away within `reversalGap50M`, degrees.
        public var reversalWideMinDeg = 160.0
        /// The gap between the points 25 m before and after a short spur's tip, metres.
        public var reversalGap25M = 15.0
        /// The gap between the points 50 m before and after a short spur's tip, metres.
        public var reversalGap50M = 20.0
        /// The spur gaps are measured this far either side of the tip, metres...
        public var reversalNearReachM = 25.0
        /// ...and this far (clipped to the route's room), metres.
        public var reversalFarReachM = 50.0
        /// A recording whose 50 m bend is at least this many degrees (smoothed and not), with at
        /// least `longWayBackRoomM` of route on each side, reverses where its way back runs beside
        /// the way in for 300 m (`Retrace` far rule) whatever its other bends: fixes dropped at
        /// the tip cut its corner, degrees.
        public var longWayBackMinDeg = 110.0
        /// See `longWayBackMinDeg`, metres.
        public var longWayBackRoomM = 150.0
        /// A route that comes back exactly on itself (within this at 25 m and 50 m) reverses
        /// whatever its 100 m bend, metres.
        public var exactGapM = 2.0
        /// A reversal's tip is judged by how far the route is from it this far back and ahead, metres.
        public var tipReachM = 50.0
        /// Reversals closer than this along the route are one (the one farthest out wins), metres.
        public var reversalSpacingM = 60.0
        /// A reversal's signed deviation is read on chords this long either side of the tip, metres.
        public var reversalChordM = 25.0
        /// A switchback hairpin bending this many degrees or more over `GuidanceTuning.Switchbacks.chordM`
        /// chords may turn either way: its legs lie so close (2-4 m in a tight stack) that GPS
        /// error decides its side (`Reversals.isStackHairpin`).
        public var sidelessHairpinDeg = 170.0

        // MARK: Retrace (see `Retrace`)

        /// The way back is measured every this many metres after the tip.
        public var retraceStepM = 10.0
        /// A spur walked out and back: every point up to this far after the tip, metres...
        public var nearM = 100.0
        /// ...lies within this of the way in, metres (GPS error of two passes a minute apart).
        public var nearWithinM = 12.0
        /// ...or this on a drawn line, which has no GPS error, metres.
        public var drawnWithinM = 5.0
        /// A long out-and-back: `farShare` of the points up to this far after the tip, metres...
        public var farM = 300.0
        /// ...lie within this of the way in (two passes' drift apart), metres.
        public var farWithinM = 30.0
        /// See `farM`: the share of points (room for a run of dropped fixes cutting a corner).
        public var farShare = 0.9
        /// A short spur: the way back lies within `spurWithinM` of the way in for at least this
        /// far after the tip, metres...
        public var spurMinM = 30.0
        /// See `spurMinM`, metres.
        public var spurWithinM = 6.0
        /// ...and then, at the junction, leaves it: the next this many metres of the way back lie
        /// farther than `nearWithinM` from the way in or head along it.
        public var spurLeaveM = 20.0
        /// The way in for the point `x` metres after the tip starts `x` plus this many metres
        /// before it (a stop collapsed or drift along the route does not move its meeting point).
        public var alongSlackM = 60.0
        /// Headings on the way in and the way back are chords this many metres either side.
        public var tangentM = 10.0

        // MARK: Stems (see `Stems`)

        /// The two passes of a stem lie at least this far apart along the route, metres...
        public var stemMinApartM = 300.0
        /// ...within this of each other (the pairing that follows reaches `farWithinM`), metres...
        public var stemWithinM = 15.0
        /// ...heading the other way within this many degrees.
        public var stemHeadingDeg = 30.0
        /// A stem holds such pairs over at least this much route (a switchback's legs are shorter)...
        public var minStemM = 150.0
        /// ...with no gap longer than this between them, metres.
        public var stemMaxGapM = 60.0
        /// Vertices are tried every this many metres, metres.
        public var stemSampleM = 30.0
        /// A vertex whose ground the line passes more than this many times farther along (within
        /// `stemWithinM`) pairs with none: a tangle (a dog walked round a yard), where the nearest
        /// of so many passes is chance, not the way back of a stem, and finding it would cost
        /// every pass (a 2-million-fix tangle's samples each met thousands).
        public var stemMaxPasses = 12

        // MARK: Pass fusion (see `PassFusion`)

        /// Pairing ends after this much route without a partner (the way back left the way in), metres.
        public var partM = 50.0
        /// The partner of the next vertex is sought this far either side of where the last partner
        /// and the step between the vertices put it (stops collapsed, drift and dropped fixes make
        /// the two passes' lengths differ), metres.
        public var searchM = 40.0
        /// Unpaired vertices between paired ones this close along the route are paired, metres.
        public var holeM = 30.0
        /// The move toward the partner ramps up from none to half over this much route from where
        /// a pairing begins or ends, so the fused line has no step there, metres.
        public var taperM = 50.0
        /// A turn and its mirror on the other pass are this close along the route, metres.
        public var mirrorM = 30.0

        public init() {}
    }
}
