import Foundation
import Testing
import TestSupport

@testable import TrailpackCore

@Suite struct GroundLineTests {
    /// A 1 km walk recorded at a fix every 1.2 m with 0.7 m of jitter.
    static func recording(seed: UInt64) -> (fixes: [LonLat], walkedM: Double) {
        var rng = SeededRandom(seed: seed)
        let start = LonLat(-71.40, 44.50)
        let fixes = (0...833).map { k -> LonLat in
            let p = Geodesic.destination(from: start, bearingDeg: 70, distanceM: Double(k) * 1.2)
            let m = WGS84.metresPerDegree(atLatDeg: p.lat)
            let eastM: Double = 0.7 * rng.gaussian(), northM: Double = 0.7 * rng.gaussian()
            return LonLat(p.lon + eastM / m.x, p.lat + northM / m.y)
        }
        return (fixes, 833 * 1.2)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theGroundLineIsAsLongAsTheWalk(seed: UInt64) {
        let (fixes, walkedM) = Self.recording(seed: seed)
        let ground = GroundLine.thinned(fixes)
        #expect(Geodesic.lengthM(fixes) > 1.25 * walkedM, "the fixes run \(Geodesic.lengthM(fixes)) m")
        #expect(abs(Geodesic.lengthM(ground) - walkedM) < 0.03 * walkedM, "the ground line runs \(Geodesic.lengthM(ground)) m")
        // Both ends kept; every step at least 5 m.
        #expect(ground.first == fixes.first && ground.last == fixes.last)
        #expect(zip(ground, ground.dropFirst()).allSatisfy { shortDistanceM($0, $1) >= GroundLine.stepM })
    }

    @Test func aLineWithStepsOf10mIsUnchanged() {
        let line = (0...50).map { Geodesic.destination(from: LonLat(6.08, 50.77), bearingDeg: 20, distanceM: Double($0) * 10) }
        #expect(GroundLine.thinned(line) == line)
    }

    @Test func twoPointsStay() {
        let a = LonLat(6.08, 50.77), b = Geodesic.destination(from: a, bearingDeg: 0, distanceM: 1)
        #expect(GroundLine.thinned([a, b]) == [a, b])
        #expect(GroundLine.thinned([a, b, a]) == [a, a])
    }

    /// A device left standing: 300 fixes of 1.5 m jitter (cut at 1.7 m) stay in one place; the same fixes with
    /// one 6 m off, or a walk, do not; invalid points are no place.
    @Test(arguments: [UInt64(4), 5])
    func aStandingDeviceIsOnePlace(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let at = LonLat(13.7, 46.4), m = WGS84.metresPerDegree(atLatDeg: at.lat)
        let cloud = (0..<300).map { _ in
            LonLat(at.lon + max(-1.7, min(1.7, 1.5 * rng.gaussian())) / m.x, at.lat + max(-1.7, min(1.7, 1.5 * rng.gaussian())) / m.y)
        }
        #expect(GroundLine.isOnePlace(cloud))
        #expect(GroundLine.isOnePlace([LonLat(.nan, 46.4)] + cloud + [LonLat(200, 46.4)]))
        #expect(!GroundLine.isOnePlace(cloud + [Geodesic.destination(from: cloud[0], bearingDeg: 90, distanceM: 6)]))
        #expect(!GroundLine.isOnePlace(Self.recording(seed: seed).fixes))
        #expect(GroundLine.isOnePlace([]) && GroundLine.isOnePlace([LonLat(.nan, .nan)]))
    }

    /// The meter counts what `thinned` keeps: the same length, but for the last step, which
    /// `thinned` always keeps and the meter counts only once it reaches `stepM`.
    @Test(arguments: [UInt64(1), 2])
    func theMeterWalksTheGroundLine(seed: UInt64) {
        let (fixes, _) = Self.recording(seed: seed)
        var metric = NearMetric()
        var meter = GroundLine.Meter(from: fixes[0])
        for p in fixes.dropFirst() { _ = meter.walk(to: p, &metric) }
        let groundM = Geodesic.lengthM(GroundLine.thinned(fixes))
        #expect(meter.lengthM <= groundM * (1 + NearMetric.relativeSlack) && meter.lengthM > groundM - 2 * GroundLine.stepM, "\(meter.lengthM) vs \(groundM)")
    }
}
