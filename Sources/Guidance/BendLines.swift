import TrackGeometry

/// The cleaned path read at a walker's scale, shared by the reversal and turn passes: thinned
/// to ground steps (`GuidanceTuning.Bends.groundStepM`), smoothed, and its 50 m bends; the
/// thinned line's `TrackGeometry`, computed once for the reversals and the pairing of passes.
struct BendLines {
    /// The path thinned to ground steps: reversals, hairpin sides and switchback runs.
    let bendLine: LineMeasure
    /// For each vertex of `bendLine`, its index in the path.
    let bendSource: [Int]
    /// `bendLine` smoothed: turns are judged on it.
    let turnLine: LineMeasure
    /// The 50 m bend at every vertex of `turnLine` (`WalkerBends.walkBends`).
    let walkBends: [Double?]
    /// `bendLine` as a `TrackGeometry`.
    let geometry: TrackGeometry

    init(_ pathLine: LineMeasure, tuning: GuidanceTuning) {
        (bendLine, bendSource) = pathLine.decimated(minStepM: tuning.bends.groundStepM)
        turnLine = WalkerBends.smoothed(bendLine, tuning: tuning)
        walkBends = WalkerBends.walkBends(on: turnLine, tuning: tuning)
        geometry = bendLine.geometry
    }
}
