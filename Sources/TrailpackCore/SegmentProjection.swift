import Foundation

/// The nearest point of segment `a`-`b` to `p`: the fraction `t` (0...1) along the segment and the
/// point there, and its distance from `p` in metres, computed in a tangent plane at `p` (accurate
/// for segments up to a few km; longitudes wrap at the antimeridian).
public func projectOntoSegment(_ p: LonLat, _ a: LonLat, _ b: LonLat) -> (t: Double, point: LonLat, planarM: Double) {
    let m = LocalMetric(latDeg: p.lat)
    let ax = wrappedDeltaLonDeg(a.lon, from: p.lon) * m.mPerDegLon, ay = (a.lat - p.lat) * m.mPerDegLat
    let bx = wrappedDeltaLonDeg(b.lon, from: p.lon) * m.mPerDegLon, by = (b.lat - p.lat) * m.mPerDegLat
    let dx = bx - ax, dy = by - ay
    let len2 = dx * dx + dy * dy
    var t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0
    t = min(max(t, 0), 1)
    let qx = ax + t * dx, qy = ay + t * dy
    let point: LonLat
    if t == 0 { point = a } else if t == 1 { point = b } else {
        var lon = a.lon + t * wrappedDeltaLonDeg(b.lon, from: a.lon)
        if lon >= 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        point = LonLat(lon, a.lat + t * (b.lat - a.lat))
    }
    return (t, point, (qx * qx + qy * qy).squareRoot())
}
