import Foundation
import Testing
import TrailpackCore
@testable import Guidance

/// POIs and summits at the route's ends, and summits that are the high point of a pass.
struct EndsAndPassesTests {
    @Test func poisAtTheStartNameTheStartInsteadOfBeingPassed() throws {
        let coords = Fixtures.walk([(270, 400)])
        let trailhead = PointOfInterest(name: "Bunnell Notch Trailhead", kind: "trailhead",
                                        location: Geodesic.destination(from: coords[0], bearingDeg: 0, distanceM: 20))
        let carPark = PointOfInterest(name: "Car park", kind: "parking", location: Fixtures.beside(coords[0], coords[1], fraction: 0.1, offsetM: 10))
        let pond = PointOfInterest(name: "Unknown Pond", kind: "water", location: Fixtures.beside(coords[0], coords[1], fraction: 0.5, offsetM: 10))
        let path = RoutePath(coords: coords, segmentTrailNames: ["Bunnell Notch Trail"], onNetwork: true)
        let w = try Guidance.waypoints(for: Fixtures.input(path, pois: [carPark, pond, trailhead]))
        // The nearest POI within 150 m of the first vertex names the start; the instruction keeps the trail.
        #expect(w.first == Waypoint(i: 0, kind: .start, name: "Bunnell Notch Trailhead", instruction: "Head west on Bunnell Notch Trail"))
        // The car park (its closest vertex 40 m along) is part of the start too; the pond is passed.
        #expect(w.filter { $0.kind == .poi }.map(\.name) == ["Unknown Pond"])
        // Control: 160 m from the first vertex (and 60 m beyond the naming radius of 150 m), the
        // trailhead neither names the start nor is passed.
        let away = PointOfInterest(name: "Bunnell Notch Trailhead", kind: "trailhead",
                                   location: Geodesic.destination(from: coords[0], bearingDeg: 0, distanceM: 160))
        let w2 = try Guidance.waypoints(for: Fixtures.input(path, pois: [away]))
        #expect(w2.first?.name == "Bunnell Notch Trail")
        #expect(w2.filter { $0.kind == .poi }.isEmpty)
    }

    @Test func summitAtTheEndIsTheArrival() throws {
        // 400 m north, rising to a top 20 m before the end, then 25 m down to the last vertex.
        let coords = Fixtures.walk([(0, 380), (0, 20)])
        let cabot = PointOfInterest(name: "Mount Cabot", kind: "summit", location: Geodesic.destination(from: coords[1], bearingDeg: 90, distanceM: 10))
        let eleM: (Double) -> Double = { $0 <= 380 ? 1000 + $0 / 380 * 100 : 1100 - ($0 - 380) * 1.25 }
        let input = Fixtures.input(RoutePath(coords: coords), pois: [cabot], eleM: eleM)
        // The profile has a summit there...
        #expect(SummitDetector.summitIndices(input.elevationsM, tuning: .standard) == [input.resampledIndexOfPathVertex[1]])
        // ...but the end already says it.
        let w = try Guidance.waypoints(for: input)
        #expect(w.map(\.kind) == [.start, .end])
        #expect(w.last?.instruction == "Arrive at Mount Cabot")
        // Control: without the POI, the unnamed top 20 m before the end is not announced either.
        #expect(try Guidance.waypoints(for: Fixtures.input(RoutePath(coords: coords), eleM: eleM)).map(\.kind) == [.start, .end])
    }

    /// A 3 km route east; the profile is linear between the (metres along, elevation) points.
    static func profileRoute(_ points: [(Double, Double)], reversed: Bool = false) -> GuidanceInput {
        let ele: (Double) -> Double = { d0 in
            let d = reversed ? 3000 - d0 : d0
            for k in 1..<points.count where d <= points[k].0 {
                let (a, ea) = points[k - 1], (b, eb) = points[k]
                return ea + (eb - ea) * (d - a) / (b - a)
            }
            return points[points.count - 1].1
        }
        return Fixtures.input(RoutePath(coords: Fixtures.walk([(90, 1000), (90, 1000), (90, 1000)])), eleM: ele)
    }

    @Test func unnamedSummitBelowHigherGroundIsThePass() throws {
        // Up to a notch at 936 m (1 km), 30 m down, then up to 1,100 m 1 km further.
        let notch: [(Double, Double)] = [(0, 700), (1000, 936), (1200, 906), (2000, 1100), (3000, 1100)]
        for reversed in [false, true] {
            let summits = try Guidance.waypoints(for: Self.profileRoute(notch, reversed: reversed)).filter { $0.kind == .summit }
            #expect(summits.map(\.name) == ["Pass 936 m"], "reversed: \(reversed)")
            #expect(summits.map(\.instruction) == ["Reach the high point of the pass, 936 m"])
        }
        // Controls: the ground beyond rises only 94 m higher, or 164 m higher but 1.6 km away.
        let lowBeyond: [(Double, Double)] = [(0, 700), (1000, 936), (1200, 906), (2000, 1030), (3000, 1030)]
        let farBeyond: [(Double, Double)] = [(0, 700), (1000, 936), (1200, 906), (2500, 986), (2600, 1100), (3000, 1100)]
        for profile in [lowBeyond, farBeyond] {
            let summits = try Guidance.waypoints(for: Self.profileRoute(profile)).filter { $0.kind == .summit }
            #expect(summits.map(\.instruction) == ["Reach the summit, 936 m"])
        }
    }

    @Test func isPassLooksBothWaysWithinTheDistance() {
        // Vertices 200 m apart; the top is vertex 8 (1,600 m along) at 1,000 m.
        let cum = (0...15).map { Double($0) * 200 }
        func profile(_ high: [Int: Double]) -> [Double] { cum.indices.map { high[$0] ?? ($0 == 8 ? 1000 : 950) } }
        #expect(SummitDetector.isPass(profile([1: 1100.5]), cum, at: 8, tuning: .standard))    // 1,400 m back
        #expect(SummitDetector.isPass(profile([15: 1100.5]), cum, at: 8, tuning: .standard))   // 1,400 m ahead
        #expect(!SummitDetector.isPass(profile([0: 1200]), cum, at: 8, tuning: .standard))     // 1,600 m back
        #expect(!SummitDetector.isPass(profile([1: 1100]), cum, at: 8, tuning: .standard))     // exactly 100 m higher
    }
}
