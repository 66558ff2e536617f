import Testing
@testable import TrailpackCore

@Suite struct SegmentProjectionTests {
    @Test func aPointBesideTheSegmentProjectsOntoIt() {
        let a = LonLat(-71.40, 44.50), b = Geodesic.destination(from: a, bearingDeg: 90, distanceM: 100)
        let p = Geodesic.destination(from: Geodesic.interpolate(a, b, fraction: 0.3), bearingDeg: 0, distanceM: 8)
        let hit = projectOntoSegment(p, a, b)
        #expect(abs(hit.t - 0.3) < 0.001 && abs(hit.planarM - 8) < 0.01)
    }

    /// A segment across the antimeridian: the point on it is on it, not 40 000 km away.
    @Test func theAntimeridianWraps() {
        let a = LonLat(179.999, 10), b = LonLat(-179.999, 10)
        let hit = projectOntoSegment(LonLat(180, 10.0001), a, b)
        #expect(abs(hit.t - 0.5) < 0.001)
        #expect(abs(hit.planarM - 11.06) < 0.05, "\(hit.planarM) m")
        #expect(abs(abs(hit.point.lon) - 180) < 1e-9 && abs(hit.point.lat - 10) < 1e-9, "\(hit.point)")
    }
}
