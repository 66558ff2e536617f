import Testing
import TrailpackCore
import RouteCore
import TestSupport

@Suite struct RouteCleanerTests {
    /// `count` vertices `spacingM` apart heading east.
    func eastLine(count: Int, spacingM: Double, from start: LonLat = LonLat(13.7, 46.4)) -> [LonLat] {
        (0..<count).map { Geodesic.destination(from: start, bearingDeg: 90, distanceM: spacingM * Double($0)) }
    }

    func offset(_ a: LonLat, _ b: LonLat, northM: Double) -> LonLat {
        let mid = Geodesic.interpolate(a, b, fraction: 0.5)
        return Geodesic.destination(from: mid, bearingDeg: 0, distanceM: northM)
    }

    @Test func eightyMetreSpikeBetweenPointsTenMetresApartIsRemoved() {
        let line = eastLine(count: 10, spacingM: 10)
        var spiked = line
        spiked.insert(offset(line[4], line[5], northM: 80), at: 5)
        let cleaned = RouteCleaner.clean(spiked)
        #expect(cleaned.coords == line)
        #expect(cleaned.droppedSpikes == 1)
        #expect(cleaned.droppedTotal == 1)
    }

    @Test func realEightyMetreDetourWithNeighboursSixtyMetresApartIsKept() {
        let line = eastLine(count: 6, spacingM: 60)
        var detour = line
        detour.insert(offset(line[2], line[3], northM: 80), at: 3)
        let cleaned = RouteCleaner.clean(detour)
        #expect(cleaned.coords == detour)
        #expect(cleaned.droppedSpikes == 0)
    }

    @Test func spikeAlongTheLineIsRemovedToo() {
        // Out 70 m ahead and back: the spike lies on the line through its neighbours but far from
        // the segment joining them.
        let line = eastLine(count: 10, spacingM: 10)
        var spiked = line
        spiked.insert(Geodesic.destination(from: line[4], bearingDeg: 90, distanceM: 70), at: 5)
        #expect(RouteCleaner.clean(spiked).coords == line)
    }

    @Test func spikeOutAndBackToTheSamePointLeavesNoDuplicate() {
        let line = eastLine(count: 10, spacingM: 10)
        var spiked = line
        spiked.insert(contentsOf: [offset(line[4], line[4], northM: 90), line[4]], at: 5)
        let cleaned = RouteCleaner.clean(spiked)
        #expect(cleaned.coords == line)
        #expect(cleaned.droppedSpikes == 1)
        #expect(cleaned.droppedDuplicates == 1)
    }

    @Test func nonFiniteAndOutOfRangePointsAreDroppedAndCounted() {
        let line = eastLine(count: 5, spacingM: 10)
        let dirty = [line[0], LonLat(.nan, 46), line[1], LonLat(13.7, .infinity), line[2], LonLat(200, 46), line[3], LonLat(13, -91), line[4]]
        let cleaned = RouteCleaner.clean(dirty)
        #expect(cleaned.coords == line)
        #expect(cleaned.droppedInvalid == 4)
        #expect(cleaned.droppedDuplicates == 0 && cleaned.droppedSpikes == 0)
    }

    @Test(arguments: [0.0, 0.2, 0.49])
    func pointsCloserThanHalfAMetreAreDuplicates(stepM: Double) {
        let a = LonLat(13.7, 46.4)
        let b = Geodesic.destination(from: a, bearingDeg: 33, distanceM: stepM)
        let c = Geodesic.destination(from: a, bearingDeg: 33, distanceM: 20)
        let cleaned = RouteCleaner.clean([a, b, c])
        #expect(cleaned.coords == [a, c])
        #expect(cleaned.droppedDuplicates == 1)
    }

    @Test(arguments: [0.51, 0.8, 3.0])
    func pointsHalfAMetreApartOrMoreAreKept(stepM: Double) {
        let a = LonLat(13.7, 46.4)
        let b = Geodesic.destination(from: a, bearingDeg: 123, distanceM: stepM)
        #expect(RouteCleaner.clean([a, b]).coords == [a, b])
    }

    /// Noisy random walks with injected spikes: afterwards no consecutive pair is closer than
    /// 0.5 m and no vertex meets the spike rule (checked with PROJ geodesics and a local frame).
    @Test(arguments: 1...20)
    func noSpikeOrDuplicateRemains(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var coords = [LonLat(Double.random(in: -170...170, using: &rng), Double.random(in: -60...60, using: &rng))]
        var bearing = 0.0
        for _ in 0..<400 {
            let roll = Double.random(in: 0..<1, using: &rng)
            let last = coords[coords.count - 1]
            if roll < 0.08 {
                coords.append(Geodesic.destination(from: last, bearingDeg: Double.random(in: 0..<360, using: &rng), distanceM: Double.random(in: 51...300, using: &rng)))
            } else if roll < 0.2 {
                coords.append(Geodesic.destination(from: last, bearingDeg: Double.random(in: 0..<360, using: &rng), distanceM: Double.random(in: 0...0.6, using: &rng)))
            } else {
                bearing += Double.random(in: -40...40, using: &rng)
                coords.append(Geodesic.destination(from: last, bearingDeg: bearing, distanceM: Double.random(in: 0.3...25, using: &rng)))
            }
        }
        let cleaned = RouteCleaner.clean(coords)
        let kept = cleaned.coords
        #expect(kept.first == coords.first)
        #expect(kept.count + cleaned.droppedTotal == coords.count)
        #expect(GeometryChecks.stepsM(kept).min()! >= 0.4999)
        for k in 1..<(kept.count - 1) {
            let baseM = Geodesic.distanceM(kept[k - 1], kept[k + 1])
            guard baseM <= 30 else { continue }
            let frame = PlanarFrame(around: [kept[k]])
            let offM = GeometryChecks.distanceToSegment(frame.xy(kept[k]), frame.xy(kept[k - 1]), frame.xy(kept[k + 1]))
            #expect(offM <= 50.01, "vertex \(k) is \(offM) m off its neighbours \(baseM) m apart")
        }
    }
}
