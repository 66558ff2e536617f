import TrackGeometry
import TrailpackCore

/// Whether the way after a sharp reversal of direction walks back along the way before it (an
/// out-and-back), rather than away beside it (a switchback's or a road's hairpin, whose legs
/// may run 5 to 15 m apart for the first 50 m and bend 160 degrees over 100 m). Thresholds in
/// `GuidanceTuning.Overlap`.
///
/// The way back is measured every `retraceStepM` after the tip, up to the route's room on either
/// side: the distance from the point `x` metres after the tip to the way in (the route from
/// `x + alongSlackM` metres before the tip to the tip, so a stop collapsed or GPS drift along the
/// route does not move the point it should meet), infinite where the way in there heads the same
/// way (chord headings over `tangentM` either side: the leg after the next hairpin of a zigzag).
/// A reversal retraces when one of three rules holds:
/// - **near**: every such point up to `nearM` lies within `nearWithinM` of the way in: a spur
///   walked out and back, recorded within a minute or two;
/// - **far**: at least `farShare` of the points up to `farM` lie within `farWithinM` of the way
///   in: the way back of a long out-and-back, offset by the GPS drift that built up in between
///   (σ up to 8 m per axis on each pass, and more after a stop at the tip), with room for a run
///   of dropped fixes cutting a corner on one of the passes;
/// - **spur**: the points up to at least `spurMinM` lie within `spurWithinM` of the way in and the
///   next `spurLeaveM` leave it (farther than `nearWithinM`, or heading along it): a spur shorter
///   than `nearM` walked out and back, whose way back then goes on along the trail at the junction.
///
/// On a drawn line (`drawn`: routed over the network or planned) there is no GPS error to allow
/// for: every point up to `nearM` must lie within `drawnWithinM` of the way in, and the far and
/// spur rules do not apply, so a planned road's hairpin whose legs run a few metres more than
/// that apart stays a hairpin. A hairpin's legs spread apart beyond `nearWithinM` and
/// `farWithinM` away from the tip (docs/GUIDANCE.md, *U-turns at reversals*).
public enum Retrace {
    /// Which rules hold after a vertex (see the type).
    struct Verdict {
        var near = false
        var far = false
        var spur = false

        /// Whether the way back retraces the way in: the near rule, or on a recording any rule.
        func retraces(drawn: Bool) -> Bool { near || (!drawn && (far || spur)) }
    }

    /// True when the route walks back along itself after vertex `k` of `geometry` (see the type).
    static func retraces(_ geometry: TrackGeometry, at k: Int, drawn: Bool = false, _ t: GuidanceTuning.Overlap) -> Bool {
        verdict(geometry, at: k, drawn: drawn, t).retraces(drawn: drawn)
    }

    /// True when the far rule alone holds after vertex `k` (a long way back beside the way in).
    static func walksBackFar(_ geometry: TrackGeometry, at k: Int, _ t: GuidanceTuning.Overlap) -> Bool {
        verdict(geometry, at: k, drawn: false, t).far
    }

    /// The three rules after vertex `k` (see the type).
    static func verdict(_ g: TrackGeometry, at k: Int, drawn: Bool, _ t: GuidanceTuning.Overlap) -> Verdict {
        let d = g.cumM[k]
        let limitM = min(min(d, g.lengthM - d), t.farM)
        let steps = Int((limitM / t.retraceStepM).rounded(.down))
        let farMissesAllowed = Double(steps) * (1 - t.farShare)
        // The gaps every step; past `nearM` only the far rule is open: once it has failed, the
        // rest cannot save it.
        var nearGapsM: [Double] = [], farWithin = 0, farCount = 0
        var x = t.retraceStepM
        while x <= limitM, x <= t.nearM || Double(farCount - farWithin) <= farMissesAllowed {
            let gapM = wayBackGapM(g, tipM: d, afterM: x, t)
            if x <= t.nearM { nearGapsM.append(gapM) }
            farCount += 1
            if gapM <= t.farWithinM { farWithin += 1 }
            x += t.retraceStepM
        }
        guard farCount > 0 else { return Verdict() }
        let nearWithinM = drawn ? t.drawnWithinM : t.nearWithinM
        return Verdict(near: nearGapsM.allSatisfy { $0 <= nearWithinM },
                       far: Double(farWithin) >= t.farShare * Double(steps),
                       spur: isSpur(nearGapsM, t))
    }

    /// The spur rule on the gaps up to `nearM`: close all along, then gone.
    static func isSpur(_ nearGapsM: [Double], _ t: GuidanceTuning.Overlap) -> Bool {
        let closeSteps = nearGapsM.prefix { $0 <= t.spurWithinM }.count
        let leaveSteps = Int((t.spurLeaveM / t.retraceStepM).rounded())
        return Double(closeSteps) * t.retraceStepM >= t.spurMinM && closeSteps + leaveSteps <= nearGapsM.count
            && nearGapsM[closeSteps..<(closeSteps + leaveSteps)].allSatisfy { $0 > t.nearWithinM }
    }

    /// The distance from the point `afterM` metres after the tip (at `tipM` along) to the way in
    /// (from `afterM + alongSlackM` before the tip to the tip), metres; infinite where the way in
    /// there heads the same way as the way back.
    static func wayBackGapM(_ g: TrackGeometry, tipM: Double, afterM x: Double, _ t: GuidanceTuning.Overlap) -> Double {
        g.facing(g.position(atM: tipM + x), atM: tipM + x, alongFromM: tipM - x - t.alongSlackM, toM: tipM,
                 halfChordM: t.tangentM)?.distanceM ?? .infinity
    }
}
