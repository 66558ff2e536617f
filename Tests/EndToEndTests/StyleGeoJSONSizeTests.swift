import Foundation
import Testing
import TestSupport

/// A style drawing more GeoJSON than a phone draws well (`style.geojson-size`, 20 MB): raising
/// `map.vectorTilesAboveMB` to its maximum keeps 1 m contours over 13 km x 20 km of the White
/// Mountains as GeoJSON; the build warns, `validate` passes and `validate --strict` fails.
@Suite struct StyleGeoJSONSizeTests {
    @Test func aStyleDrawingTooMuchGeoJSONIsAWarningAndFailsStrict() throws {
        let dir = TestData.scratchFolder("style-geojson-size")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let recipe = dir.appendingPathComponent("heavy.json5")
        try """
        { id: "heavy", name: "Heavy", attribution: ["Elevation: SRTM, NASA/USGS (public domain)"],
          dem: ["\(RasterInputFixtures.whiteMountainsHGT)"], bbox: [-71.46, 44.45, -71.22, 44.68],
          terrain: { contourIntervalM: 1 }, map: { vectorTilesAboveMB: 10000 } }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe.path, "--out", root.path])
        #expect(b.status == 0, "\(b.stderr)")
        let contours = try #require(try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("regions/heavy/contours.geojson").path)[.size] as? NSNumber).doubleValue
        #expect(contours > 20e6, "\(contours) bytes of contours")
        let warning = try #require(b.stderr.firstMatch(of: /warning: map: style.json draws ([0-9.]+) MB of GeoJSON \(contours.geojson ([0-9.]+) MB, .*over 20 MB/), "\(b.stderr)")
        #expect(abs(Double(warning.2)! - contours / 1e6) < 0.06, "\(warning.0)")
        let plain = try TestData.run(["validate", root.path])
        #expect(plain.status == 0, "\(plain.stdout)")
        let strict = try TestData.run(["validate", root.path, "--strict"])
        #expect(strict.status == 1 && strict.stdout.contains("[style.geojson-size]") && strict.stdout.contains("0 error(s), 1 warning(s)"), "\(strict.stdout)")
    }
}
