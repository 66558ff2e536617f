import TrailpackCore

extension RouteCleaner {
    /// Thresholds of the cleaner, metres unless said otherwise (ground distances on the WGS84
    /// ellipsoid's short-range metric).
    public struct Options: Equatable, Sendable {
        /// A point closer than this to the previous kept point is a duplicate.
        public var minSpacingM: Double = 0.5
        /// False for a planned line (a GPX `<rte>`): only invalid points and duplicates go.
        public var removeGPSArtifacts = true
        /// A spike's legs (out and back) are at least this long...
        public var spikeMinLegM: Double = 30
        /// ...and at least this many times the typical step of the track around it (the median
        /// of the `spikeStepWindow` steps before and after), so that a sparse track's real corners
        /// and switchback tips, whose legs are ordinary steps, are never spikes.
        public var spikeStepFactor: Double = 4
        /// The typical step around a spike is the median of this many steps before it and as
        /// many after it (fewer at the ends): enough that one other bad fix does not move it.
        public var spikeStepWindow = 6
        /// A spike is one to this many consecutive fixes off the line (a device that lost its fix
        /// for a few seconds); a longer excursion is a way walked, or a loop or stop.
        public var spikeMaxFixes = 3
        /// The spike pass runs at most this many times, until it finds none: a fix beside a spike
        /// is judged against the spike's legs and can show as a spike only once the spike is gone.
        public var spikePasses = 4
        /// The spike's neighbours lie at most this fraction of its mean leg apart (the excursion
        /// returns to where it left; the mean, not the shorter leg, so that a spike beside a run
        /// of dropped fixes, whose neighbours lie a gap apart, still goes).
        public var spikeBaseRatio: Double = 0.6
        /// A stop: consecutive fixes within this radius of their running centre...
        public var stopRadiusM: Double = 20
        /// ...at least this many of them...
        public var stopMinPoints = 12
        /// ...whose track is longer than this and than `stopPathFactor` times the cloud's radius
        /// (walking through the circle draws about two radii, four to five with GPS jitter at one fix a second; a standing device dozens).
        public var stopMinPathM: Double = 50
        public var stopPathFactor: Double = 8
        /// ...and whose part where the device stood (within `stopCoreM`, below) crosses itself
        /// at least this many times, counting only crossings between parts at least
        /// `stopCrossingSeparationM` apart along the track (`SelfCrossings`): a standing device's
        /// fixes cross each other's track again and again, while a walk that winds within the
        /// radius (a stack of switchbacks climbed slowly, a hairpin) seldom does.
        public var stopMinCrossings = 2
        public var stopCrossingSeparationM: Double = 15
        /// ...at least `stopMinSteepCrossings` of them where the two parts' headings (chords
        /// `stopCrossingHalfChordM` either side of each segment's middle, metres) lie at least
        /// `stopCrossingMinDeg` degrees off parallel: a standing device's fixes cross at any
        /// angle, while the legs of a walk that run side by side within GPS error (a tight
        /// switchback stack, legs 2-4 m apart) cross each other along their way, at a shallow angle.
        public var stopMinSteepCrossings = 1
        public var stopCrossingMinDeg: Double = 45
        public var stopCrossingHalfChordM: Double = 3
        /// ...and whose fixes at either end farther than this from the run's median point are
        /// walking in or out, not standing: they stay track.
        public var stopCoreM: Double = 15
        /// ...and that was not walked out to a tip and back (`walksOutAndBack`): its smoothed
        /// track (each fix averaged with `stopSmoothingFixes` neighbours either side) spreads at
        /// least `stopWalkElongation` times as far along one axis as across it and at least
        /// `stopWalkMinSpreadM` along it, ends in the half where it began, is at most
        /// `stopWalkPathFactor` times its spread long and has at most `stopWalkMaxShare` of its
        /// fixes in a quarter of the spread. At one fix a second with white jitter, the way back
        /// crosses the way in again and again and the last 20 m hold as many fixes as a stand.
        /// `stopWalkElongation` 0 turns the test off.
        public var stopWalkElongation: Double = 2
        public var stopWalkMinSpreadM: Double = 15
        public var stopWalkPathFactor: Double = 3
        public var stopWalkMaxShare = 0.45
        public var stopSmoothingFixes = 4
        /// A stop also takes the loop the device drew just before it: the fixes back to the
        /// earliest one within `stopLoopReturnM` of the stop's centre, when none of them lies
        /// farther than `stopLoopExtentM` from it and their track is at most `stopLoopMaxPathM`.
        public var stopLoopReturnM: Double = 10
        public var stopLoopExtentM: Double = 35
        public var stopLoopMaxPathM: Double = 150
        /// A loop is cut where the track crosses itself when the part between the crossings is
        /// at most this long...
        public var loopMaxLengthM: Double = 100
        /// ...stays within this distance of the crossing...
        public var loopMaxExtentM: Double = 30
        /// ...winds at least this many degrees (near a full turn; an out-and-back winds about 180),
        /// and the track then goes on within `loopGoesOnMaxDeg` of the way it came in (a loop
        /// drawn at a turnaround is left to the turnaround).
        public var loopMinWindingDeg: Double = 250
        /// ...and is no ground walked out and back (`isSpur`: a spur off the line, a hairpin of a
        /// switchback stack): its farthest point at least `loopSpurMinReachM` from the crossing,
        /// and the share `loopSpurWithinShare` of the way out's fixes with the same ground the
        /// other way (`TrackGeometry.overlap`) within `loopSpurWithinM` on the way back (the rest
        /// may stray: a spike or a shortcut at the tip), whatever track lies beside it: a stack's
        /// hairpin lies a few metres from the legs before and after it. (Off a trail that goes on
        /// the way it came, in north, out east and back, on north, a spur winds a full turn too.)
        public var loopSpurMinReachM: Double = 10
        public var loopSpurWithinM: Double = 6
        public var loopSpurWithinShare = 0.9
        /// ...headings for that test on chords this far either side of a fix, metres (a few fixes
        /// at a walker's pace, so GPS jitter does not turn them; fixes nearer the tip than this
        /// head through it and are not counted).
        public var loopSpurHeadingChordM: Double = 3
        /// The way a track comes into a loop's crossing and leaves it is the chord to the first
        /// fix at least this far from the crossing, metres (beyond the loop's own wander)...
        public var loopWayChordM: Double = 40
        /// ...sought among at most this many fixes either way (a chord that cannot be found
        /// there counts as going on)...
        public var loopWayMaxFixes = 400
        /// ...and the track goes on when the two chords differ by at most this many degrees.
        public var loopGoesOnMaxDeg: Double = 90
        /// Wandering at an end: a track from the first fix (or back from the last) at most this
        /// long on the ground (5 m steps)...
        public var endExcursionMaxPathM: Double = 120
        /// ...that gets at least this far from it...
        public var endExcursionMinExtentM: Double = 15
        /// ...and comes back within this distance of it, is trimmed...
        public var endReturnM: Double = 10
        /// ...when at least this much track remains.
        public var endExcursionMinRestM: Double = 500

        public init() {}
    }
}
