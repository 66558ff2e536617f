import Testing
import TestSupport
import TrailpackCore
@testable import Validation

@Suite("Route geometry helpers")
struct RouteRulesTests {
    @Test func marginToTheNearestEdgeIsGeodesic() {
        let box = BBox(west: -71.5, south: 44.4, east: -71.2, north: 44.7)
        let p = Geodesic.destination(from: LonLat(-71.5, 44.55), bearingDeg: 90, distanceM: 150)
        #expect(abs(RouteRules.marginM(of: p, inside: box) - 150) < 0.01)
        let q = Geodesic.destination(from: LonLat(-71.3, 44.7), bearingDeg: 180, distanceM: 99)
        #expect(abs(RouteRules.marginM(of: q, inside: box) - 99) < 0.01)
        #expect(RouteRules.marginM(of: LonLat(-71.6, 44.5), inside: box) < 0)
    }

    @Test func toleranceConstantsAreTheDocumentedOnes() {
        #expect(RouteRules.maxStepM == 12.05)
        #expect(RouteRules.cumToleranceM == 0.1)
        #expect(RouteRules.arMarginM == 100)
    }
}

@Suite("Landmark nearest distance")
struct LandmarkNearestTests {
    /// The ranked search gives the brute-force geodesic minimum on real-shaped input.
    @Test(arguments: [0, 1, 2, 3])
    func rankedSearchEqualsBruteForce(seed: Int) {
        var rng = SeededRandom(seed: UInt64(0x1A4D + seed))
        let start = LonLat(-71.4, 44.5)
        var coords = [start]
        for _ in 0..<800 {
            let last = coords.last!
            coords.append(Geodesic.destination(from: last, bearingDeg: Double.random(in: 0..<360, using: &rng), distanceM: 11.5))
        }
        let point = Geodesic.destination(from: start, bearingDeg: Double.random(in: 0..<360, using: &rng), distanceM: Double.random(in: 50...5000, using: &rng))
        let ranges = [(from: 10, to: 200), (from: 400, to: 790)]
        var brute = Double.infinity
        for r in ranges { for k in r.from...r.to { brute = min(brute, Geodesic.distanceM(coords[k], point)) } }
        #expect(abs(LandmarkRules.nearestM(from: ranges, of: coords, to: point) - brute) < 1e-9)
    }
}
