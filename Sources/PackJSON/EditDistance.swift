/// Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps)
/// over Unicode scalars, for "did you mean" suggestions.
enum EditDistance {
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    best = min(best, previous2[j - 2] + 1)
                }
                current[j] = best
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }

    /// The first of `candidates` nearest to `key`, if within distance 2 and shorter than `key`
    /// itself (so a two-letter typo does not match everything).
    static func suggestion(for key: String, among candidates: some Collection<String>) -> String? {
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = distance(key, candidate)
            if d <= 2, d < key.unicodeScalars.count, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }
}
