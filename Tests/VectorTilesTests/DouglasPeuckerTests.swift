import Foundation
import Testing
import TrailpackCore
@testable import VectorTiles

@Suite struct DouglasPeuckerTests {
    /// Textbook recursive Douglas–Peucker (split at the farthest vertex while it is farther
    /// than the tolerance), the reference the one-pass ranking must match.
    static func reference(_ line: [(x: Double, y: Double)], tolerance: Double) -> [Int] {
        var kept: Set<Int> = [0, line.count - 1]
        func recurse(_ first: Int, _ last: Int) {
            guard last - first >= 2 else { return }
            var best = first + 1, bestDistance = -1.0
            for index in first + 1..<last {
                let d = distance(line[index], toSegment: line[first], line[last])
                if d > bestDistance { (best, bestDistance) = (index, d) }
            }
            guard bestDistance > tolerance else { return }
            kept.insert(best)
            recurse(first, best)
            recurse(best, last)
        }
        recurse(0, line.count - 1)
        return kept.sorted()
    }

    static func randomLines() -> [[(x: Double, y: Double)]] {
        var random = SplitMix64(seed: 11)
        var lines = (0..<40).map { _ in UnitFrame.randomLine(&random, from: (0, 0), count: 3 + Int(random.unit() * 400), step: 1 + 30 * random.unit()) }
        lines.append((0..<50).map { (x: Double($0), y: 0.0) })                              // straight
        lines.append((0...64).map { (k: Int) -> (x: Double, y: Double) in                 // closed ring
            let angle = Double(k) / 64 * 2 * Double.pi
            return (100 * cos(angle), 100 * sin(angle))
        })
        return lines
    }

    @Test func keepsBothEndsAndNeverMovesTheLineMoreThanTheTolerance() {
        for line in Self.randomLines() {
            for tolerance in [0.5, 2, 10, 50] {
                let kept = DouglasPeucker.kept(line.map { WorldPoint(x: $0.x, y: $0.y) }, tolerance: tolerance)
                #expect(kept.first == 0 && kept.last == line.count - 1)
                for (a, b) in zip(kept, kept.dropFirst()) {
                    for index in a...b {
                        #expect(distance(line[index], toSegment: line[a], line[b]) <= tolerance + 1e-9)
                    }
                }
            }
        }
    }

    @Test func keepsExactlyWhatRecursiveDouglasPeuckerKeepsAtEveryTolerance() {
        for line in Self.randomLines() {
            let importance = DouglasPeucker.squaredImportance(of: line.map { WorldPoint(x: $0.x, y: $0.y) })
            for tolerance in [0.3, 1, 4, 16, 64] {
                let kept = importance.indices.filter { importance[$0] > tolerance * tolerance }
                #expect(kept == Self.reference(line, tolerance: tolerance), "tolerance \(tolerance), \(line.count) points")
            }
        }
    }

    @Test func aFloorStopsTheRankingWithoutChangingWhatAnyToleranceAboveItKeeps() {
        for line in Self.randomLines() {
            let points = line.map { WorldPoint(x: $0.x, y: $0.y) }
            let full = DouglasPeucker.squaredImportance(of: points)
            let floored = DouglasPeucker.squaredImportance(of: points, floorSquared: 4)
            for tolerance in [2.0, 3, 10] {
                #expect(full.indices.filter { full[$0] > tolerance * tolerance } == floored.indices.filter { floored[$0] > tolerance * tolerance })
            }
        }
    }

    /// Through the tiler: a wiggly line simplified at 8 units stays within 8 units (plus the
    /// rounding to whole units) and keeps its ends; a ring smaller than the tolerance vanishes.
    @Test func tilesSimplifyInTileUnitsAndDropCollapsedLines() throws {
        let frame = UnitFrame(zoom: 9)
        let wiggle = (0...400).map { (k: Int) -> (x: Double, y: Double) in (100 + Double(k) * 9, 2000 + 30 * sin(Double(k) / 3)) }
        let ring = (0...16).map { (k: Int) -> (x: Double, y: Double) in
            let angle = Double(k) / 8 * Double.pi
            return (500 + 2 * cos(angle), 500 + 2 * sin(angle))
        }
        let tileset = try Tiler.tile(layers: [lineLayer([wiggle, ring], frame: frame, tolerance: 8)], options: TilingOptions(minZoom: 9, maxZoom: 9))
        let features = try #require(try decodedTiles(tileset).first).layers[0].features
        #expect(features.count == 1)
        let simplified = features[0].geometry[0].map { (x: Double($0.x), y: Double($0.y)) }
        #expect(simplified.count < wiggle.count / 2)
        #expect(simplified.first!.x == 100 && simplified.first!.y == 2000)
        #expect(simplified.last!.x == 3700 && simplified.last!.y == 2000 + (30 * sin(400.0 / 3)).rounded())
        for point in wiggle { #expect(distance(point, toLines: [simplified]) <= 8 + 0.75) }
    }
}
