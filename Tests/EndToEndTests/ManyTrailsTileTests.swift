import Foundation
import Testing
import TestSupport

/// A region whose trails alone are too large to draw from GeoJSON draws them from vector tiles:
/// 50,000 short seeded trail lines over 4 km x 5 km of the White Mountains (about 9 MB of
/// trails.geojson, small contours) give a style over `map/tiles.pmtiles`, no
/// `style.geojson-size` warning, a pack `validate --strict` passes, and an independent reader
/// (PyPI `pmtiles` and `mapbox-vector-tile`, `TileReader`) reads every tile.
@Suite struct ManyTrailsTileTests {
    static func trailsGeoJSON(lines: Int, bbox: (w: Double, s: Double, e: Double, n: Double), seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        var features: [String] = []
        features.reserveCapacity(lines)
        for i in 0..<lines {
            let lon = Double.random(in: bbox.w...bbox.e, using: &random), lat = Double.random(in: bbox.s...bbox.n, using: &random)
            let coords = (0..<3).map { k in
                String(format: "[%.7f,%.7f]", lon + Double(k) * 0.0002, lat + Double(k) * 0.0001 * (i.isMultiple(of: 2) ? 1 : -1))
            }
            features.append(#"{"type":"Feature","properties":{"name":"Path \#(i)"},"geometry":{"type":"LineString","coordinates":[\#(coords.joined(separator: ","))]}}"#)
        }
        return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"
    }

    @Test func trailsTooLargeForGeoJSONGoIntoTheTiles() throws {
        let dir = TestData.scratchFolder("many-trails-tiles")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let trails = dir.appendingPathComponent("paths.geojson")
        try Self.trailsGeoJSON(lines: 50_000, bbox: (-71.30, 44.26, -71.25, 44.30), seed: 40)
            .write(to: trails, atomically: true, encoding: .utf8)
        let recipe = dir.appendingPathComponent("paths.json5")
        try """
        { id: "paths", name: "Paths", attribution: ["Elevation: SRTM, NASA/USGS (public domain)"],
          dem: ["\(RasterInputFixtures.whiteMountainsHGT)"], bbox: [-71.30, 44.26, -71.25, 44.30],
          trails: ["\(trails.path)"] }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe.path, "--out", root.path])
        #expect(b.status == 0, "\(b.stderr)")
        let region = root.appendingPathComponent("regions/paths")
        let trailBytes = try #require(try FileManager.default.attributesOfItem(atPath: region.appendingPathComponent("trails.geojson").path)[.size] as? NSNumber).intValue
        #expect(trailBytes > 5_000_000, "trails.geojson \(trailBytes) B")
        #expect(FileManager.default.fileExists(atPath: region.appendingPathComponent("map/tiles.pmtiles").path))
        #expect(!FileManager.default.fileExists(atPath: region.appendingPathComponent("contours.geojson").path))
        let style = try String(contentsOf: region.appendingPathComponent("style.json"), encoding: .utf8)
        #expect(style.contains("pmtiles://map/tiles.pmtiles") && !style.contains("\"trails.geojson\""))
        #expect(b.stderr.contains("contours, trails and POIs would make") && !b.stderr.contains("style.json draws"), "\(b.stderr)")
        let strict = try TestData.run(["validate", root.path, "--strict"])
        #expect(strict.status == 0, "\(strict.stdout)")
        try readBack(region.appendingPathComponent("map/tiles.pmtiles"), trailLines: 50_000, dropped: b.stderr.contains("dropped"))
    }

    /// The archive through the independent reader: every zoom's tiles, the layers and keys the
    /// style reads, tiles within the build's limit, and at the deepest zoom every trail line in
    /// some tile unless the build said tiles dropped features.
    func readBack(_ archive: URL, trailLines: Int, dropped: Bool) throws {
        let summary = try TileReader.read(archive)
        #expect(summary.tileType == "mvt" && summary.tileCompression == "gzip")
        #expect(summary.zoomTileCounts.keys.sorted() == Array(summary.minZoom...summary.maxZoom))
        #expect(summary.tileCount == summary.zoomTileCounts.values.reduce(0, +))
        #expect(summary.largestTileBytes < 500_000)
        #expect(summary.layers["trails"] == ["name"] && summary.layers["contours"] == ["ele", "index"])
        #expect(summary.layers["trail-names"] == ["name"])
        let deepest = summary.features[summary.maxZoom] ?? [:]
        if !dropped { #expect(deepest["trails"] ?? 0 >= trailLines, "\(deepest)") }
        #expect(summary.features.values.allSatisfy { ($0["trails"] ?? 0) > 0 }, "\(summary.features)")
    }
}
