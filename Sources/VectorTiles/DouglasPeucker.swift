/// Douglas–Peucker for every tolerance at once: each vertex gets the squared distance below
/// which a DP run keeps it (the ends: infinity), so simplifying at tolerance t is keeping the
/// vertices whose value exceeds t². A vertex's value is the least of its own split distance
/// and its ancestors' in the DP recursion (DP stops at a range whose split is within t, dropping
/// everything under it), so the kept set is exactly DP's at every t. Distances are to the
/// chord as a segment; a closed ring's chord is its first point.
enum DouglasPeucker {
    /// The squared keep-distance of every vertex of `line` (world units squared). Ranges whose split distance² is at most `floorSquared` are not split
    /// further: their vertices get their split's value, as no tolerance above the floor keeps
    /// them. Linear memory; O(n log n) on ordinary lines, at most O(n²).
    static func squaredImportance(of line: [WorldPoint], floorSquared: Double = 0) -> [Double] {
        let n = line.count
        var importance = [Double](repeating: 0, count: n)
        guard n > 0 else { return importance }
        importance[0] = .infinity
        importance[n - 1] = .infinity
        var stack: [(first: Int, last: Int, bound: Double)] = [(0, n - 1, .infinity)]
        while let (first, last, bound) = stack.popLast() {
            guard last - first >= 2 else { continue }
            let (split, distance) = farthest(line, first: first, last: last)
            let value = min(distance, bound)
            if value <= floorSquared {
                for index in first + 1..<last { importance[index] = value }
                continue
            }
            importance[split] = value
            stack.append((first, split, value))
            stack.append((split, last, value))
        }
        return importance
    }

    /// The vertex strictly between `first` and `last` farthest from their chord, and its
    /// squared distance (the first of equals).
    private static func farthest(_ line: [WorldPoint], first: Int, last: Int) -> (Int, Double) {
        var best = first + 1
        var bestDistance = -1.0
        let ax = line[first].x, ay = line[first].y
        let dx = line[last].x - ax, dy = line[last].y - ay
        let lengthSquared = dx * dx + dy * dy
        for index in first + 1..<last {
            var px = line[index].x - ax, py = line[index].y - ay
            if lengthSquared > 0 {
                let t = (px * dx + py * dy) / lengthSquared
                if t > 1 {
                    px -= dx
                    py -= dy
                } else if t > 0 {
                    px -= t * dx
                    py -= t * dy
                }
            }
            let distance = px * px + py * py
            if distance > bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return (best, bestDistance)
    }

    /// The indices of the vertices DP keeps at `tolerance` (world units): both ends and every
    /// vertex whose keep-distance exceeds it.
    static func kept(_ line: [WorldPoint], tolerance: Double) -> [Int] {
        let importance = squaredImportance(of: line)
        return importance.indices.filter { importance[$0] > tolerance * tolerance }
    }
}
