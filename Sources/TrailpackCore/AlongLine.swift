/// Distances along a polyline on the short-range metric (`shortDistanceM`), and the point at a
/// distance along it: shared by the builder's guidance and the validator's reading of it.
public enum AlongLine {
    /// The first vertex at least `m` metres along (`cumM`: distances along, one per vertex,
    /// non-decreasing); the vertex count when none is.
    public static func vertex(atOrAfterM m: Double, cumM: [Double]) -> Int {
        var lo = 0, hi = cumM.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumM[mid] < m { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The vertex nearest to `m` metres along (the earlier of two as near); `cumM` as in
    /// `vertex(atOrAfterM:cumM:)`, not empty.
    public static func nearestVertex(toM m: Double, cumM: [Double]) -> Int {
        let after = min(vertex(atOrAfterM: m, cumM: cumM), cumM.count - 1)
        return after > 0 && m - cumM[after - 1] <= cumM[after] - m ? after - 1 : after
    }

    /// Metres from the first vertex to each vertex (0 for the first).
    public static func cumulativeM(_ coords: [LonLat]) -> [Double] {
        var cum = [Double](repeating: 0, count: coords.count)
        for k in coords.indices.dropFirst() { cum[k] = cum[k - 1] + shortDistanceM(coords[k - 1], coords[k]) }
        return cum
    }

    /// The point `distanceM` metres along `coords` (distances along in `cumM`, one per vertex,
    /// non-decreasing), clamped to the line's ends; interpolated across the antimeridian.
    public static func point(atM distanceM: Double, coords: [LonLat], cumM: [Double]) -> LonLat {
        let lengthM = cumM.last ?? 0
        if distanceM <= 0 { return coords[0] }
        if distanceM >= lengthM { return coords[coords.count - 1] }
        // Last vertex at or before distanceM.
        var lo = 0, hi = cumM.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumM[mid] <= distanceM { lo = mid } else { hi = mid }
        }
        let segM = cumM[hi] - cumM[lo]
        if segM <= 0 { return coords[lo] }
        let t = (distanceM - cumM[lo]) / segM
        let a = coords[lo], b = coords[hi]
        return LonLat(a.lon + t * wrappedDeltaLonDeg(b.lon, from: a.lon), a.lat + t * (b.lat - a.lat))
    }
}
