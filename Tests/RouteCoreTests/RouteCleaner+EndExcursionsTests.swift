import Foundation
import Testing
import TestSupport
import TrailpackCore
import RouteCore

/// Wandering at a recording's ends (to the car and back, a few steps while the device finds its
/// fix) is trimmed; the walk itself never is.
@Suite struct EndExcursionTests {
    typealias G = GPSArtifactTests

    /// A 1.5 km walk north-east at a fix every 1.3 m with 0.7 m of jitter, with `before` fixes
    /// drawn before it and `after` fixes after it.
    static func recording(before: [LonLat] = [], after: [LonLat] = [], seed: UInt64) -> (track: [LonLat], walk: [LonLat]) {
        var rng = SeededRandom(seed: seed)
        let walk = G.walk(bearingDeg: 40, lengthM: 1500, stepM: 1.3)
        return ((before + walk + after).map { G.jitter($0, sigmaM: 0.7, &rng) }, walk)
    }

    /// Out from `from` along `bearingDeg` for `outM` and back 4 m to the right of the way out (GPS
    /// drift; an exact retrace crosses itself and goes as loops), fixes every 1.3 m.
    static func outAndBack(from: LonLat, bearingDeg: Double, outM: Double) -> [LonLat] {
        let out = G.walk(from: from, bearingDeg: bearingDeg, lengthM: outM, stepM: 1.3)
        return out + out.reversed().dropFirst().map { Geodesic.destination(from: $0, bearingDeg: bearingDeg - 90, distanceM: 4) }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func thirtyMetresToTheCarAndBackAtTheStartAreTrimmed(seed: UInt64) {
        let car = Self.outAndBack(from: G.start, bearingDeg: 250, outM: 30)
        let (track, walk) = Self.recording(before: Array(car.dropLast()), seed: seed)
        let cleaned = RouteCleaner.clean(track)
        let trims = cleaned.edits.filter { $0.kind == .startExcursion }
        #expect(trims.count == 1, "\(cleaned.edits.map(\.description))")
        #expect(cleaned.coords.first == track.first, "the first fix stays")
        // Nothing of the walk went: every kept point lies along it, and it still runs 1.5 km.
        let farthestBack = cleaned.coords.map { Geodesic.distanceM(walk[0], $0) }.max()!
        #expect(farthestBack > 1495)
        #expect(cleaned.coords.dropFirst().allSatisfy { Geodesic.distanceM(walk[0], $0) < 3 || Geodesic.bearingDeg(walk[0], $0).isAlong(40) },
                "a point of the excursion survived")
        let t = trims[0]
        #expect(t.firstIndex <= 3 && t.lastIndex >= car.count - 14 && t.lastIndex < car.count + 8, "\(t.description), car \(car.count)")
        #expect(abs(t.sizeM - 30) < 3 && t.lengthRemovedM > 50 && t.lengthRemovedM < 110, "\(t.description)")
        #expect(cleaned.coords.count + cleaned.droppedTotal == track.count)
    }

    @Test func aWalkBackAndForthAtTheCarAtTheEndIsTrimmedWhole() {
        let end = G.walk(bearingDeg: 40, lengthM: 1500, stepM: 1.3).last!
        let wander = Self.outAndBack(from: end, bearingDeg: 300, outM: 25) + Self.outAndBack(from: end, bearingDeg: 170, outM: 40).dropFirst()
        let (track, _) = Self.recording(after: Array(wander.dropFirst()), seed: 7)
        let cleaned = RouteCleaner.clean(track)
        let trims = cleaned.edits.filter { $0.kind == .endExcursion }
        #expect(trims.count >= 1 && trims.count <= 2, "\(cleaned.edits.map(\.description))")
        #expect(cleaned.coords.last == track.last, "the last fix stays")
        let reach = cleaned.coords.suffix(40).map { Geodesic.distanceM(end, $0) }
        #expect(reach.dropLast().allSatisfy { $0 < 3 } || cleaned.coords.suffix(40).dropLast().allSatisfy { Geodesic.bearingDeg(end, $0).isAlong(220) },
                "the wander survived: \(reach)")
        #expect(trims.reduce(0) { $0 + $1.lengthRemovedM } > 100)
    }

    /// What is not wandering at an end stays: a spur of 70 m (a viewpoint, 140 m there and
    /// back), a start that never returns, an out-and-back hike, a short walk.
    @Test func longerExcursionsAndTheWalkItselfStay() {
        let spur = Self.outAndBack(from: G.start, bearingDeg: 250, outM: 70)
        func trimmed(_ track: [LonLat]) -> [String] {
            RouteCleaner.clean(track).edits.filter { $0.kind == .startExcursion || $0.kind == .endExcursion }.map(\.description)
        }
        #expect(trimmed(Self.recording(before: Array(spur.dropLast()), seed: 11).track).isEmpty)
        #expect(trimmed(Self.recording(seed: 12).track).isEmpty)
        var rng = SeededRandom(seed: 13)
        let hike = Self.outAndBack(from: G.start, bearingDeg: 10, outM: 800).map { G.jitter($0, sigmaM: 0.7, &rng) }
        #expect(trimmed(hike).isEmpty)
        // 30 m to the car and back before a 400 m walk: too little would remain to tell.
        let car = Self.outAndBack(from: G.start, bearingDeg: 250, outM: 30)
        let short = (car.dropLast() + G.walk(bearingDeg: 40, lengthM: 400, stepM: 1.3)).map { G.jitter($0, sigmaM: 0.7, &rng) }
        #expect(trimmed(short).isEmpty)
    }
}

extension Double {
    /// True when this bearing (degrees) is within 20 degrees of `bearingDeg`.
    fileprivate func isAlong(_ bearingDeg: Double) -> Bool {
        abs((self - bearingDeg + 540).truncatingRemainder(dividingBy: 360) - 180) < 20
    }
}
