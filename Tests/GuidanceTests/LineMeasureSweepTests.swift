import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// The fast paths of the walker-scale measures give the values of the plain ones, and the smoothed
/// bend line treats a sparse line and a dense copy of it alike.
struct LineMeasureSweepTests {
    /// A seeded wandering line near the White Mountains: `count` vertices 0.5 to `maxStepM` apart.
    static func wanderingLine(seed: UInt64, count: Int, maxStepM: Double) -> [LonLat] {
        var rng = SeededRandom(seed: seed)
        let k = WGS84.metresPerDegree(atLatDeg: 44.5)
        var p = LonLat(-71.4, 44.5), headingRad = 0.0
        var out = [p]
        for _ in 1..<count {
            headingRad += Double.random(in: -1.2...1.2, using: &rng)
            let stepM = Double.random(in: 0.5...maxStepM, using: &rng)
            p = LonLat(p.lon + stepM * sin(headingRad) / k.x, p.lat + stepM * cos(headingRad) / k.y)
            out.append(p)
        }
        return out
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func sweptPointsAndBendsEqualThePlainOnes(seed: UInt64) {
        let line = LineMeasure(Self.wanderingLine(seed: seed, count: 400, maxStepM: 12))
        var cursor = 0, back = 0, ahead = 0
        for k in line.coords.indices {
            for offsetM in [-60.0, -7.3, 0, 25, 100] {
                var c = cursor
                #expect(line.point(atM: line.cumM[k] + offsetM, from: &c) == line.point(atM: line.cumM[k] + offsetM))
            }
            _ = line.point(atM: line.cumM[k] - 50, from: &cursor)
            #expect(line.deviationDeg(at: k, windowM: 50, back: &back, ahead: &ahead) == line.deviationDeg(at: k, windowM: 50))
        }
    }

    @Test(arguments: [UInt64(6), 7, 8])
    func aPrefixMeasuresLikeTheWholeLineBeforeItsEnd(seed: UInt64) {
        let coords = Self.wanderingLine(seed: seed, count: 300, maxStepM: 10)
        let whole = LineMeasure(coords)
        let prefix = LineMeasure(coords, coveringM: 400)
        #expect(prefix.coords.count < coords.count)
        #expect(prefix.lengthM > 400)
        #expect(prefix.cumM == Array(whole.cumM[0..<prefix.cumM.count]))
        for d in stride(from: 0.0, to: 400, by: 3.7) {
            #expect(prefix.point(atM: d) == whole.point(atM: d))
        }
        for k in prefix.coords.indices where prefix.cumM[k] + 25 < prefix.lengthM {
            #expect(prefix.incomingBearingDeg(at: k, windowM: 25) == whole.incomingBearingDeg(at: k, windowM: 25))
            #expect(prefix.outgoingBearingDeg(at: k, windowM: 25) == whole.outgoingBearingDeg(at: k, windowM: 25))
        }
        #expect(LineMeasure(coords, coveringM: whole.lengthM + 1).cumM == whole.cumM)
    }

    /// A sparse line (vertices 20-40 m apart) and the same line with a vertex every metre: the
    /// smoothed positions at the sparse vertices agree to centimetres, and their 50 m bends (whose
    /// far ends fall between the sparse line's smoothed vertices) to within 10° on the same side.
    @Test(arguments: [UInt64(9), 10, 11])
    func aSparseLineAndADenseCopySmoothAlike(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let k = WGS84.metresPerDegree(atLatDeg: 44.5)
        var sparse = [LonLat(-71.4, 44.5)], headingRad = 0.0
        for _ in 0..<30 {
            headingRad += Double.random(in: -1.5...1.5, using: &rng)
            let stepM = Double.random(in: 20...40, using: &rng)
            let p = sparse[sparse.count - 1]
            sparse.append(LonLat(p.lon + stepM * sin(headingRad) / k.x, p.lat + stepM * cos(headingRad) / k.y))
        }
        var dense: [LonLat] = []
        var denseIndexOfSparse: [Int] = []
        for (a, b) in zip(sparse, sparse.dropFirst()) {
            denseIndexOfSparse.append(dense.count)
            let parts = Int(shortDistanceM(a, b).rounded(.up))
            for s in 0..<parts {
                let t = Double(s) / Double(parts)
                dense.append(LonLat(a.lon + t * (b.lon - a.lon), a.lat + t * (b.lat - a.lat)))
            }
        }
        denseIndexOfSparse.append(dense.count)
        dense.append(sparse[sparse.count - 1])
        let sparseLine = LineMeasure(sparse), denseLine = LineMeasure(dense)
        let sparseSmooth = WalkerBends.smoothed(sparseLine, tuning: .standard), denseSmooth = WalkerBends.smoothed(denseLine, tuning: .standard)
        var bendsCompared = 0
        for (s, d) in denseIndexOfSparse.enumerated() {
            #expect(shortDistanceM(sparseSmooth.coords[s], denseSmooth.coords[d]) < 0.05)
            guard sparseLine.cumM[s] >= 50, sparseLine.lengthM - sparseLine.cumM[s] >= 50,
                  let a = sparseSmooth.deviationDeg(at: s, windowM: 50), let b = denseSmooth.deviationDeg(at: d, windowM: 50) else { continue }
            #expect(abs(a - b) < 10, "bend \(a) on the sparse line, \(b) on the dense one")
            if abs(b) >= 20 { #expect((a > 0) == (b > 0)) }
            bendsCompared += 1
        }
        #expect(bendsCompared >= 10)
    }

    /// Smoothing keeps a corner's side and most of its size: a 90° corner between straight legs
    /// still bends more than 70° over 50 m, and a straight line stays straight.
    @Test func smoothingKeepsACornerAndAStraightLine() {
        let k = WGS84.metresPerDegree(atLatDeg: 44.5)
        let corner = (0...60).map { s -> LonLat in
            let m = Double(s) * 2.5  // north 75 m, then east 75 m
            return m <= 75 ? LonLat(-71.4, 44.5 + m / k.y) : LonLat(-71.4 + (m - 75) / k.x, 44.5 + 75 / k.y)
        }
        let smooth = WalkerBends.smoothed(LineMeasure(corner), tuning: .standard)
        let bend = smooth.deviationDeg(at: 30, windowM: 50) ?? 0
        #expect(bend > 70 && bend <= 90)
        let straight = WalkerBends.smoothed(LineMeasure((0...40).map { LonLat(-71.4, 44.5 + Double($0) * 3 / k.y) }), tuning: .standard)
        for i in 10...30 { #expect(abs(straight.deviationDeg(at: i, windowM: 50) ?? 99) < 1e-6) }
    }
}
