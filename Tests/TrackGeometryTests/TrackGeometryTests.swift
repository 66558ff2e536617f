import Foundation
import Testing
import TrailpackCore
@testable import TrackGeometry

/// `TrackGeometry`: distance along, the point at a distance, and the self-overlap map, on
/// seeded synthetic lines.
struct TrackGeometryTests {
    /// The point `eastM`, `northM` metres from (6.9, 45.9) on a local plane.
    static func at(_ eastM: Double, _ northM: Double) -> LonLat {
        let lat0 = 45.9
        return LonLat(6.9 + eastM / (111_320 * cos(lat0 * .pi / 180)), lat0 + northM / 111_132)
    }

    /// A random walk of `n` vertices 3-15 m apart whose heading wanders and sometimes turns back.
    static func randomLine(_ n: Int, rng: inout SplitMix64) -> [LonLat] {
        var x = 0.0, y = 0.0, heading = Double.random(in: 0..<(2 * .pi), using: &rng)
        var out = [at(x, y)]
        for _ in 1..<n {
            heading += Double.random(in: 0..<1, using: &rng) < 0.05 ? .pi + Double.random(in: -0.3...0.3, using: &rng)
                : Double.random(in: -0.4...0.4, using: &rng)
            let stepM = Double.random(in: 3...15, using: &rng)
            x += stepM * sin(heading)
            y += stepM * cos(heading)
            out.append(at(x, y))
        }
        return out
    }

    static let rule = OverlapRule(reachM: 30, halfChordM: 10)

    @Test func theFramesInverseReturnsEachPointWithinAMicrometre() {
        var rng = SplitMix64(seed: 30)
        let frame = GnomonicFrame(center: Self.at(0, 0))
        for _ in 0..<200 {
            let p = Self.at(Double.random(in: -20_000...20_000, using: &rng), Double.random(in: -20_000...20_000, using: &rng))
            let q = frame.project(p)
            let back = frame.lonLat(x: q.x, y: q.y)
            #expect(shortDistanceM(p, back) < 1e-6)
        }
        // The centre is the origin, and a point 1 km east lies 1 km east (to a millimetre).
        let c = frame.project(Self.at(0, 0))
        #expect(c.x == 0 && c.y == 0)
        #expect(abs(frame.project(frame.lonLat(x: 1000, y: 0)).x - 1000) < 1e-9)
        #expect(abs(shortDistanceM(Self.at(0, 0), frame.lonLat(x: 1000, y: 0)) - 1000) < 1e-3)
    }

