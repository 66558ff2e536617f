/// Finds summits on an elevation profile.
public enum SummitDetector {
    /// A summit must stand at least this many metres above the lowest point on each side of it
    /// before the profile climbs higher than the summit again.
    public static let minDropM = 20.0

    /// Indices of the summits of `elevationsM`, ascending. Vertex `k` is a summit when, walking
    /// away from it in each direction, the profile falls at least `minDropM` below it before it
    /// rises above it (or before the profile ends). On a flat top the first vertex counts.
    /// Route ends are never summits (there is no drop beyond them).
    public static func summitIndices(_ elevationsM: [Double], minDropM: Double = minDropM) -> [Int] {
        let n = elevationsM.count
        guard n >= 3 else { return [] }
        var out: [Int] = []
        for k in 1..<(n - 1) {
            let top = elevationsM[k]
            guard elevationsM[k - 1] < top, elevationsM[k + 1] <= top else { continue }
            func drops(_ step: Int) -> Bool {
                var j = k + step
                while j >= 0, j < n {
                    let e = elevationsM[j]
                    if step < 0 ? e >= top : e > top { return false }
                    if top - e >= minDropM { return true }
                    j += step
                }
                return false
            }
            if drops(-1), drops(1) { out.append(k) }
        }
        return out
    }

    /// An unnamed summit is the high point of a pass when the route climbs more than this many
    /// metres above it within `passWithinM` along the route.
    public static let passHigherM = 100.0
    /// How far along the route (either way) the higher ground of a pass is looked for, metres.
    public static let passWithinM = 1500.0

    /// True when summit `k` is a col between higher ground: within `passWithinM` metres along
    /// the route, before or after it, the profile rises more than `passHigherM` above it. The test
    /// looks both ways so that a route and its reverse word the same point the same way.
    public static func isPass(_ elevationsM: [Double], _ cumM: [Double], at k: Int) -> Bool {
        let top = elevationsM[k]
        var j = k - 1
        while j >= 0, cumM[k] - cumM[j] <= passWithinM {
            if elevationsM[j] > top + passHigherM { return true }
            j -= 1
        }
        j = k + 1
        while j < elevationsM.count, cumM[j] - cumM[k] <= passWithinM {
            if elevationsM[j] > top + passHigherM { return true }
            j += 1
        }
        return false
    }
}
