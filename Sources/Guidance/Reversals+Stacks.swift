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
    /// bends next to the bend within `tipRadiusM` of it (at most `maxLegM` away) exist and all turn
    /// the other way, it or one of them belongs to a switchback run, and either they are as tight
    /// as a stack's hairpins (`sidelessHairpinDeg`) or a bend two bends away (within twice
    /// `maxLegM`) belongs to a run too: a spur walked out and back off a bend of the trail reads
    /// as three alternating bends, and nothing beyond them. A hairpin of
    /// `GuidanceTuning.Overlap.sidelessHairpinDeg` or more may turn either way: GPS error decides
    /// the side of a hairpin whose legs lie 2-4 m apart. A stack's legs lie within GPS error of
    /// each other, so its hairpins read as ways walked back; but each leg ends at another hairpin
    /// turning the other way. The tip of an out-and-back that turns just after a run is met on
    /// the way back by the run's last hairpin walked the other way, which turns the other way
    /// from the same hairpin before the tip: no side of the tip turns against both, and it stays
    /// a reversal.
    static func isStackHairpin(at k: Int, _ line: LineMeasure, _ stack: StackBends, _ tuning: GuidanceTuning) -> Bool {
        let t = tuning.switchbacks, d = line.cumM[k], bends = stack.bends
        func alongM(_ j: Int) -> Double { line.cumM[bends[j].pathIndex] }
        func inRun(_ j: Int) -> Bool { stack.inRun.contains(bends[j].pathIndex) }
        guard let b = bends.indices.min(by: { abs(alongM($0) - d) < abs(alongM($1) - d) }), abs(alongM(b) - d) <= t.tipRadiusM else {
            return false
        }
        let neighbours = [b - 1, b + 1].filter { bends.indices.contains($0) && abs(alongM($0) - alongM(b)) <= t.maxLegM }
        // A run beyond the neighbours, or neighbours as tight as a stack's: a spur off a bend
        // reads as three alternating bends (its junction walked in, its tip, its junction walked
        // out, the junctions under `sidelessHairpinDeg`) and nothing more.
        let beyond = [b - 2, b + 2].filter { bends.indices.contains($0) && abs(alongM($0) - alongM(b)) <= 2 * t.maxLegM }
        let tight = neighbours.allSatisfy { abs(bends[$0].deviationDeg) >= tuning.overlap.sidelessHairpinDeg }
        guard let first = neighbours.first, inRun(b) || neighbours.contains(where: inRun),
              tight || beyond.contains(where: inRun) else { return false }
        let tipRight = bends[first].deviationDeg < 0
        guard neighbours.allSatisfy({ (bends[$0].deviationDeg < 0) == tipRight }) else { return false }
        return abs(bends[b].deviationDeg) >= tuning.overlap.sidelessHairpinDeg || (bends[b].deviationDeg > 0) == tipRight
    }
}
