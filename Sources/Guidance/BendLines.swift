/// The cleaned path read at a walker's scale, shared by the reversal and turn passes: thinned
/// to ground steps (`WalkerBends.groundStepM`), smoothed, and its 50 m bends.
struct BendLines {
    /// The path thinned to ground steps: reversals, hairpin sides and switchback runs.
    let bendLine: LineMeasure
    /// For each vertex of `bendLine`, its index in the path.
    let bendSource: [Int]
    /// `bendLine` smoothed: turns are judged on it.
    let turnLine: LineMeasure
    /// The 50 m bend at every vertex of `turnLine` (`WalkerBends.walkBends`).
    let walkBends: [Double?]

    init(_ pathLine: LineMeasure) {
        (bendLine, bendSource) = pathLine.decimated(minStepM: WalkerBends.groundStepM)
        turnLine = WalkerBends.smoothed(bendLine)
        walkBends = WalkerBends.walkBends(on: turnLine)
    }
}
