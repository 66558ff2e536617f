import TrailpackCore

/// Distances and bearings along a polyline on the WGS84 ellipsoid's short-range metric
/// (`shortDistanceM`, `shortBearingDeg`: within millimetres and 0.001° of the geodesic over the
/// tens of metres guidance measures), fast enough for million-vertex tracks.
struct LineMeasure: Sendable {
    let coords: [LonLat]
    /// Metres from the first vertex to each vertex.
    let cumM: [Double]

    init(_ coords: [LonLat]) {
        self.coords = coords
        var cum = [Double](repeating: 0, count: coords.count)
        for k in coords.indices.dropFirst() { cum[k] = cum[k - 1] + shortDistanceM(coords[k - 1], coords[k]) }
        self.cumM = cum
    }

    var lengthM: Double { cumM.last ?? 0 }

    /// The line through its first vertex, every vertex at least `minStepM` metres (ground) from
    /// the previous one kept, and its last vertex; with the index in `self` of each kept vertex.
    /// At one fix a second GPS jitter makes a track up to twice as long as the ground it covers;
    /// bends are measured on this line, where distance along is distance on the ground.
    func decimated(minStepM: Double) -> (line: LineMeasure, sourceIndex: [Int]) {
        guard coords.count > 2 else { return (self, Array(coords.indices)) }
        var kept = [0]
        for k in 1..<(coords.count - 1) where shortDistanceM(coords[kept[kept.count - 1]], coords[k]) >= minStepM { kept.append(k) }
        kept.append(coords.count - 1)
        return (LineMeasure(kept.map { coords[$0] }), kept)
    }

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
        let t = (distanceM - cumM[lo]) / segM
        let a = coords[lo], b = coords[hi]
        return LonLat(a.lon + t * wrappedDeltaLonDeg(b.lon, from: a.lon), a.lat + t * (b.lat - a.lat))
    }

    /// Direction of travel arriving at vertex `k`, measured on the chord from the point
    /// `windowM` metres back along the line (clipped at the start); nil when there is no length.
    func incomingBearingDeg(at k: Int, windowM: Double) -> Double? {
        let back = point(atM: cumM[k] - windowM)
        guard shortDistanceM(back, coords[k]) > 0.01 else { return nil }
        return shortBearingDeg(back, coords[k])
    }

    /// Direction of travel leaving vertex `k`, on the chord to the point `windowM` metres ahead
    /// (clipped at the end); nil when there is no length.
    func outgoingBearingDeg(at k: Int, windowM: Double) -> Double? {
        let ahead = point(atM: cumM[k] + windowM)
        guard shortDistanceM(coords[k], ahead) > 0.01 else { return nil }
        return shortBearingDeg(coords[k], ahead)
    }

    /// Signed deviation at vertex `k` between the incoming and outgoing chords; nil where either
    /// chord has no length.
    func deviationDeg(at k: Int, windowM: Double) -> Double? {
        guard let a = incomingBearingDeg(at: k, windowM: windowM),
              let b = outgoingBearingDeg(at: k, windowM: windowM) else { return nil }
        return Deviation.signedDeg(from: a, to: b)
    }
}
