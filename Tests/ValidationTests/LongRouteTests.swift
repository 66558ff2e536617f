import Foundation
import Testing
import TrailpackCore
@testable import Validation

/// The route rules stay linear in a route's length: the structures that replace all-pairs
/// scans find the same answers, and the work per cue does not grow with the region.
@Suite struct LongRouteTests {
    /// Points on a square lattice `spacingM` apart, `side` × `side`, from (-71.5, 44.4).
    func lattice(side: Int, spacingM: Double) -> [LonLat] {
        let dLat = spacingM / 111_195, dLon = dLat / cos(44.4 * .pi / 180)
        return (0..<side * side).map { k in LonLat(-71.5 + Double(k % side) * dLon, 44.4 + Double(k / side) * dLat) }
    }

    @Test func nearPointsFindsEveryPointWithinTheRadius() {
        var random = SystemRandomNumberGenerator()
        let points = (0..<2000).map { _ in LonLat(Double.random(in: -71.6 ... -71.4, using: &random), Double.random(in: 44.4...44.5, using: &random)) }
        let grid = NearPoints(points, cellM: 75)
        for q in points.prefix(200) {
            let exact = points.indices.filter { shortDistanceM(q, points[$0]) <= 75 }
            let found = grid.candidates(near: q, radiusM: 75).filter { shortDistanceM(q, points[$0]) <= 75 }
            #expect(found == exact)
        }
    }

    @Test func nearPointsWrapsAtTheAntimeridian() {
        let points = [LonLat(179.9999, 10), LonLat(-179.9999, 10), LonLat(0, 10)]
        let found = NearPoints(points, cellM: 75).candidates(near: LonLat(180, 10), radiusM: 75)
        #expect(found == [0, 1])
    }

    @Test func candidatesPerCueDoNotGrowWithTheNetwork() {
        // 4 times the nodes over 4 times the area: a cue looks at the same few nodes.
        let small = lattice(side: 100, spacingM: 50), large = lattice(side: 200, spacingM: 50)
        let most = [small, large].map { points in
            let grid = NearPoints(points, cellM: 75)
            return points.prefix(5000).map { grid.candidates(near: $0, radiusM: 75).count }.max() ?? 0
        }
        #expect(most[0] == most[1])
        #expect(most[1] * 100 < small.count, "\(most): under 1% of the nodes")
    }

    @Test func aRangesShareOfSortedVerticesIsItsSlice() {
        let vertices = [1, 3, 4, 8, 9, 15, 20]
        for (from, to) in [(0, 2), (3, 8), (9, 14), (16, 30), (21, 25)] {
            let slice = Array(vertices[LandmarkSightRules.lowerBound(vertices, from)..<LandmarkSightRules.lowerBound(vertices, to + 1)])
            #expect(slice == vertices.filter { (from...to).contains($0) })
        }
    }

    /// The walk `ProfileSearch` replaces: the first index from `start` by `step` whose value
    /// is above the ceiling or `dropM` under the top.
    func walk(_ v: [Double], from start: Int, step: Int, ceilingM: Double, topM: Double, dropM: Double) -> Int? {
        var j = start
        while j >= 0, j < v.count {
            if v[j] > ceilingM || topM - v[j] >= dropM { return j }
            j += step
        }
        return nil
    }

    @Test func profileSearchFindsWhatTheWalkFinds() {
        var random = SystemRandomNumberGenerator()
        for n in [1, 2, 7, 64, 300] {
            var v: [Double] = []
            for _ in 0..<n { v.append(((v.last ?? 500) + Double(Int.random(in: -30...30, using: &random)) / 10 * 3).rounded()) }
            let search = ProfileSearch(v)
            for i in 0..<n {
                for step in [-1, 1] {
                    let top = v[i]
                    #expect(search.first(from: i + step, forward: step > 0, ceilingM: top + 5, topM: top, dropM: 10)
                            == walk(v, from: i + step, step: step, ceilingM: top + 5, topM: top, dropM: 10))
                }
            }
        }
    }
}