    @Test func pointAtDistanceKeepsBothEndsAndTheLength() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20 {
            let g = TrackGeometry(coords: Self.randomLine(200, rng: &rng))
            #expect(g.position(atM: 0) == g.positions[0])
            #expect(g.position(atM: g.lengthM) == g.positions[g.positions.count - 1])
            #expect(g.position(atM: -5) == g.positions[0])
            #expect(g.position(atM: g.lengthM + 5) == g.positions[g.positions.count - 1])
            // Walked in 1 m steps and through every vertex, the points add up to the length
            // (planar against ellipsoidal: 1e-4).
            let stops = (Array(stride(from: 0.0, through: g.lengthM, by: 1)) + g.cumM + [g.lengthM]).sorted()
            var walkedM = 0.0
            for (a, b) in zip(stops, stops.dropFirst()) { walkedM += (g.position(atM: b) - g.position(atM: a)).length }
            #expect(abs(walkedM - g.lengthM) <= 1e-4 * g.lengthM, "walked \(walkedM) of \(g.lengthM)")
            // Each vertex is where its distance along puts it.
            for k in g.positions.indices where k % 17 == 0 {
                #expect((g.position(atM: g.cumM[k]) - g.positions[k]).length < 1e-6)
            }
        }
    }

    @Test func aStraightLineHasNoOverlap() {
        let start = Self.at(0, 0)
        let coords = (0...200).map { Geodesic.destination(from: start, bearingDeg: 53, distanceM: Double($0) * 5) }
        let g = TrackGeometry(coords: coords)
        #expect(abs(g.lengthM - 1000) < 0.01)
        #expect(g.overlaps(Self.rule).allSatisfy { $0 == nil })
    }

    /// Out 600 m east, back west, every fix 5 m apart with up to `noiseM` of error on each axis:
    /// each way-in vertex more than a chord from the start and the tip pairs with the way back,
    /// within twice the noise (both passes' error) of it.
    @Test func anOutAndBackPairsTheWayInWithTheWayBack() throws {
        let noiseM = 3.0
        for seed in UInt64(1)...10 {
            var rng = SplitMix64(seed: seed)
            func noisy(_ x: Double) -> LonLat {
                Self.at(x + Double.random(in: -noiseM...noiseM, using: &rng), Double.random(in: -noiseM...noiseM, using: &rng))
            }
            let wayIn = stride(from: 0.0, through: 600, by: 5).map { noisy($0) }
            let wayBack = stride(from: 595.0, through: 0, by: -5).map { noisy($0) }
            let g = TrackGeometry(coords: wayIn + wayBack)
            let map = g.overlaps(Self.rule)
            let tipM = g.cumM[wayIn.count - 1]
            // From 20 m to 580 m out.
            for k in 4..<(wayIn.count - 4) {
                let partner = try #require(map[k], "seed \(seed): way-in vertex \(k) has no partner")
                #expect(partner.alongM > tipM, "seed \(seed): vertex \(k) paired on the way in")
                #expect(partner.distanceM <= 2 * noiseM * 2.squareRoot(), "seed \(seed): vertex \(k) \(partner.distanceM) m away")
                // The partner is the way back's point at about the same place east.
                #expect(abs(g.position(atM: partner.alongM).x - g.positions[k].x) <= 4 * noiseM)
            }
        }
    }

    /// A hairpin whose legs spread 10 degrees apart from a tip of radius 3 m: the gap to the other
    /// leg grows away from the tip.
    @Test func aSpreadingHairpinsGapGrowsAwayFromTheTip() {
        let spread = 10.0 * .pi / 180
        let legIn = stride(from: 200.0, through: 0, by: -5).map { Self.at($0 * cos(spread / 2), 3 + $0 * sin(spread / 2)) }
        let arc = (1..<6).map { s -> LonLat in
            let a = Double.pi / 2 + Double(s) * .pi / 6
            return Self.at(3 * cos(a), 3 * sin(a))
        }
        let legOut = stride(from: 0.0, through: 200, by: 5).map { Self.at($0 * cos(spread / 2), -3 - $0 * sin(spread / 2)) }
        let g = TrackGeometry(coords: legIn + arc + legOut)
        let map = g.overlaps(OverlapRule(reachM: 40, halfChordM: 10))
        // Way-in vertices from 15 m off the tip outward (legIn runs from far to the tip).
        let gaps = (0..<(legIn.count - 3)).reversed().compactMap { map[$0]?.distanceM }
        #expect(gaps.count >= 20)
        for (a, b) in zip(gaps, gaps.dropFirst()) { #expect(b >= a - 1e-6, "gap shrinks: \(a) then \(b)") }
        #expect(gaps.last! > gaps.first! + 10)
    }

    /// The map from the index equals a search over every segment.
    @Test func theOverlapMapEqualsABruteForceSearch() {
        var rng = SplitMix64(seed: 29)
        var found = 0
        for _ in 0..<15 {
            let g = TrackGeometry(coords: Self.randomLine(400, rng: &rng), cellM: Double.random(in: 8...60, using: &rng))
            for rule in [Self.rule, OverlapRule(reachM: 15, minAheadM: 300, halfChordM: 10, oppositeWithinDeg: 30)] {
                let map = g.overlaps(rule)
                for i in g.positions.indices {
                    let brute = Self.bruteForce(g, at: i, rule)
                    #expect(map[i] == brute, "vertex \(i): \(String(describing: map[i])) against \(String(describing: brute))")
                    if brute != nil { found += 1 }
                }
            }
        }
        #expect(found > 100)
    }

    /// Whether the overlap lies in a stretch, asked without the whole map (`overlap(at:_:liesWithin:)`,
    /// the cleaner's spur test), answers as the map does, also on a line that passes each place
    /// dozens of times (a walk turning back and forth inside 60 m).
    @Test func theOverlapInAStretchAnswersAsTheMap() {
        var rng = SplitMix64(seed: 31)
        var inside = 0, outside = 0
        for k in 0..<12 {
            let coords = k % 3 == 2 ? Self.tangle(1500, rng: &rng) : Self.randomLine(400, rng: &rng)
            let g = TrackGeometry(coords: coords, cellM: Double.random(in: 8...60, using: &rng))
            for rule in [Self.rule, OverlapRule(reachM: 6, halfChordM: 3)] {
                let map = g.overlaps(rule)
                for i in g.positions.indices {
                    let fromM = g.cumM[i] + Double.random(in: 0...40, using: &rng)
                    let window = fromM...(fromM + Double.random(in: 0...120, using: &rng))
                    let expected = map[i].map { window.contains($0.alongM) } ?? false
                    #expect(g.overlap(at: i, rule, liesWithin: window) == expected, "vertex \(i), window \(window)")
                    if expected { inside += 1 } else if map[i] != nil { outside += 1 }
                }
            }
        }
        #expect(inside > 500 && outside > 500, "\(inside) inside, \(outside) outside")
    }

    /// The segments near a point within a range of indices, one by one, are those of
    /// `segments(near:withinM:)` in that range, in the same order.
    @Test func segmentsInARangeAreTheSegmentsNearThatLieInIt() {
        var rng = SplitMix64(seed: 32)
        let g = TrackGeometry(coords: Self.tangle(2000, rng: &rng), cellM: 10)
        for _ in 0..<300 {
            let p = g.positions[Int.random(in: 0..<g.positions.count, using: &rng)] + Vec2(Double.random(in: -20...20, using: &rng), 0)
            let withinM = Double.random(in: 0...30, using: &rng)
            let a = Int.random(in: 0..<2000, using: &rng), b = Int.random(in: a...2000, using: &rng)
            var visited: [Int] = []
            g.index.forEachSegment(near: p, withinM: withinM, in: a..<b) { visited.append($0); return true }
            #expect(visited == g.index.segments(near: p, withinM: withinM).filter { (a..<b).contains($0) })
        }
    }

    /// A walk of `n` vertices 1-2 m apart turning hard and often inside a 30 m circle.
    static func tangle(_ n: Int, rng: inout SplitMix64) -> [LonLat] {
        var x = 0.0, y = 0.0, heading = 0.0
        var out = [at(x, y)]
        for _ in 1..<n {
            heading += x * x + y * y > 900 ? .pi : Double.random(in: -0.6...0.6, using: &rng)
            let stepM = Double.random(in: 1...2, using: &rng)
            x += stepM * sin(heading)
            y += stepM * cos(heading)
            out.append(at(x, y))
        }
        return out
    }

    /// `overlap(at:)` over every segment from vertex `i` on, written out.
    static func bruteForce(_ g: TrackGeometry, at i: Int, _ rule: OverlapRule) -> Overlap? {
        let fromM = g.cumM[i] + rule.minAheadM
        let own = g.heading(atM: g.cumM[i], halfChordM: rule.halfChordM)
        let p = g.positions[i]
        var best: Overlap?
        for j in i..<(g.positions.count - 1) where g.cumM[j + 1] >= fromM {
            let startM = max(g.cumM[j], fromM)
            let a = startM > g.cumM[j] ? g.position(atM: startM) : g.positions[j], b = g.positions[j + 1]
            let d = b - a
            let t = d.lengthSquared > 0 ? min(max((p - a).dot(d) / d.lengthSquared, 0), 1) : 0
            let distanceM = (p - (a + t * d)).length
            let alongM = startM + t * (g.cumM[j + 1] - startM)
            let h = g.heading(atM: alongM, halfChordM: rule.halfChordM)
            let cosine = own.dot(h) / (own.length * h.length)
            guard distanceM <= rule.reachM, own.dot(h) < 0, cosine <= -cos(rule.oppositeWithinDeg * .pi / 180) else { continue }
            if best.map({ distanceM < $0.distanceM || (distanceM == $0.distanceM && alongM < $0.alongM) }) ?? true {
                best = Overlap(alongM: alongM, distanceM: distanceM)
            }
        }
        return best
    }
}

