import Foundation
import Testing
import TrailpackCore
@testable import TrackGeometry

/// `TrackGeometry.facing`: the nearest ground of a stretch, when it heads the other way, against
/// `overlap(at:_:)`, the nearest ground heading the other way.
struct FacingTests {
    static func at(_ eastM: Double, _ northM: Double) -> LonLat { TrackGeometryTests.at(eastM, northM) }

    /// Out 300 m east and back 4 m north of the way out: each point of the way back faces the
    /// way out 4 m south of it, at the same place east.
    @Test func aWayBackFacesTheWayInBesideIt() throws {
        let wayIn = stride(from: 0.0, through: 300, by: 5).map { Self.at($0, 0) }
        let wayBack = [Self.at(300, 4)] + stride(from: 295.0, through: 0, by: -5).map { Self.at($0, 4) }
        let g = TrackGeometry(coords: wayIn + wayBack)
        let tipM = g.cumM[wayIn.count - 1]
        for afterM in stride(from: 20.0, through: 250, by: 10) {
            let m = tipM + 4 + afterM
            let hit = try #require(g.facing(g.position(atM: m), atM: m, alongFromM: 0, toM: tipM, halfChordM: 10))
            #expect(abs(hit.distanceM - 4) < 0.01)  // `at` is a local approximation of the frame
            #expect(abs(g.position(atM: hit.alongM).x - g.position(atM: m).x) < 0.01)
        }
    }

    /// A zigzag's first leg, the leg back 12 m north of it, the next leg 6 m north heading the
    /// same way as the first: from the first leg, the nearest ground later (the third leg) heads
    /// along, so nothing faces it, while the overlap map (the nearest ground heading the other
    /// way) finds the leg back.
    @Test func theNearestGroundHeadingAlongFacesNothingWhereTheMapFindsTheLegBack() throws {
        let first = stride(from: 0.0, through: 100, by: 5).map { Self.at($0, 0) }
        let back = stride(from: 100.0, through: 0, by: -5).map { Self.at($0, 12) }
        let again = stride(from: 0.0, through: 100, by: 5).map { Self.at($0, 6) }
        let g = TrackGeometry(coords: first + back + again)
        let k = 10  // 50 m east on the first leg
        let later = g.cumM[first.count]
        #expect(g.facing(g.positions[k], atM: g.cumM[k], alongFromM: later, toM: g.lengthM, halfChordM: 10) == nil)
        let partner = try #require(g.overlap(at: k, OverlapRule(reachM: 30, halfChordM: 10)))
        #expect(abs(partner.distanceM - 12) < 0.01)
        #expect(partner.alongM > later && partner.alongM < g.cumM[first.count + back.count])
    }
}
