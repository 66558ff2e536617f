/// Finds summits on an elevation profile (thresholds: `GuidanceTuning.Summits`).
public enum SummitDetector {
    /// Indices of the summits of `elevationsM`, ascending. Vertex `k` is a summit when, walking
    /// away from it in each direction, the profile falls at least `minDropM` metres below it
    /// before it rises above it (or before the profile ends). On a flat top the first vertex
    /// counts. Route ends are never summits (there is no drop beyond them).
    public static func summitIndices(_ elevationsM: [Double], tuning: GuidanceTuning) -> [Int] {
        let n = elevationsM.count
        guard n > 2 else { return [] }
        return (1..<(n - 1)).filter { k in
            let top = elevationsM[k]
            guard elevationsM[k - 1] < top, elevationsM[k + 1] <= top else { return false }
            return drops(elevationsM, from: k, step: -1, dropM: tuning.summits.minDropM)
                && drops(elevationsM, from: k, step: 1, dropM: tuning.summits.minDropM)
        }
    }

    /// True when the profile, walked from `k` by `step` (+1 or -1), falls `dropM` below
    /// `elevationsM[k]` before it rises above it (backwards: before it reaches it again).
    static func drops(_ elevationsM: [Double], from k: Int, step: Int, dropM: Double) -> Bool {
        let top = elevationsM[k]
        var j = k + step
        while j >= 0, j < elevationsM.count {
            let e = elevationsM[j]
            if step < 0 ? e >= top : e > top { return false }
            if top - e >= dropM { return true }
            j += step
        }
        return false
    }

    /// True when summit `k` is a col between higher ground: within `passWithinM` metres along
    /// the route, before or after it, the profile rises more than `passHigherM` above it. The
    /// test looks both ways so that a route and its reverse word the same point the same way.
    public static func isPass(_ elevationsM: [Double], _ cumM: [Double], at k: Int, tuning: GuidanceTuning) -> Bool {
        let t = tuning.summits
        let top = elevationsM[k]
        var j = k - 1
        while j >= 0, cumM[k] - cumM[j] <= t.passWithinM {
            if elevationsM[j] > top + t.passHigherM { return true }
            j -= 1
        }
        j = k + 1
        while j < elevationsM.count, cumM[j] - cumM[k] <= t.passWithinM {
            if elevationsM[j] > top + t.passHigherM { return true }
            j += 1
        }
        return false
    }
}
