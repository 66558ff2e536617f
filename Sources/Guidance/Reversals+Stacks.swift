import TrailpackCore

extension Reversals {
    /// The bends of a route's switchback runs (`SwitchbackRuns`), for telling a stack's hairpins
    /// from reversals: every bend in route order, and the vertices of those in a run.
    struct StackBends {
        var bends: [Bend]
        var inRun: Set<Int>

        init(_ line: LineMeasure, _ t: GuidanceTuning.Switchbacks) {
            bends = line.coords.count >= Bend.minVertices ? SwitchbackRuns.tips(on: line, t) : []
            inRun = Set(SwitchbackRuns.chains(of: bends, on: line, t).flatMap(\.tips))
        }
    }

    /// True when the reversal at vertex `k` of `line` is a hairpin of a switchback stack: the
    /// bend within `tipRadiusM` of it belongs to a switchback run, and no bend within `maxLegM`
    /// before or after it turns the same way. A stack's legs may lie 2-4 m apart, within GPS
    /// error of each other, so its hairpins read as ways walked back; but each leg ends at
    /// another hairpin turning the other way. The tip of an out-and-back that turns just after a
    /// run is met on the way back by the run's last hairpin walked the other way, which turns
    /// the same way as the tip: it stays a reversal.
    static func isStackHairpin(at k: Int, _ line: LineMeasure, _ stack: StackBends, _ t: GuidanceTuning.Switchbacks) -> Bool {
        let d = line.cumM[k]
        guard let b = stack.bends.indices.min(by: { abs(line.cumM[stack.bends[$0].pathIndex] - d) < abs(line.cumM[stack.bends[$1].pathIndex] - d) }),
              abs(line.cumM[stack.bends[b].pathIndex] - d) <= t.tipRadiusM, stack.inRun.contains(stack.bends[b].pathIndex) else { return false }
        let right = stack.bends[b].deviationDeg > 0
        for j in [b - 1, b + 1] where stack.bends.indices.contains(j) {
            let other = stack.bends[j]
            if abs(line.cumM[other.pathIndex] - d) <= t.maxLegM, (other.deviationDeg > 0) == right { return false }
        }
        return true
    }
}
