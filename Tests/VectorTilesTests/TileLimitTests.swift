import Foundation
import Testing
import TrailpackCore
@testable import VectorTiles

@Suite struct TileLimitTests {
    static let frame = UnitFrame(zoom: 10)

    /// `count` parallel wavy lines in tile (0, 0) of zoom 10: about 200 vertices each at the
    /// tolerance of 1 unit, 2 each from 8 units up (the waves are 3 units high).
    static func waves(_ count: Int, dropRank: (Int) -> Int?) -> [TileFeature] {
        (0..<count).map { n in
            let line = (0...400).map { (k: Int) -> WorldPoint in
                let x: Double = 40 + Double(k) * 10, y: Double = 100 + Double(n) * 30 + 3 * sin(Double(k))
                return frame.world(x, y)
            }
            return TileFeature(geometry: .lines([line]), properties: [("n", .int(Int64(n)))], dropRank: dropRank(n))
        }
    }

    static func tile(_ features: [TileFeature], maxBytes: Int = 500_000, maxFeatures: Int = 200_000) throws -> Tileset {
        var options = TilingOptions(minZoom: 10, maxZoom: 10)
        options.maxBytesPerTile = maxBytes
        options.maxFeaturesPerTile = maxFeatures
        return try Tiler.tile(layers: [TileLayer(name: "waves", features: features, toleranceUnits: { _ in 1 })], options: options)
    }

    @Test func aTileOverTheByteLimitIsResimplifiedAndReported() throws {
        let features = Self.waves(20, dropRank: { _ in nil })
        let unlimited = try Self.tile(features)
        let full = try #require(unlimited.tiles.first).bytes.count
        #expect(unlimited.limitEvents.isEmpty && full > 5_000)
        let limited = try Self.tile(features, maxBytes: full / 4)
        let event = try #require(limited.limitEvents.first)
        #expect(limited.limitEvents.count == 1)
        #expect(event.tile == TileID(z: 10, x: 0, y: 0) && event.exceeded == [.bytes])
        #expect(event.bytesBefore == full && event.featuresBefore == 20)
        #expect(event.toleranceFactor > 1 && event.dropped.isEmpty && event.fits)
        #expect(event.bytesAfter <= full / 4 && event.bytesAfter == limited.tiles[0].bytes.count)
        let decoded = try MVTDecoder.decode(limited.tiles[0].bytes)
        #expect(decoded[0].features.count == 20)
        #expect(event.description.contains("re-simplified at \(Int(event.toleranceFactor))x tolerance"))
    }

    @Test func stillTooBigItDropsTheHighestRanksFromTheEndAndSaysWhich() throws {
        // Ranks: every third line is kept (nil); the others rank 1, or 2 for even n.
        let features = Self.waves(30, dropRank: { $0 % 3 == 0 ? nil : ($0 % 2 == 0 ? 2 : 1) })
        let limited = try Self.tile(features, maxBytes: 600)
        let event = try #require(limited.limitEvents.first)
        #expect(event.toleranceFactor == 8 && event.fits && event.bytesAfter <= 600)
        let kept = try MVTDecoder.decode(limited.tiles[0].bytes)[0].features.compactMap { feature -> Int? in
            if case .int(let n)? = feature.property("n") { return Int(n) }
            return nil
        }
        #expect(event.dropped.map(\.layer) == ["waves"] && event.droppedFeatures == 30 - kept.count)
        let dropped = Set(0..<30).subtracting(kept)
        // Rank 2 goes before any rank 1, the last first; never an unranked line.
        #expect(dropped.allSatisfy { $0 % 3 != 0 })
        let rank1Dropped = dropped.filter { $0 % 2 == 1 }
        if !rank1Dropped.isEmpty { #expect(dropped.filter { $0 % 2 == 0 }.count == (0..<30).filter { $0 % 3 != 0 && $0 % 2 == 0 }.count) }
        #expect(kept == kept.sorted())
    }

    @Test func aTileThatCannotFitIsWrittenAndReportedAsOverItsLimit() throws {
        let limited = try Self.tile(Self.waves(10, dropRank: { _ in nil }), maxBytes: 100, maxFeatures: 5)
        let event = try #require(limited.limitEvents.first)
        #expect(event.exceeded == [.bytes, .features] && !event.fits && event.featuresAfter == 10)
        #expect(event.description.hasSuffix("still over the limit"))
        #expect(try MVTDecoder.decode(limited.tiles[0].bytes)[0].features.count == 10)
    }

    @Test func aTileWhoseEveryFeatureIsDroppedIsLeftOutButReported() throws {
        let limited = try Self.tile(Self.waves(3, dropRank: { _ in 1 }), maxBytes: 1)
        #expect(limited.tiles.isEmpty && limited.zooms.first?.tiles == 0)
        let event = try #require(limited.limitEvents.first)
        #expect(event.featuresAfter == 0 && event.bytesAfter == 0 && event.fits && event.droppedFeatures == 3)
    }

    @Test func theFeatureLimitDropsJustEnoughFeatures() throws {
        let limited = try Self.tile(Self.waves(12, dropRank: { _ in 0 }), maxFeatures: 9)
        let event = try #require(limited.limitEvents.first)
        #expect(event.exceeded == [.features] && event.fits && event.featuresAfter == 9 && event.droppedFeatures == 3)
        let kept = try MVTDecoder.decode(limited.tiles[0].bytes)[0].features.map { $0.property("n") }
        #expect(kept == (0..<9).map { .int(Int64($0)) })
    }

    /// Twelve straight lines of rank 0 whose lengths (hundreds of units) are not in input order:
    /// line n spans `(n * 5) % 12 + 1` hundred units, but lines 0 and 5 are both the shortest.
    static func lines() -> [TileFeature] {
        (0..<12).map { n in
            let hundreds = n == 5 ? 1 : (n * 5) % 12 + 1
            let y = 100 + Double(n) * 30
            return TileFeature(geometry: .lines([[frame.world(40, y), frame.world(40 + 100 * Double(hundreds), y)]]),
                               properties: [("n", .int(Int64(n)))], dropRank: 0)
        }
    }

    @Test func amongEqualRanksTheShortestInTheTileGoFirstAndTiesTheLater() throws {
        func kept(maxFeatures: Int) throws -> Set<Int> {
            let limited = try Self.tile(Self.lines(), maxFeatures: maxFeatures)
            #expect(limited.limitEvents.first?.droppedFeatures == 12 - maxFeatures)
            return Set(try MVTDecoder.decode(limited.tiles[0].bytes)[0].features.compactMap { feature -> Int? in
                if case .int(let n)? = feature.property("n") { return Int(n) }
                return nil
            })
        }
        // Lengths by n: 1, 6, 11, 4, 9, 1, 7, 12, 5, 10, 3, 8 hundred units.
        #expect(try kept(maxFeatures: 9) == Set(0..<12).subtracting([0, 5, 10]))
        // Lines 0 and 5 tie for the shortest: the later goes first.
        #expect(try kept(maxFeatures: 11) == Set(0..<12).subtracting([5]))
        #expect(try kept(maxFeatures: 10) == Set(0..<12).subtracting([0, 5]))
    }
}
