import TrailpackCore

/// The walker's walking time so far (docs/NAVIGATION.md, "ETA"): the seconds since the first
/// fix less the **breaks**. A break is a run of fixes that all lie within `stopRadiusM` of its
/// first fix (the anchor) for `breakMinS` seconds or more (a lunch, a wait at the car park, a
/// recorder paused at a hut: one fix and the next, minutes later, a few metres away); all of
/// its time is a break. Shorter pauses are walking.
public struct WalkingClock: Equatable, Sendable {
    private var firstS: Double?
    private var anchor: Fix?
    private var previous: Fix?
    /// Seconds of finished stops.
    private var breaksS = 0.0
    /// The finished breaks, in time order.
    public private(set) var breaks: [Break] = []
    /// Seconds walked up to the last fix added, breaks left out.
    public private(set) var walkingS = 0.0

    public init() {}

    /// Takes the next fix (times never decreasing). A fix farther than `stopRadiusM` from the
    /// anchor ends the run (a break when it lasted `breakMinS`, from the anchor to the fix
    /// before); the new anchor is the fix before when this one lies within `stopRadiusM` of it
    /// (a recorder paused at a hut: its last fix and the next one, minutes later, start the run),
    /// else this fix. The run going on counts as a break once it is `breakMinS` long.
    public mutating func add(_ fix: Fix, tuning: NavigationTuning) {
        guard let first = firstS, let current = anchor, let before = previous else {
            firstS = fix.timeS
            anchor = fix
            previous = fix
            return
        }
        if shortDistanceM(current.location, fix.location) > tuning.stopRadiusM {
            if before.timeS - current.timeS >= tuning.breakMinS {
                breaksS += before.timeS - current.timeS
                breaks.append(Break(startS: current.timeS, endS: before.timeS))
            }
            anchor = shortDistanceM(before.location, fix.location) <= tuning.stopRadiusM ? before : fix
        }
        let runS = fix.timeS - (anchor ?? fix).timeS
        walkingS = fix.timeS - first - breaksS - (runS >= tuning.breakMinS ? runS : 0)
        previous = fix
    }
}

extension WalkingClock {
    /// A break: from its anchor fix's time to its last fix's, seconds.
    public struct Break: Equatable, Sendable {
        public var startS: Double
        public var endS: Double
    }

    /// The walking seconds at each of `fixes` as the whole recording tells them: every break
    /// known in full, the one still going at the last fix included once it is `breakMinS` long.
    /// (`walkingS` is live: it counts a run as walking until the run has lasted `breakMinS`.)
    public static func hindsight(_ fixes: [Fix], tuning: NavigationTuning) -> [Double] {
        guard let firstS = fixes.first?.timeS else { return [] }
        var clock = WalkingClock()
        for f in fixes { clock.add(f, tuning: tuning) }
        var breaks = clock.breaks
        if let anchor = clock.anchor, let last = clock.previous, last.timeS - anchor.timeS >= tuning.breakMinS {
            breaks.append(Break(startS: anchor.timeS, endS: last.timeS))
        }
        var out: [Double] = []
        out.reserveCapacity(fixes.count)
        var k = 0, doneS = 0.0
        for f in fixes {
            while k < breaks.count, breaks[k].endS <= f.timeS {
                doneS += breaks[k].endS - breaks[k].startS
                k += 1
            }
            let insideS = k < breaks.count && breaks[k].startS < f.timeS ? f.timeS - breaks[k].startS : 0
            out.append(f.timeS - firstS - doneS - insideS)
        }
        return out
    }
}
