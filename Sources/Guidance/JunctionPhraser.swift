import TrailpackCore

/// What guidance knows at a junction, all angles relative to the direction of arrival.
public struct JunctionSituation: Equatable, Sendable {
    /// Name of the trail the route arrives on; nil when unnamed.
    public var incomingTrail: String?
    /// Name of the trail the route leaves on (the trail taken); nil when unnamed.
    public var outgoingTrail: String?
    /// Signed deviation of the route's outgoing direction from straight ahead, degrees (positive right).
    public var takenDeviationDeg: Double
    /// The other trails leaving the node: signed deviation from straight ahead in degrees, and name.
    public var branches: [(deviationDeg: Double, trailName: String?)]
    /// Where the way taken leaves the trails (a straight leg to a point off the network): its
    /// compass bearing, degrees; nil when it follows a trail.
    public var offTrailBearingDeg: Double?

    public init(incomingTrail: String?, outgoingTrail: String?, takenDeviationDeg: Double,
                branches: [(deviationDeg: Double, trailName: String?)], offTrailBearingDeg: Double? = nil) {
        self.incomingTrail = incomingTrail
        self.outgoingTrail = outgoingTrail
        self.takenDeviationDeg = takenDeviationDeg
        self.branches = branches
        self.offTrailBearingDeg = offTrailBearingDeg
    }

    public static func == (a: JunctionSituation, b: JunctionSituation) -> Bool {
        a.incomingTrail == b.incomingTrail && a.outgoingTrail == b.outgoingTrail
            && a.takenDeviationDeg == b.takenDeviationDeg
            && a.branches.map(\.deviationDeg) == b.branches.map(\.deviationDeg)
            && a.branches.map(\.trailName) == b.branches.map(\.trailName) && a.offTrailBearingDeg == b.offTrailBearingDeg
    }
}

/// Words a junction: the instruction and the SPEC `dir`. The rules are in docs/GUIDANCE.md
/// (angles: `GuidanceTuning.Cues`).
public enum JunctionPhraser {
    /// Reads an unnamed trail the hiker moves onto.
    public static let unnamedTaken = "an unnamed trail"
    /// Ends the instruction where the route leaves the trails.
    public static let offTrail = "off trail"
    /// Reads an unnamed trail crossed or continued on.
    public static let unnamedCrossed = "the path"

    /// The instruction and `dir` for one junction. `direction` classes the deviation taken
    /// (`Deviation.direction` by default; guidance passes one that never reads a U-turn, since
    /// only a reversal is one).
    public static func phrase(_ s: JunctionSituation, tuning: GuidanceTuning,
                              direction: (Double) -> TurnDirection = Deviation.direction(forDeviationDeg:))
        -> (instruction: String, dir: TurnDirection) {
        let dev = s.takenDeviationDeg
        // Leaving the trails: no trail is taken, so the way is a compass point.
        if let bearing = s.offTrailBearingDeg { return ("Head \(Compass.point8(bearingDeg: bearing)), \(offTrail)", direction(dev)) }
        let forkWithinDeg = tuning.cues.forkWithinDeg
        // Fork: both the way taken and a rival leave within 30 degrees of straight ahead.
        if abs(dev) <= forkWithinDeg,
           let forkRival = s.branches.filter({ abs($0.deviationDeg) <= forkWithinDeg })
               .min(by: { abs($0.deviationDeg - dev) < abs($1.deviationDeg - dev) }) {
            let left = dev < forkRival.deviationDeg || (dev == forkRival.deviationDeg && dev <= 0)
            let tail = suffix(s, notTaken: forkRival.trailName, fallback: " at the fork")
            return ((left ? "Keep left" : "Keep right") + tail, left ? .slightLeft : .slightRight)
        }
        // The branch a hiker could take by mistake: closest in angle to the way taken.
        let rival = s.branches.enumerated().min { a, b in
            let da = abs(a.element.deviationDeg - dev), db = abs(b.element.deviationDeg - dev)
            return da != db ? da < db : a.offset < b.offset
        }?.element
        let dir = direction(dev)
        guard dir == .straight else {
            return (Deviation.junctionVerb(dir) + suffix(s, notTaken: rival?.trailName, fallback: " at the junction"), dir)
        }
        return (straightOn(s, rivalName: rival?.trailName.flatMap { $0 == s.outgoingTrail ? nil : $0 }, tuning: tuning), .straight)
    }

    /// The trail named after the verb: the one taken when it changes; on the same trail the
    /// named branch not taken (`notTaken`, unless named as the trail: its sign is what marks the
    /// junction, and the verb already says which way), else the trail stayed on; `fallback`
    /// when nothing has a name.
    static func suffix(_ s: JunctionSituation, notTaken: String?, fallback: String) -> String {
        if s.incomingTrail != s.outgoingTrail { return " onto " + (s.outgoingTrail ?? unnamedTaken) }
        if let y = notTaken, y != s.outgoingTrail { return " at the junction with \(y)" }
        if let x = s.outgoingTrail { return " to stay on \(x)" }
        return fallback
    }

    /// Straight on: a crossing when trails leave on both sides (each within `crossingBandDeg`),
    /// else a side junction.
    static func straightOn(_ s: JunctionSituation, rivalName: String?, tuning: GuidanceTuning) -> String {
        let band = tuning.cues.crossingBandDeg
        let sameTrail = s.incomingTrail == s.outgoingTrail
        let sideLeft = s.branches.filter { band.contains(-$0.deviationDeg) }
        let sideRight = s.branches.filter { band.contains($0.deviationDeg) }
        if !sideLeft.isEmpty, !sideRight.isEmpty {
            // A name on both sides, else the named branch closest to square: left, then right.
            func squarest(_ side: [(deviationDeg: Double, trailName: String?)]) -> String? {
                side.sorted { abs(abs($0.deviationDeg) - Compass.rightAngleDeg) < abs(abs($1.deviationDeg) - Compass.rightAngleDeg) }
                    .compactMap(\.trailName).first
            }
            let rightNames = sideRight.compactMap(\.trailName)
            let crossed = sideLeft.compactMap(\.trailName).first(where: rightNames.contains) ?? squarest(sideLeft) ?? squarest(sideRight)
            var text = "Continue straight across " + (crossed ?? unnamedCrossed)
            if !sameTrail { text += " onto " + (s.outgoingTrail ?? unnamedTaken) }
            return text
        }
        if !sameTrail { return "Continue straight onto " + (s.outgoingTrail ?? unnamedTaken) }
        if let y = rivalName { return "Continue straight past \(y)" }
        if let x = s.outgoingTrail { return "Continue on \(x)" }
        return "Continue on \(unnamedCrossed)"
    }
}
