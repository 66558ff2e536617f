/// Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps)
/// over Unicode scalars, for "did you mean" suggestions.
public enum EditDistance {
    public static func distance(_ a: String, _ b: String) -> Int {
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
    /// itself (so a two-letter typo does not match everything); else the first candidate that
    /// `key` is the start of (`azimuth` → `azimuthDeg`, `memoryLimit` → `memoryLimitMiB`) when
    /// `key` has at least 3 letters and one candidate alone starts with it.
    public static func suggestion(for key: String, among candidates: some Collection<String>) -> String? {
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = distance(key, candidate)
            if d <= 2, d < key.unicodeScalars.count, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0 ?? prefixSuggestion(for: key, among: candidates)
    }

    /// The unit suffixes of the project's keys, longest first.
    static let unitSuffixes = ["MiB", "Kmh", "Deg", "MB", "M", "S"]

    /// The one candidate that is `key` (case aside) plus more letters, preferring one that is
    /// exactly `key` plus a unit suffix (`resolution` → `resolutionM`, not `resolutionNote`);
    /// nil when `key` is shorter than 3 letters or several candidates fit equally.
    static func prefixSuggestion(for key: String, among candidates: some Collection<String>) -> String? {
        guard key.unicodeScalars.count >= 3 else { return nil }
        let lower = key.lowercased()
        let started = candidates.filter { $0.count > key.count && $0.lowercased().hasPrefix(lower) }
        let withUnit = started.filter { c in unitSuffixes.contains { c.lowercased() == lower + $0.lowercased() } }
        if withUnit.count == 1 { return withUnit[0] }
        return started.count == 1 ? started[0] : nil
    }
}
