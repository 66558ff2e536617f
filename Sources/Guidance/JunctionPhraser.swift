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

    public init(incomingTrail: String?, outgoingTrail: String?, takenDeviationDeg: Double,
                branches: [(deviationDeg: Double, trailName: String?)]) {
        self.incomingTrail = incomingTrail
        self.outgoingTrail = outgoingTrail
        self.takenDeviationDeg = takenDeviationDeg
        self.branches = branches
    }

    public static func == (a: JunctionSituation, b: JunctionSituation) -> Bool {
        a.incomingTrail == b.incomingTrail && a.outgoingTrail == b.outgoingTrail
            && a.takenDeviationDeg == b.takenDeviationDeg
            && a.branches.map(\.deviationDeg) == b.branches.map(\.deviationDeg)
            && a.branches.map(\.trailName) == b.branches.map(\.trailName)
    }
}

/// Words a junction: the instruction and the SPEC `dir`. The rules are in docs/GUIDANCE.md.
public enum JunctionPhraser {
    /// A fork: the route and another branch both leave within this many degrees of straight.
    public static let forkWithinDeg = 30.0
    /// Branches within this band (absolute degrees) on both sides make a crossing.
    static let crossingBandDeg = 30.0...150.0

    /// Reads an unnamed trail the hiker moves onto.
    public static let unnamedTaken = "an unnamed trail"
    /// Reads an unnamed trail crossed or continued on.
    public static let unnamedCrossed = "the path"

    /// The instruction and `dir` for one junction.
    public static func phrase(_ s: JunctionSituation) -> (instruction: String, dir: TurnDirection) {
        let dev = s.takenDeviationDeg
        let sameTrail = s.incomingTrail == s.outgoingTrail

        // The branch a hiker could take by mistake: closest in angle to the way taken.
        let rival = s.branches.enumerated().min { a, b in
            let da = abs(a.element.deviationDeg - dev), db = abs(b.element.deviationDeg - dev)
            return da != db ? da < db : a.offset < b.offset
        }?.element
        let rivalName = rival?.trailName.flatMap { $0 == s.outgoingTrail ? nil : $0 }

        // The trail named after the verb: the one taken when it changes; on the same trail the
        // named branch not taken (its sign is what marks the junction, and the verb already says
        // which way), else the trail stayed on; `fallback` when nothing has a name.
        func suffix(fallback: String) -> String {
            if !sameTrail {
                return " onto " + (s.outgoingTrail ?? unnamedTaken)
            }
            if let y = rivalName { return " at the junction with \(y)" }
            if let x = s.outgoingTrail { return " to stay on \(x)" }
            return fallback
        }

        // Fork: both the way taken and a rival leave within 30 degrees of straight ahead.
        if abs(dev) <= forkWithinDeg,
           let forkRival = s.branches.filter({ abs($0.deviationDeg) <= forkWithinDeg })
               .min(by: { abs($0.deviationDeg - dev) < abs($1.deviationDeg - dev) }) {
            let left = dev < forkRival.deviationDeg || (dev == forkRival.deviationDeg && dev <= 0)
            let forkRivalName = forkRival.trailName.flatMap { $0 == s.outgoingTrail ? nil : $0 }
            var tail: String
            // As `suffix`, with the closest branch of the fork as the one not taken.
            if !sameTrail {
                tail = " onto " + (s.outgoingTrail ?? unnamedTaken)
            } else if let y = forkRivalName {
                tail = " at the junction with \(y)"
            } else if let x = s.outgoingTrail {
                tail = " to stay on \(x)"
            } else {
                tail = " at the fork"
            }
            return ((left ? "Keep left" : "Keep right") + tail, left ? .slightLeft : .slightRight)
        }

        let dir = Deviation.direction(forDeviationDeg: dev)
        guard dir == .straight else {
            return (Deviation.junctionVerb(dir) + suffix(fallback: " at the junction"), dir)
        }

        // Straight on: a crossing when trails leave on both sides, else a side junction.
        let sideLeft = s.branches.filter { crossingBandDeg.contains(-$0.deviationDeg) }
        let sideRight = s.branches.filter { crossingBandDeg.contains($0.deviationDeg) }
        if !sideLeft.isEmpty, !sideRight.isEmpty {
            let leftNames = sideLeft.compactMap(\.trailName), rightNames = sideRight.compactMap(\.trailName)
            let crossed = leftNames.first(where: rightNames.contains)
                ?? sideLeft.sorted { abs(abs($0.deviationDeg) - 90) < abs(abs($1.deviationDeg) - 90) }.compactMap(\.trailName).first
                ?? sideRight.sorted { abs(abs($0.deviationDeg) - 90) < abs(abs($1.deviationDeg) - 90) }.compactMap(\.trailName).first
            var text = "Continue straight across " + (crossed ?? unnamedCrossed)
            if !sameTrail { text += " onto " + (s.outgoingTrail ?? unnamedTaken) }
            return (text, .straight)
        }
        if !sameTrail { return ("Continue straight onto " + (s.outgoingTrail ?? unnamedTaken), .straight) }
        if let y = rivalName { return ("Continue straight past \(y)", .straight) }
        if let x = s.outgoingTrail { return ("Continue on \(x)", .straight) }
        return ("Continue on \(unnamedCrossed)", .straight)
    }
}
