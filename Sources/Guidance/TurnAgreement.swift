import TrailpackCore

/// A turn cue never contradicts the line it is told on: the last word on every turn, after the
/// smoothed line chose it and `PassFusion` mirrored it onto another pass (where the fused line,
/// the mean of both passes, can bend more or less than either).
///
/// Read on the route's written line (the resampled `coords`) at the cue's vertex, as
/// `trailpack validate` reads it (docs/GUIDANCE.md, *Turns*), so the two share one definition:
/// - the side: the 50 m bend's sign, or from `hairpinDeg` on, the side the way after lies
///   (`WalkerBends.wayAfterIsRight`; within `hairpinMinOffsetM` of the way in it is unsettled
///   and either side agrees);
/// - the class: the cue's `dir` is at most one class from the line's own 50 m bend's;
/// - the hold: the 100 m bend is at least `cornerWideDeg` toward the cue's side, unless either
///   bend turns back (`hairpinDeg` or more), whose side a metre of error flips.
enum TurnAgreement {
    /// Whether a turn cue of `deviationDeg` (its 50 m bend on the smoothed line, positive right)
    /// at vertex `k` of `line` agrees with that line.
    static func agrees(deviationDeg: Double, at k: Int, on line: LineMeasure, tuning: GuidanceTuning) -> Bool {
        let t = tuning.bends
        guard let r50 = WalkerBends.bendDeg(line, at: k, windowM: t.walkWindowM) else { return true }
        let right = deviationDeg > 0
        if let side = settledSide(bendDeg: r50, at: k, on: line, tuning: tuning), side != right { return false }
        let said = ReversalPass.directionNotReversing(deviationDeg: deviationDeg)
        guard abs(classIndex(said) - classIndex(Deviation.direction(forDeviationDeg: r50))) <= 1 else { return false }
        guard abs(r50) < t.hairpinDeg, let r100 = WalkerBends.bendDeg(line, at: k, windowM: t.wideWindowM),
              abs(r100) < t.hairpinDeg else { return true }
        return (right ? r100 : -r100) >= t.cornerWideDeg
    }

    /// Where a U-turn cue at path vertex `pathIndex` is told: there when the route's written line
    /// bends at least `uTurnWrittenMinDeg` over 50 m, else the path vertex within `uTurnShiftM`
    /// along whose written bend is largest, when that is enough; nil when none is.
    static func uTurnPlace(pathIndex: Int, _ ctx: PassContext) -> Int? {
        let t = ctx.tuning.bends, cumM = ctx.pathLine.cumM
        let written = ctx.resampled.around(ctx.input.resampledIndexOfPathVertex[pathIndex], aheadM: t.uTurnShiftM + t.walkWindowM)
        func bendDeg(_ j: Int) -> Double {
            abs(WalkerBends.bendDeg(written, at: ctx.input.resampledIndexOfPathVertex[j], windowM: t.walkWindowM) ?? 0)
        }
        if bendDeg(pathIndex) >= t.uTurnWrittenMinDeg { return pathIndex }
        var lo = pathIndex, hi = pathIndex
        while lo > 0, cumM[pathIndex] - cumM[lo - 1] <= t.uTurnShiftM { lo -= 1 }
        while hi < cumM.count - 1, cumM[hi + 1] - cumM[pathIndex] <= t.uTurnShiftM { hi += 1 }
        let best = (lo...hi).max { bendDeg($0) < bendDeg($1) } ?? pathIndex
        return bendDeg(best) >= t.uTurnWrittenMinDeg ? best : nil
    }

    /// The side a bend of `bendDeg` at vertex `k` of `line` settles (true: right): its sign, or
    /// at a hairpin the side of the way after, nil when that lies too near the way in.
    static func settledSide(bendDeg: Double, at k: Int, on line: LineMeasure, tuning: GuidanceTuning) -> Bool? {
        abs(bendDeg) >= tuning.bends.hairpinDeg ? WalkerBends.wayAfterIsRight(line, at: k, tuning: tuning) : bendDeg > 0
    }

    /// The classes of `dir`, from straight to a U-turn; one class apart are neighbours.
    static let classes: [Set<TurnDirection>] = [
        [.straight], [.slightLeft, .slightRight], [.left, .right], [.sharpLeft, .sharpRight], [.uTurn],
    ]

    /// The place of `dir`'s class in `classes`.
    static func classIndex(_ dir: TurnDirection) -> Int { classes.firstIndex { $0.contains(dir) } ?? 0 }
}
