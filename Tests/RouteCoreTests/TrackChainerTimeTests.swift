import Testing
import TestSupport
import TrailpackCore
import RouteCore

/// `TrackChainer` on parts that carry their recording times (`TrackPart.startS`).
@Suite struct TrackChainerTimeTests {
    @Test func anOutAndBackStoredWayBackFirstChainsInTimeOrder() throws {
        let out = LineGenerators.straight().coords
        let back = Array(out.reversed())
        let stored = [TrackPart(label: "back", coords: back), TrackPart(label: "out", coords: out)]
        // By nearest ends the stored first part leads: the walk would start at the turnaround.
        let byEnds = try TrackChainer.chain(stored)
        #expect(byEnds.coords.first == back.first && !byEnds.byTime)
        // With times (the way back recorded an hour later) the walk starts where it did.
        var timed = stored
        timed[0].startS = 3600
        timed[1].startS = 0
        let byTime = try TrackChainer.chain(timed)
        #expect(byTime.coords == out + back && byTime.byTime && byTime.order.map(\.part) == [1, 0] && byTime.order.allSatisfy { !$0.flipped })
        #expect(try TrackChainer.chain(timed, reversed: true).coords == (out + back).reversed())
    }

    @Test func partsWithoutEveryTimeChainByNearestEnds() throws {
        let line = LineGenerators.zigzag().coords
        let half = line.count / 2
        let parts = [TrackPart(label: "b", coords: Array(line[half...]), startS: 100), TrackPart(label: "a", coords: Array(line[..<half]))]
        let chained = try TrackChainer.chain(parts)
        // One part has no time: the parts chain by their nearest ends, the first stored leading its direction.
        #expect(!chained.byTime && chained.coords == line && chained.order.map(\.part) == [1, 0], "\(chained.order)")
    }

    @Test func aGapInTimeOrderNamesBothEndsAndTheLaterParts() throws {
        let line = LineGenerators.straight().coords
        let third = line.count / 3
        // Recorded a, then c (a jump to the far end), then b: time order leaves a gap.
        let a = Array(line[..<third]), b = Array(line[third..<(2 * third)]), c = Array(line[(2 * third)...])
        let parts = [TrackPart(label: "a", coords: a, startS: 0), TrackPart(label: "b", coords: b, startS: 200), TrackPart(label: "c", coords: c, startS: 100)]
        #expect(throws: TrackChainError.self) { try TrackChainer.chain(parts, joinM: 50) }
        do { _ = try TrackChainer.chain(parts, joinM: 50) } catch {
            #expect(error.fromPart == "a" && error.fromEnd == "end" && error.toPart == "c" && error.toEnd == "start" && error.unchained == ["c", "b"])
            #expect(abs(error.gapM - Geodesic.distanceM(a[a.count - 1], c[0])) < 1e-6)
        }
    }
}
