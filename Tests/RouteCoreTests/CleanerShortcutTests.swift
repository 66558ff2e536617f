import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import RouteCore

/// The cleaner's shortcuts decide exactly as the measures they stand for: the loop extent test on
/// the cached metric equals the test on `shortDistanceM`, at every latitude and right at the limit.
struct CleanerShortcutTests {
    @Test(arguments: [0.0, 44.5, 79.9, 84.0, 89.5, -60.0])
    func loopExtentDecidesAsTheExactDistance(latDeg: Double) {
        var rng = SeededRandom(seed: UInt64(abs(latDeg * 10)) + 1)
        let k = WGS84.metresPerDegree(atLatDeg: latDeg)
        let x = LonLat(7.25, latDeg)
        var metric = NearMetric()
        var inside = 0
        for _ in 0..<2000 {
            // Points around the 30 m limit, some within a millimetre of it.
            let points = (0..<4).map { _ -> LonLat in
                let bearing = Double.random(in: 0..<(2 * Double.pi), using: &rng)
                let r = Bool.random(using: &rng) ? 30 + Double.random(in: -0.001...0.001, using: &rng)
                    : Double.random(in: 0...32, using: &rng)
                return LonLat(x.lon + r * sin(bearing) / k.x, x.lat + r * cos(bearing) / k.y)
            }
            let exact = points.allSatisfy { shortDistanceM(x, $0) <= 30 }
            #expect(RouteCleaner.withinExtent(x, points, 0...3, 30, &metric) == exact)
            if exact { inside += 1 }
        }
        #expect(inside > 100 && inside < 1900, "both sides of the limit are tried")
    }
}
