import Foundation
import Testing
import TestSupport
import TrailpackCore

/// The cached metric agrees with `shortDistanceM` within its slack below 80 degrees of latitude,
/// is `shortDistanceM` beyond, and its vectors and headings are the same measure.
struct NearMetricTests {
    @Test(arguments: [0.0, 44.5, -63.2, 79.99, 80.5, 89.0])
    func distancesAgreeWithTheShortRangeMetric(latDeg: Double) {
        var rng = SeededRandom(seed: UInt64(abs(latDeg) * 100) + 7)
        var metric = NearMetric()
        // A walk of 2000 steps of up to 50 m: the cached radii move with it.
        var p = LonLat(179.999, latDeg)
        for _ in 0..<2000 {
            let k = WGS84.metresPerDegree(atLatDeg: p.lat)
            let q = LonLat(p.lon + Double.random(in: -50...50, using: &rng) / k.x,
                           max(-89.9, min(89.9, p.lat + Double.random(in: -50...50, using: &rng) / k.y)))
            let exact = shortDistanceM(p, q), near = metric.distanceM(p, q)
            if abs((p.lat + q.lat) / 2) > 80 {
                #expect(near == exact)
            } else {
                #expect(abs(near - exact) <= NearMetric.relativeSlack * exact + 1e-12)
            }
            let v = metric.vectorM(p, q)
            #expect(abs((v.x * v.x + v.y * v.y).squareRoot() - exact) <= NearMetric.relativeSlack * exact + 1e-12)
            if exact > 1 {
                let bearingDeg = metric.headingRad(p, q) * 180 / Double.pi
                #expect(abs(deviationDeg(from: bearingDeg, to: shortBearingDeg(p, q))) < 0.1)
            }
            p = LonLat(q.lon > 180 ? q.lon - 360 : q.lon, q.lat)
        }
    }

    /// Signed difference between two bearings, degrees in (-180, 180].
    func deviationDeg(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d <= -180 { d += 360 }
        if d > 180 { d -= 360 }
        return d
    }
}
