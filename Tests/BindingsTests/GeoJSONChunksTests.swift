@testable import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

/// GeoJSON encoded in parallel chunks against OGR's single pass, and hashing while writing.
@Suite struct GeoJSONChunksTests {
    static let fields = [GeoJSONField("name", .string), GeoJSONField("ele", .real), GeoJSONField("n", .integer), GeoJSONField("index", .boolean)]

    /// Seeded features of every kind the packs write: lines, multi-lines and points, names with
    /// quotes and non-ASCII letters, nulls and missing values.
    static func features(_ count: Int, seed: UInt64) -> [GeoJSONFeature] {
        var rng = SeededRandom(seed: seed)
        let names = ["Mount Cabot", "Lac \"Noir\"", "Škrlatica", "北岳", "a\\b"]
        return (0..<count).map { k in
            let start = LonLat(Double.random(in: -180...179, using: &rng), Double.random(in: -80...80, using: &rng))
            let line = (0..<Int.random(in: 2...40, using: &rng)).map { i in
                LonLat(start.lon + Double(i) * 1e-4 + Double.random(in: 0..<1e-5, using: &rng), start.lat + Double.random(in: -1e-3...1e-3, using: &rng))
            }
            let geometry: VectorGeometry = switch k % 3 {
            case 0: .lineString(line)
            case 1: .multiLineString([line, line.reversed()])
            default: .point(start)
            }
            return GeoJSONFeature(geometry: geometry, values: [
                k % 7 == 0 ? .null : .string(names[k % names.count]), .real(Double(Int.random(in: -400...8000, using: &rng)) / 4),
                k % 5 == 0 ? nil : .integer(k), .boolean(k % 2 == 0),
            ])
        }
    }

    func onePass(_ features: [GeoJSONFeature]) throws -> Data {
        let path = TestData.scratchFolder("geojson").appendingPathComponent("one.geojson").path
        try GeoJSONWriter.write(path: path, layerName: "layer", fields: Self.fields, features: features)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func chunked(_ features: [GeoJSONFeature], chunkSize: Int) throws -> (Data, parts: Int) {
        try GeoJSONWriter.withEncodedInParallel(layerName: "layer", fields: Self.fields, count: features.count,
                                                chunkSize: chunkSize, feature: { features[$0] }) { parts in
            (parts.reduce(into: Data()) { $0.append(contentsOf: $1) }, parts.count)
        }
    }

    @Test func theDefaultChunksKeepEveryCoreBusyAndJoinToOnePass() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(GeoJSONWriter.defaultChunkSize(count: 1836) == (1836 + 4 * cores - 1) / (4 * cores))
        #expect(GeoJSONWriter.defaultChunkSize(count: 3) == 1)
        #expect(GeoJSONWriter.defaultChunkSize(count: 1_000_000) == 2000)
        let features = Self.features(300, seed: 7)
        let joined = try GeoJSONWriter.withEncodedInParallel(layerName: "layer", fields: Self.fields, count: features.count,
                                                             feature: { features[$0] }) { parts in
            (parts.reduce(into: Data()) { $0.append(contentsOf: $1) }, parts.count)
        }
        #expect(joined.0 == (try onePass(features)))
        #expect(joined.1 > 2)
    }

    @Test(arguments: [(0, 3), (1, 3), (2, 1), (3, 3), (1000, 7), (1000, 1000), (1001, 1000), (5000, 333)])
    func chunksJoinToTheBytesOfOnePass(count: Int, chunkSize: Int) throws {
        let features = Self.features(count, seed: UInt64(count * 31 + chunkSize))
        let expected = try onePass(features)
        let (joined, parts) = try chunked(features, chunkSize: chunkSize)
        #expect(joined == expected, "\(count) features in chunks of \(chunkSize)")
        // More than one chunk really ran in parallel pieces: header, texts, separators, footer.
        let chunks = (count + chunkSize - 1) / chunkSize
        #expect(parts == (chunks > 1 ? 2 * chunks + 1 : 1))
    }

    @Test func hashingWhileWritingGivesTheFileAndItsDigest() throws {
        var rng = SeededRandom(seed: 15)
        let a = (0..<3_000_001).map { _ in UInt8.random(in: 0...255, using: &rng) }, b: [UInt8] = [], c = Array("tail".utf8)
        let path = TestData.scratchFolder("sha").appendingPathComponent("f.bin").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        let digest = try a.withUnsafeBytes { pa in try b.withUnsafeBytes { pb in try c.withUnsafeBytes { pc in try SHA256.write([pa, pb, pc], to: fd) } } }
        close(fd)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == a + b + c)
        #expect(digest == SHA256.hex(of: a + b + c))
        #expect(digest == (try SHA256.hex(ofFile: path)))
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
