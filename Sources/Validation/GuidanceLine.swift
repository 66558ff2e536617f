import Foundation
import TrailpackCore

/// A route file's line as the guidance rules measure it: distances along (metres, from the
/// vertices themselves, not the file's `cum`), points along it and chord bearings, on the
/// short-range metric guidance uses (docs/GUIDANCE.md, *Angles*).
struct GuidanceLine {
    let coords: [LonLat]
    /// Metres from the first vertex to each vertex.
    let cumM: [Double]

    init(_ coords: [LonLat]) {
        self.coords = coords
        cumM = AlongLine.cumulativeM(coords)
    }

    var lengthM: Double { cumM.last ?? 0 }

    /// The point `distanceM` metres along the line, clamped to its ends.
    func point(atM distanceM: Double) -> LonLat { AlongLine.point(atM: distanceM, coords: coords, cumM: cumM) }

    /// Bearing in degrees from `a` to `b`, nil when they are within 1 cm.
    static func bearingDeg(_ a: LonLat, _ b: LonLat) -> Double? {
        shortDistanceM(a, b) > 0.01 ? shortBearingDeg(a, b) : nil
    }

    /// The signed bend at vertex `k` over `windowM` metres, degrees in (-180, 180], positive
    /// right: from the chord (point `windowM` back → vertex) to the chord (vertex → point
    /// `windowM` ahead), both clipped at the line's ends; nil where a chord has no length.
    func bendDeg(at k: Int, windowM: Double) -> Double? {
        guard let a = Self.bearingDeg(point(atM: cumM[k] - windowM), coords[k]),
              let b = Self.bearingDeg(coords[k], point(atM: cumM[k] + windowM)) else { return nil }
        return Self.signedDeg(from: a, to: b)
    }

    /// The signed change from bearing `a` to bearing `b`, degrees in (-180, 180].
    static func signedDeg(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d <= -180 { d += 360 }
        if d > 180 { d -= 360 }
        return d
    }

    /// How far (metres, positive right) the point `reachM` ahead of vertex `k` lies off the line
    /// of the way in (the chord from the point `reachM` back to the vertex); nil when the way in
    /// has no length. Settles the side of a hairpin, whose bend's sign a metre can flip.
    func wayAfterOffsetM(at k: Int, reachM: Double) -> Double? {
        var metric = NearMetric()
        let back = point(atM: cumM[k] - reachM)
        let wayIn = metric.vectorM(back, coords[k])
        let toAfter = metric.vectorM(back, point(atM: cumM[k] + reachM))
        let lengthM = (wayIn.x * wayIn.x + wayIn.y * wayIn.y).squareRoot()
        guard lengthM > 0.01 else { return nil }
        return (wayIn.y * toAfter.x - wayIn.x * toAfter.y) / lengthM
    }

    /// Metres from `p` to the line's segments between distances `fromM` and `toM` along it
    /// (a local plane around `p`).
    func distanceM(from p: LonLat, alongFromM fromM: Double, toM: Double) -> Double {
        var metric = NearMetric()
        var best = shortDistanceM(p, point(atM: fromM))
        var k = 0
        while k < coords.count - 1, cumM[k + 1] < fromM { k += 1 }
        while k < coords.count - 1, cumM[k] <= toM {
            best = min(best, Self.segmentDistanceM(metric.vectorM(p, coords[k]), metric.vectorM(p, coords[k + 1])))
            k += 1
        }
        return best
    }

    /// Distance from the origin to the segment `a`–`b` (plane vectors in metres).
    static func segmentDistanceM(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let ex = b.x - a.x, ey = b.y - a.y
        let len2 = ex * ex + ey * ey
        let t = len2 > 0 ? min(max(-(a.x * ex + a.y * ey) / len2, 0), 1) : 0
        let cx = a.x + t * ex, cy = a.y + t * ey
        return (cx * cx + cy * cy).squareRoot()
    }
}
