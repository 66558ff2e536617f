import Foundation
import TrailpackCore

/// Distances and bearings along a polyline on the WGS84 ellipsoid's short-range metric
/// (`shortDistanceM`, `shortBearingDeg`: within millimetres and 0.001° of the geodesic over the
/// tens of metres guidance measures), fast enough for million-vertex tracks.
struct LineMeasure: Sendable {
    /// A chord shorter than this has no bearing, metres (a centimetre: far below GPS error, far
    /// above rounding).
    static let minChordM = 0.01

    let coords: [LonLat]
    /// Metres from the first vertex to each vertex.
    let cumM: [Double]

    init(_ coords: [LonLat]) {
        self.coords = coords
        self.cumM = AlongLine.cumulativeM(coords)
    }

    /// The line over `coords` up to its first vertex more than `coveringM` metres along (the whole
    /// line when none is): the same distances as the whole line's over those vertices, and the
    /// same points and bearings wherever they lie before its end.
    init(_ coords: [LonLat], coveringM: Double) {
        var cum: [Double] = coords.isEmpty ? [] : [0]
        var k = 1
        while k < coords.count, cum[k - 1] <= coveringM {
            cum.append(cum[k - 1] + shortDistanceM(coords[k - 1], coords[k]))
            k += 1
        }
        self.coords = cum.count == coords.count ? coords : Array(coords[0..<cum.count])
        self.cumM = cum
    }

    /// A line over `coords` measured with the given distances along (one per vertex, non-decreasing).
    init(coords: [LonLat], cumM: [Double]) {
        self.coords = coords
        self.cumM = cumM
    }

    var lengthM: Double { cumM.last ?? 0 }

    /// The line through its first vertex, every vertex at least `minStepM` metres (ground) from
    /// the previous one kept, and its last vertex; with the index in `self` of each kept vertex.
    /// At one fix a second GPS jitter makes a track up to twice as long as the ground it covers;
    /// bends are measured on this line, where distance along is distance on the ground.
    func decimated(minStepM: Double) -> (line: LineMeasure, sourceIndex: [Int]) {
        guard coords.count > 2 else { return (self, Array(coords.indices)) }
        var kept = [0]
        var near = NearMetric()
        for k in 1..<(coords.count - 1) {
            let a = coords[kept[kept.count - 1]], b = coords[k]
            // The cached metric decides unless it is within its error of the step; then the exact one.
            let approxM = near.distanceM(a, b)
            let isStep = approxM < minStepM * (1 - NearMetric.relativeSlack) ? false
                : approxM > minStepM * (1 + NearMetric.relativeSlack) ? true : shortDistanceM(a, b) >= minStepM
            if isStep { kept.append(k) }
        }
        kept.append(coords.count - 1)
        return (LineMeasure(kept.map { coords[$0] }), kept)
    }

    /// The point `distanceM` metres along the line (clamped to the line's ends).
    func point(atM distanceM: Double) -> LonLat { AlongLine.point(atM: distanceM, coords: coords, cumM: cumM) }

    /// `point(atM:)` for a sweep along the line: `lo` (start at 0) keeps the last vertex found, so
    /// distances that never decrease from call to call cost O(1) each (a step back costs a binary
    /// search). The same point as `point(atM:)`.
    func point(atM distanceM: Double, from lo: inout Int) -> LonLat {
        if distanceM <= 0 { return coords[0] }
        if distanceM >= lengthM { return coords[coords.count - 1] }
        return cumM.withUnsafeBufferPointer { cum in
            if lo < 0 || lo >= cum.count - 1 || cum[lo] > distanceM {
                // Not a sweep after all: find the vertex as `point(atM:)` does.
                var l = 0, h = cum.count - 1
                while h - l > 1 {
                    let mid = (l + h) / 2
                    if cum[mid] <= distanceM { l = mid } else { h = mid }
                }
                lo = l
            }
            while cum[lo + 1] <= distanceM { lo += 1 }
            let hi = lo + 1
            let segM = cum[hi] - cum[lo]
            if segM <= 0 { return coords[lo] }
            let t = (distanceM - cum[lo]) / segM
            let a = coords[lo], b = coords[hi]
            return LonLat(a.lon + t * wrappedDeltaLonDeg(b.lon, from: a.lon), a.lat + t * (b.lat - a.lat))
        }
    }

    /// `deviationDeg(at:windowM:)` for a sweep over increasing `k` (see `point(atM:from:)`): the
    /// same value, with one metric evaluation per chord.
    func deviationDeg(at k: Int, windowM: Double, back: inout Int, ahead: inout Int) -> Double? {
        let backPoint = point(atM: cumM[k] - windowM, from: &back)
        guard let a = Self.chordBearingDeg(backPoint, coords[k]) else { return nil }
        let aheadPoint = point(atM: cumM[k] + windowM, from: &ahead)
        guard let b = Self.chordBearingDeg(coords[k], aheadPoint) else { return nil }
        return Deviation.signedDeg(from: a, to: b)
    }

    /// `shortBearingDeg(a, b)` when `shortDistanceM(a, b) > minChordM`, else nil: the same values, on
    /// one evaluation of the metric.
    @inline(__always)
    static func chordBearingDeg(_ a: LonLat, _ b: LonLat) -> Double? {
        let k = WGS84.metresPerDegree(atLatDeg: (a.lat + b.lat) / 2)
        let dx = wrappedDeltaLonDeg(b.lon, from: a.lon) * k.x
        let dy = (b.lat - a.lat) * k.y
        guard (dx * dx + dy * dy).squareRoot() > minChordM else { return nil }
        let deg = atan2(dx, dy) / WGS84.radPerDeg
        return deg < 0 ? deg + Deviation.fullTurnDeg : deg
    }

    /// Direction of travel arriving at vertex `k`, measured on the chord from the point
    /// `windowM` metres back along the line (clipped at the start); nil when there is no length.
    func incomingBearingDeg(at k: Int, windowM: Double) -> Double? {
        let back = point(atM: cumM[k] - windowM)
        guard shortDistanceM(back, coords[k]) > Self.minChordM else { return nil }
        return shortBearingDeg(back, coords[k])
    }

    /// Direction of travel leaving vertex `k`, on the chord to the point `windowM` metres ahead
    /// (clipped at the end); nil when there is no length.
    func outgoingBearingDeg(at k: Int, windowM: Double) -> Double? {
        let ahead = point(atM: cumM[k] + windowM)
        guard shortDistanceM(coords[k], ahead) > Self.minChordM else { return nil }
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
