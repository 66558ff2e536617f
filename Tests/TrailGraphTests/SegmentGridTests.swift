import Foundation
import Testing
import TrailpackCore
@testable import TrailGraph

@Suite struct SegmentGridTests {
    @Test func nearestAgreesWithBruteForce() {
        var grid = SegmentGrid(bounds: BBox(west: -71.5, south: 44.4, east: -71.3, north: 44.6), cellM: 50)
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var segments: [(LonLat, LonLat)] = []
        for _ in 0..<300 {
            let a = LonLat(-71.5 + 0.2 * next(), 44.4 + 0.2 * next())
            let b = LonLat(a.lon + 0.004 * (next() - 0.5), a.lat + 0.004 * (next() - 0.5))
            segments.append((a, b))
            grid.insert(a, b)
        }
        for _ in 0..<50 {
            let p = LonLat(-71.5 + 0.2 * next(), 44.4 + 0.2 * next())
            let brute = segments.map { projectOntoSegment(p, $0.0, $0.1).planarM }.min()!
            let hit = grid.nearest(to: p)
            #expect(hit != nil)
            #expect(abs((hit?.planarM ?? -1) - brute) < 1e-9)
        }
    }

    @Test func farAwayPointsFindTheNearestSegmentQuickly() {
        var grid = SegmentGrid(bounds: BBox(west: -71.5, south: 44.4, east: -71.3, north: 44.6), cellM: 50)
        let a = LonLat(-71.45, 44.45), b = LonLat(-71.35, 44.55), c = LonLat(-71.31, 44.41)
        grid.insert(a, b)
        grid.insert(b, c)
        // About 300 km east and 600 km south-west of the grid: the nearest points are vertices.
        let east = LonLat(-67.5, 44.5)
        let hitEast = grid.nearest(to: east)
        #expect(hitEast?.item == 1)
        #expect(hitEast.map { Geodesic.distanceM($0.point, c) < 1 } == true)
        let southWest = LonLat(-76, 40.5)
        let hitSouthWest = grid.nearest(to: southWest)
        #expect(hitSouthWest?.item == 0)
        #expect(hitSouthWest.map { Geodesic.distanceM($0.point, a) < 1 } == true)
        #expect(grid.nearest(to: east, maxM: 1_000) == nil)
    }

    @Test func projectionFindsThePerpendicularFoot() {
        let hit = projectOntoSegment(Local.p(50, 30), Local.p(0, 0), Local.p(100, 0))
        #expect(abs(hit.t - 0.5) < 0.001)
        #expect(abs(hit.planarM - 30) < 0.05)
        #expect(abs(Geodesic.distanceM(Local.p(50, 30), hit.point) - 30) < 0.05)
    }
}

@Suite struct BinaryHeapTests {
    @Test func popsInDistanceOrderWithNodeTieBreak() {
        var heap = BinaryHeap()
        let input: [(Double, Int)] = [(5, 1), (1, 9), (3, 4), (1, 2), (8, 0), (3, 3), (0.5, 7)]
        for (d, n) in input { heap.push(distanceM: d, node: n) }
        var out: [Int] = []
        while let top = heap.pop() { out.append(top.node) }
        #expect(out == [7, 2, 9, 3, 4, 1, 0])
    }
}
