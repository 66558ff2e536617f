import TrailpackCore

extension GuidanceTuning {
    /// The turns a walker feels (`WalkerBends`): the line they are measured on, the chords, and
    /// when a bend is a turn. The reversal thresholds are in `Overlap`.
    public struct Bends: Equatable, Sendable {
        /// Bends are measured on the path thinned to vertices at least this far apart, metres: the
        /// ground line's step (`GroundLine.stepM`), so a recording already on the ground is not
        /// thinned again and a drawn line is measured on the same steps.
        public var groundStepM = GroundLine.stepM
        /// The chord on which a turn is measured and classed, metres.
        public var walkWindowM = 50.0
        /// The longer chord that must agree on the side, metres.
        public var wideWindowM = 100.0
        /// How far a turn's 100 m bend must clear the class "turn" (`Deviation.slightBelowDeg`),
        /// degrees: GPS drift moves a recording's smoothed 100 m bend by about this much at nine
        /// places in ten, so a bend closer to the class edge is a cue on one recording and none on
        /// the next. The same rule holds on a drawn line, so a route and a recording of it are
        /// told of the same turns. (docs/GUIDANCE-TUNING.md has the measurement.)
        public var gpsMarginDeg = 10.0
        /// A turn's 50 m bend is at least this many degrees: the class "turn".
        public var minTurnDeg = Deviation.slightBelowDeg
        /// ...and its 100 m bend at least this many, on the same side: a turn that holds, not one
        /// of an S-bend's two halves, whose 100 m bend is small. The class "turn" cleared by
        /// `gpsMarginDeg`.
        public var minWideDeg: Double { Deviation.slightBelowDeg + gpsMarginDeg }
        /// A corner whose 50 m bend is at least this many degrees is a turn to take however soon
        /// the next one comes (a staircase of streets, a Z of two hairpins)...
        public var cornerDeg = 75.0
        /// ...when its 100 m bend is at least this many degrees on the same side.
        public var cornerWideDeg = 20.0
        /// One turn per this many metres either way: a turn is the largest 50 m bend within it.
        public var peakRadiusM = 25.0
        /// Two turns on the same side this close along the route, with the 50 m bend never under
        /// `Deviation.straightBelowDeg` between them, are one curve and get one cue, metres.
        public var oneCurveM = 60.0
        /// Candidates need at least this much route on each side, metres.
        public var minSideM = 25.0
        /// Turns are judged on the bend line with each vertex moved to the mean of the vertices
        /// within this many metres along it (either way): one fix's GPS error (σ 3 to 8 m) moves a
        /// 50 m bend by 10 degrees or more, and the largest of a few such bends is biased toward a
        /// turn; the mean of the fixes around a corner keeps the corner and halves that error.
        public var smoothingM = 15.0
        /// A turn's place is the centre of its curve: around its 50 m peak, the vertices whose
        /// 50 m bend is within this many degrees of the peak's (within the error of a recording's
        /// smoothed 50 m bend, so GPS error could have put the peak anywhere on them)...
        public var plateauDeg = 5.0
        /// ...up to this far along either way (metres), give it to the one with the largest
        /// 100 m bend: as far as two peaks of one curve (`oneCurveM`).
        public var plateauReachM: Double { oneCurveM }
        /// A turn whose 50 m bend is at least this many degrees turns back on itself (a hairpin):
        /// the sign of a bend near 180 degrees flips with a metre of GPS error (a right-hand
        /// hairpin can read as a sharp left), so it is a cue only where the side of the way in on
        /// which the way after lies agrees with that sign (the 100 m bend's sign, as unsettled,
        /// is not asked).
        public var hairpinDeg = 150.0
        /// A U-turn cue is told where the route's written line bends at least this many degrees
        /// over 50 m (the reversal's own bend, less what the 12 m resampling and rounding cut
        /// from its tip)...
        public var uTurnWrittenMinDeg = 100.0
        /// ...at its tip, or the path vertex within this many metres of it that bends most; else
        /// it is no U-turn cue (`TurnAgreement.uTurnPlace`).
        public var uTurnShiftM = 25.0
        /// ...judged on the points this far back and ahead along the route, metres...
        public var hairpinReachM = 25.0
        /// ...which must lie at least this far to one side of the way in, metres (else no side): a
        /// recording's white jitter (up to 1.5 m a fix) moves that offset, read from three fixes,
        /// by about 2 m, so this leaves twice that.
        public var hairpinMinOffsetM = 4.0

        public init() {}
    }
}
