import TrailpackCore

/// A change of direction at one vertex of a cleaned route geometry.
public struct Bend: Equatable, Sendable {
    /// Index into the line's coords of the vertex where the change is greatest.
    public var pathIndex: Int
    /// Signed deviation from straight ahead in degrees (positive right), on the chords of the
    /// measure that found it (50 m for turns, 25 m for switchback hairpins).
    public var deviationDeg: Double
    /// The SPEC `dir` of `deviationDeg`.
    public var dir: TurnDirection { Deviation.direction(forDeviationDeg: deviationDeg) }
}

extension Bend {
    /// A bend is at a vertex with a neighbour on each side: a line of fewer vertices has none.
    static let minVertices = 3

    /// The bends at the local peaks of `deviationDeg` (signed, nil where there is no bend):
    /// vertices whose absolute deviation, at least `minAbsDeg`, is the largest within `radiusM`
    /// along the line on either side (`cumM`, metres from the start); the earlier of equal peaks
    /// wins. In route order.
    static func peaks(_ deviationDeg: [Double?], cumM: [Double], radiusM: Double, minAbsDeg: Double = 0) -> [Bend] {
        let n = deviationDeg.count
        guard n >= minVertices else { return [] }
        var out: [Bend] = []
        for k in 1..<(n - 1) {
            guard let dk = deviationDeg[k], abs(dk) >= minAbsDeg else { continue }
            var isPeak = true
            var j = k - 1
            while isPeak, j >= 0, cumM[k] - cumM[j] <= radiusM {
                if let dj = deviationDeg[j], abs(dj) >= abs(dk) { isPeak = false }
                j -= 1
            }
            j = k + 1
            while isPeak, j < n, cumM[j] - cumM[k] <= radiusM {
                if let dj = deviationDeg[j], abs(dj) > abs(dk) { isPeak = false }
                j += 1
            }
            if isPeak { out.append(Bend(pathIndex: k, deviationDeg: dk)) }
        }
        return out
    }
}