extension TrackGeometryTests {
    @Test func verticesByDistanceAlong() {
        let g = TrackGeometry(coords: [Self.at(0, 0), Self.at(0, 10), Self.at(0, 10), Self.at(0, 30)])
        #expect(g.vertex(atOrAfterM: -1) == 0)
        #expect(g.vertex(atOrAfterM: 5) == 1)
        #expect(g.vertex(atOrAfterM: g.cumM[1]) == 1)
        #expect(g.vertex(atOrAfterM: 100) == 4)
        #expect(g.nearestVertex(toM: 4) == 0)
        #expect(g.nearestVertex(toM: g.cumM[1]) == 1)
        #expect(g.nearestVertex(toM: 22) == 3)
        #expect(g.nearestVertex(toM: 100) == 3)
        #expect(g.segment(atM: g.cumM[1]) == 2)
    }
}

extension TrackGeometryTests {
    /// A line walked north and south over the same 200 m `laps` times, each lap 2 m east of the
    /// last, a vertex every 10 m.
    static func shuttle(laps: Int) -> [LonLat] {
        (0..<laps).flatMap { lap in
            let x = Double(lap) * 2, northM = stride(from: 0.0, through: 200, by: 10)
            return (lap.isMultiple(of: 2) ? Array(northM) : northM.reversed()).map { Self.at(x, $0) }
        }
    }

    /// `OverlapRule.maxPasses`: up to that many passes ahead the overlap is the one without a cap
    /// (the brute force's); one more and it is none.
    @Test(arguments: [2, 6, 13, 14, 30]) func aPlacePassedTooOftenHasNoOverlap(laps: Int) {
        let g = TrackGeometry(coords: Self.shuttle(laps: laps))
        let capped = OverlapRule(reachM: 60, minAheadM: 150, halfChordM: 10, maxPasses: 12)
        let free = OverlapRule(reachM: 60, minAheadM: 150, halfChordM: 10)
        let middle = g.vertex(atOrAfterM: 100)
        // Every later lap passes within 60 m of the first lap's middle (its own lap ends within 150 m).
        let passesAhead = laps - 1
        let expected = passesAhead <= 12 ? Self.bruteForce(g, at: middle, free) : nil
        #expect(g.overlap(at: middle, capped) == expected)
        #expect(g.overlap(at: middle, free) == Self.bruteForce(g, at: middle, free))
        #expect((g.overlap(at: middle, free) != nil) == (laps >= 2))
    }
}
