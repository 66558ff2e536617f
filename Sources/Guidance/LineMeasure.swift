import TrailpackCore

/// Distances and bearings along a polyline, measured by WGS84 geodesics.
struct LineMeasure: Sendable {
    let coords: [LonLat]
    /// Metres from the first vertex to each vertex.
    let cumM: [Double]

    init(_ coords: [LonLat]) {
        self.coords = coords
        var cum = [Double](repeating: 0, count: coords.count)
        for k in coords.indices.dropFirst() { cum[k] = cum[k - 1] + Geodesic.distanceM(coords[k - 1], coords[k]) }
        self.cumM = cum
    }

    var lengthM: Double { cumM.last ?? 0 }

    /// The point `distanceM` metres along the line (clamped to the line's ends).
    func point(atM distanceM: Double) -> LonLat {
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
        return Geodesic.interpolate(coords[lo], coords[hi], fraction: (distanceM - cumM[lo]) / segM)
    }

    /// Direction of travel arriving at vertex `k`, measured on the chord from the point
    /// `windowM` metres back along the line (clipped at the start); nil when there is no length.
    func incomingBearingDeg(at k: Int, windowM: Double) -> Double? {
        let back = point(atM: cumM[k] - windowM)
        guard Geodesic.distanceM(back, coords[k]) > 0.01 else { return nil }
        let azi = Geodesic.inverse(back, coords[k]).finalBearingDeg
        return azi < 0 ? azi + 360 : azi
    }

    /// Direction of travel leaving vertex `k`, on the chord to the point `windowM` metres ahead
    /// (clipped at the end); nil when there is no length.
    func outgoingBearingDeg(at k: Int, windowM: Double) -> Double? {
        let ahead = point(atM: cumM[k] + windowM)
        guard Geodesic.distanceM(coords[k], ahead) > 0.01 else { return nil }
        return Geodesic.bearingDeg(coords[k], ahead)
    }

    /// Signed deviation at vertex `k` between the incoming and outgoing chords; nil where either
    /// chord has no length.
    func deviationDeg(at k: Int, windowM: Double) -> Double? {
        guard let a = incomingBearingDeg(at: k, windowM: windowM),
              let b = outgoingBearingDeg(at: k, windowM: windowM) else { return nil }
        return Deviation.signedDeg(from: a, to: b)
    }
}
