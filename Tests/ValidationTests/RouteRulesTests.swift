import Testing
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
        #expect(RouteRules.cumRelativeTolerance == 0.0005)
        #expect(RouteRules.cumAbsoluteToleranceM == 0.2)
        #expect(RouteRules.arMarginM == 100)
    }
}
