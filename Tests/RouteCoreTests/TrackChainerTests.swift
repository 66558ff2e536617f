import Testing
import TestSupport
import TrailpackCore
import RouteCore

@Suite struct TrackChainerTests {
    /// `line` cut into `count` parts at random vertices; with `sharedEnds` each cut vertex ends
    /// one part and starts the next (OSM ways), else it starts the next only (GPS segments).
    func cut(_ line: [LonLat], into count: Int, sharedEnds: Bool, rng: inout SeededRandom) -> [[LonLat]] {
        var cuts = Set<Int>()
        // Parts of at least 10 vertices: shorter ones may legitimately chain in other orders.
        while cuts.count < count - 1 {
            let c = Int.random(in: 10..<(line.count - 10), using: &rng)
            if !cuts.contains(where: { abs($0 - c) < 10 }) { cuts.insert(c) }
        }
        var parts: [[LonLat]] = []
        var start = 0
        for c in cuts.sorted() + [line.count] {
            parts.append(Array(line[start..<min(line.count, sharedEnds && c < line.count ? c + 1 : c)]))
            start = c
        }
        return parts
    }

    func withoutRepeats(_ line: [LonLat]) -> [LonLat] {
        var out: [LonLat] = []
        for p in line where out.last != p { out.append(p) }
        return out
    }

    @Test(arguments: [LineGenerators.straight(), LineGenerators.zigzag()])
    func shuffledAndFlippedPartsChainBackIntoTheLine(line: GeneratedLine) throws {
        var rng = SeededRandom(seed: 12)
        for trial in 0..<60 {
            let count = Int.random(in: 2...7, using: &rng)
            let shared = trial.isMultiple(of: 2)
            let ordered = cut(line.coords, into: count, sharedEnds: shared, rng: &rng)
            // The first stored part keeps its direction (it sets the walking direction); others may be flipped.
            var stored = ordered.enumerated().map { (index: $0.offset, coords: $0.element) }.shuffled(using: &rng)
            for k in stored.indices.dropFirst() where Bool.random(using: &rng) { stored[k].coords.reverse() }
            let parts = stored.enumerated().map { TrackPart(label: "part \($0.offset)", coords: $0.element.coords) }
            let chained = try TrackChainer.chain(parts, joinM: 50)
            #expect(withoutRepeats(chained.coords) == line.coords, "\(line) trial \(trial)")
            // The first stored part is walked as stored; every other one as the line runs.
            for use in chained.order {
                let original = stored[use.part]
                #expect(use.flipped == (original.coords.first != ordered[original.index].first), "\(line) trial \(trial) part \(use.part)")
            }
            #expect(chained.order.map(\.part).sorted() == Array(parts.indices))
        }
    }

    @Test func partsInStoredOrderAreKeptAsStored() throws {
        // An out-and-back in two segments: both orders would chain, the stored one wins.
        let out = LineGenerators.straight().coords
        let back = Array(out.reversed())
        let chained = try TrackChainer.chain([TrackPart(label: "out", coords: out), TrackPart(label: "back", coords: back)])
        #expect(chained.coords == out + back)
        #expect(chained.isStoredOrder)
    }

    @Test func aGapNamesBothEndsTheGapAndEveryPartLeftOut() throws {
        let line = LineGenerators.straight().coords   // 3 km east-north-east, vertices 7 m apart
        let a = Array(line[0..<100]), b = Array(line[100..<200])
        let far = Array(line[300...])                  // ~700 m beyond b
        let branch = [Geodesic.destination(from: line[50], bearingDeg: 147, distanceM: 900),
                      Geodesic.destination(from: line[50], bearingDeg: 147, distanceM: 1500)]
        let parts = [TrackPart(label: "feature 0", coords: b), TrackPart(label: "feature 1", coords: far),
                     TrackPart(label: "feature 2", coords: a.reversed()), TrackPart(label: "feature 3", coords: branch)]
        do {
            _ = try TrackChainer.chain(parts, joinM: 50)
            Issue.record("a 700 m gap was chained")
        } catch {
            let expectedGapM = Geodesic.distanceM(b.last!, far.first!)
            #expect(abs(error.gapM - expectedGapM) < 1e-6)
            #expect(error.fromPart == "feature 0" && error.fromEnd == "end" && error.from == b.last)
            #expect(error.toPart == "feature 1" && error.toEnd == "start" && error.to == far.first)
            #expect(error.unchained == ["feature 1", "feature 3"])
            #expect(error.joinM == 50)
            #expect(error.description.contains("feature 1, feature 3"))
            #expect(error.description.contains("exceeds the join distance of 50.0 m"))
        }
        // Raising the join distance bridges the gap; the branch still cannot be chained.
        do {
            _ = try TrackChainer.chain(parts, joinM: 800)
            Issue.record("a branch was chained")
        } catch {
            #expect(error.unchained == ["feature 3"])
        }
        let bridged = try TrackChainer.chain(Array(parts.prefix(3)), joinM: 800)
        #expect(withoutRepeats(bridged.coords) == a + b + far)
        #expect(bridged.order.map(\.part) == [2, 0, 1] && bridged.order.map(\.flipped) == [true, false, false])
    }

    @Test func emptyPartsAreSkippedAndReversedTurnsTheChainAround() throws {
        let line = LineGenerators.zigzag().coords
        let parts = [TrackPart(label: "s1", coords: Array(line[200...])), TrackPart(label: "s0", coords: []),
                     TrackPart(label: "s2", coords: [LonLat(.nan, .nan)]), TrackPart(label: "s3", coords: Array(line[..<200]))]
        let chained = try TrackChainer.chain(parts)
        #expect(chained.coords == line)
        #expect(chained.order.map(\.part) == [3, 0])
        #expect(try TrackChainer.chain(parts, reversed: true).coords == line.reversed())
        #expect(try TrackChainer.chain([]).coords.isEmpty)
    }
}
