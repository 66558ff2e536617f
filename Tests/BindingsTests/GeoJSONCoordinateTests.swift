@testable import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

/// GeoJSON coordinates are written exactly to 7 decimals: OGR's `COORDINATE_PRECISION` took
/// endings like ...0000002 or ...9999999 for float noise and wrote -71.6000002 as -71.6, so a
/// route's feature in trails.geojson left the route's own line (`route.trail-feature`).
@Suite struct GeoJSONCoordinateTests {
    /// Seeded 7-decimal coordinates, half of them ending in a run of zeros or nines.
    static func coordinates(_ count: Int, seed: UInt64) -> [LonLat] {
        var rng = SeededRandom(seed: seed)
        func value(_ range: ClosedRange<Double>) -> Double {
            let base = (Double.random(in: range, using: &rng) * 10).rounded() / 10
            let tail = [1, 2, 9, 99, 999_999, 9_999_999, 1_000_001, Int.random(in: 0..<10_000_000, using: &rng)].randomElement(using: &rng)!
            let v = ((base + Double(tail) * 1e-7 * (Bool.random(using: &rng) ? 1 : -1)) * 1e7).rounded() / 1e7
            return min(max(v, range.lowerBound), range.upperBound)
        }
        return (0..<count).map { _ in LonLat(value(-179.9...179.9), value(-89.9...89.9)) }
    }

    @Test func sevenDecimalCoordinatesComeBackExactly() throws {
        let line = Self.coordinates(5000, seed: 7) + [LonLat(-71.6000002, 44.5359229), LonLat(-71.5999999, 44.5000001)]
        let path = TestData.scratchFolder("geojson-coords").appendingPathComponent("line.geojson").path
        try GeoJSONWriter.write(path: path, layerName: "layer", fields: [], features: [
            GeoJSONFeature(geometry: .lineString(line), values: []), GeoJSONFeature(geometry: .point(line[line.count - 1]), values: []),
        ])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(doc["crs"] == nil && doc["name"] == nil)
        let features = try #require(doc["features"] as? [[String: Any]])
        let written = ((features[0]["geometry"] as! [String: Any])["coordinates"] as! [[Double]]).map { LonLat($0[0], $0[1]) }
        #expect(written.count == line.count)
        let changed = zip(line, written).filter { $0 != $1 }
        #expect(changed.isEmpty, "\(changed.count) changed, e.g. \(changed.prefix(3))")
        let point = (features[1]["geometry"] as! [String: Any])["coordinates"] as! [Double]
        #expect(LonLat(point[0], point[1]) == line[line.count - 1])
    }

    @Test func moreDecimalsAreRoundedToSeven() throws {
        let path = TestData.scratchFolder("geojson-round").appendingPathComponent("p.geojson").path
        try GeoJSONWriter.write(path: path, layerName: "layer", fields: [], features: [
            GeoJSONFeature(geometry: .point(LonLat(-71.123456749, 44.987654351)), values: []),
        ])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("[ -71.1234567, 44.9876544 ]"), "\(text)")
    }
}
