import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import RouteCore

/// Where a track crosses itself, between parts some metres apart along it.
struct SelfCrossingsTests {
    static let origin = LonLat(-71.40, 44.50)

    /// A point `eastM` and `northM` metres from `origin`.
    static func at(_ eastM: Double, _ northM: Double) -> LonLat {
        let k = WGS84.metresPerDegree(atLatDeg: origin.lat)
        return LonLat(origin.lon + eastM / k.x, origin.lat + northM / k.y)
    }

    @Test func aFigureEightCrossesOnceAndAZigzagNever() {
        // A figure eight 80 m across (a lemniscate of Gerono), a point every 10 degrees of its
        // parameter, from 5 degrees: it crosses itself once, at the origin, mid-segment.
        let eight = (0...36).map { (s: Int) -> LonLat in
            let t = (Double(s) * 10 + 5) * Double.pi / 180
            return Self.at(40 * sin(t), 40 * sin(t) * cos(t))
        }
        #expect(SelfCrossings.count(eight, in: eight.indices, minSeparationM: 15, upTo: 10) == 1)
        #expect(SelfCrossings.firstCrossed(eight, in: eight.indices, minSeparationM: 15) == 17)
        // Ten legs of 20 m, 3 m apart: however tight, no leg crosses another.
        var zigzag: [LonLat] = []
        for leg in 0..<10 {
            for s in 0...20 { zigzag.append(Self.at(leg % 2 == 0 ? Double(s) : 20 - Double(s), 3 * Double(leg))) }
        }
        #expect(SelfCrossings.count(zigzag, in: zigzag.indices, minSeparationM: 15, upTo: 10) == 0)
        #expect(SelfCrossings.firstCrossed(zigzag, in: zigzag.indices, minSeparationM: 15) == nil)
    }

    /// Two legs of a stack 40 m long, the second back west 3 m north of the first but drifting
    /// across it (from 2 m north to 2 m south): they cross once, 5 degrees off parallel, which
    /// counts as a crossing and not as a steep one. The figure eight's crossing, at right angles,
    /// is steep.
    @Test func legsSideBySideCrossAtAShallowAngle() {
        let out = (0...40).map { Self.at(Double($0), 0) }
        let back = (0...40).map { Self.at(40.3 - Double($0), 2.05 - 4 * Double($0) / 40) }
        let legs = out + [Self.at(41, 1)] + back
        let steep = SelfCrossings.Transverse(halfChordM: 3, minDeg: 45)
        #expect(SelfCrossings.count(legs, in: legs.indices, minSeparationM: 15, upTo: 10) == 1)
        #expect(SelfCrossings.count(legs, in: legs.indices, minSeparationM: 15, upTo: 10, transverse: steep) == 0)
        let eight = (0...36).map { (s: Int) -> LonLat in
            let t = (Double(s) * 10 + 5) * Double.pi / 180
            return Self.at(40 * sin(t), 40 * sin(t) * cos(t))
        }
        #expect(SelfCrossings.count(eight, in: eight.indices, minSeparationM: 15, upTo: 10, transverse: steep) == 1)
    }

    @Test func jitterBetweenNeighboursIsNotACrossing() {
        // A walk east drawing a small loop every 3 m (a fix 2 m on, one back above, one below):
        // each loop is a crossing between segments a few metres apart along the track, which is
        // none at a separation of 15 m.
        let wobble = (0..<20).flatMap { (b: Int) -> [LonLat] in
            let x = 3 * Double(b)
            return [Self.at(x, 0), Self.at(x + 2, 0), Self.at(x + 1, 1), Self.at(x + 1, -1)]
        }
        #expect(SelfCrossings.count(wobble, in: wobble.indices, minSeparationM: 15, upTo: 100) == 0)
        #expect(SelfCrossings.count(wobble, in: wobble.indices, minSeparationM: 0, upTo: 100) == 20)
    }

    @Test func aStandingCloudCrossesItselfAgainAndAgainAndNotTheWalkIn() {
        var rng = SeededRandom(seed: 3)
        let walkIn = (0..<40).map { Self.at(0, -60 + Double($0)) }
        let cloud = (0..<60).map { _ in Self.at(3 * GPSArtifactTests.gaussian(&rng), 3 * GPSArtifactTests.gaussian(&rng)) }
        let walkOut = (1...40).map { Self.at(Double($0), 0) }
        let track = walkIn + cloud + walkOut
        #expect(SelfCrossings.count(track, in: track.indices, minSeparationM: 15, upTo: 20) == 20)
        // Counted only within the range asked: the walk in alone never crosses.
        #expect(SelfCrossings.count(track, in: 0..<40, minSeparationM: 15, upTo: 20) == 0)
        // The first segment crossed is the one from the last fix of the walk in (which stops 21 m
        // short of the cloud) into the cloud, or one in the cloud: never the walk in itself.
        let first = SelfCrossings.firstCrossed(track, in: track.indices, minSeparationM: 15)
        #expect(first.map { (39...45).contains($0) } == true, "\(String(describing: first))")
        // Asked of a stretch that starts later, the answer is the same index into the track.
        #expect(SelfCrossings.firstCrossed(track, in: 30..<track.count, minSeparationM: 15) == first)
        #expect(SelfCrossings.count(track, in: 30..<track.count, minSeparationM: 15, upTo: 20) == 20)
    }
}
