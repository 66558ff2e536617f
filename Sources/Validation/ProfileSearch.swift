/// The nearest vertex, walking from a start along a route's profile, whose elevation rises
/// above a ceiling or drops a given height below a top: a segment tree of the profile's maxima
/// and minima answers in O(log n) what a walk answers in O(n), so a route of many summit cues
/// on a long plateau stays linear (`route.waypoint.summit`).
struct ProfileSearch: Sendable {
    private let values: [Double]
    private let size: Int
    private var maxs: [Double], mins: [Double]

    init(_ values: [Double]) {
        self.values = values
        var s = 1
        while s < values.count { s *= 2 }
        size = s
        maxs = [Double](repeating: -.infinity, count: 2 * s)
        mins = [Double](repeating: .infinity, count: 2 * s)
        for (k, v) in values.enumerated() { maxs[s + k] = v; mins[s + k] = v }
        for k in stride(from: s - 1, through: 1, by: -1) {
            maxs[k] = Swift.max(maxs[2 * k], maxs[2 * k + 1])
            mins[k] = Swift.min(mins[2 * k], mins[2 * k + 1])
        }
    }

    /// The first index from `start` on (`forward`) or back from it whose value `v` has
    /// `v > ceilingM` or `topM - v >= dropM` (exactly the walk's tests); nil when none does.
    func first(from start: Int, forward: Bool, ceilingM: Double, topM: Double, dropM: Double) -> Int? {
        guard values.indices.contains(start) else { return nil }
        return find(node: 1, lo: 0, hi: size - 1, start: start, forward: forward, ceilingM: ceilingM, topM: topM, dropM: dropM)
    }

    private func find(node: Int, lo: Int, hi: Int, start: Int, forward: Bool, ceilingM: Double, topM: Double, dropM: Double) -> Int? {
        if forward ? hi < start : lo > start { return nil }
        // Subtraction is monotone, so the subtree's minimum decides whether any value drops enough.
        guard maxs[node] > ceilingM || topM - mins[node] >= dropM else { return nil }
        if lo == hi { return lo < values.count ? lo : nil }
        let mid = (lo + hi) / 2
        let halves = forward ? [(2 * node, lo, mid), (2 * node + 1, mid + 1, hi)] : [(2 * node + 1, mid + 1, hi), (2 * node, lo, mid)]
        for (child, a, b) in halves {
            if let k = find(node: child, lo: a, hi: b, start: start, forward: forward, ceilingM: ceilingM, topM: topM, dropM: dropM) { return k }
        }
        return nil
    }
}

/// A route's `ProfileSearch`, built on first use (one per route, shared by its summit cues).
final class ProfileSearchCache: @unchecked Sendable {
    private var built: ProfileSearch?

    func search(_ values: [Double]) -> ProfileSearch {
        if let built { return built }
        let made = ProfileSearch(values)
        built = made
        return made
    }
}
