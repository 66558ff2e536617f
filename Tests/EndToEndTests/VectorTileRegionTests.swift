import Foundation
import PackJSON
import Testing
import TestSupport
import TrailpackCore

/// Regions whose map draws from `map/tiles.pmtiles` (SPEC `style.json and map/`), built by the
/// binary: contours kept once (in the tiles), an independent reader (PyPI `pmtiles` and
/// `mapbox-vector-tile`) agreeing on every tile, `validate --strict --dem` passing, and the
/// same bytes twice and at 1 and 2 tiling threads.
@Suite(.serialized) struct VectorTileRegionTests {
    /// The demo recipe with `map.vectorTilesAboveMB: 0` (its data paths made absolute).
    static func demoWithTiles() throws -> URL {
        let text = try TestData.recipeText("pliny-kilkenny")
            .replacingOccurrences(of: "terrain: { resolutionM: 30 },", with: "terrain: { resolutionM: 30 },\n  map: { vectorTilesAboveMB: 0 },")
        guard text.contains("vectorTilesAboveMB: 0") else { throw CocoaError(.fileReadCorruptFile) }
        let recipe = TestData.scratchFolder("tiles-recipe").appendingPathComponent("pliny-kilkenny.json5")
        try text.write(to: recipe, atomically: true, encoding: .utf8)
        return recipe
    }

    /// The whole N44W072 tile at 90 m with 20 m contours and the demo's trails: a big region
    /// (zooms 7-14) that builds in seconds.
    static func wholeTile() throws -> URL {
        let recipe = TestData.scratchFolder("tiles-whole").appendingPathComponent("whole-tile.json5")
        try """
        {
          id: "whole-tile", name: "N44W072", attribution: ["SRTM (public domain); © OpenStreetMap contributors"],
          bbox: [-71.999, 44.001, -71.001, 44.999], dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["\(TestData.path("white-mountains/wmnf-pliney.geojson"))"],
          pois: [{ name: "Mount Cabot", kind: "summit", lon: -71.4141, lat: 44.5059 }],
          terrain: { resolutionM: 90, contourIntervalM: 20 },
          sizeBudgetMB: 1000,
        }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        return recipe
    }

    /// The demo with tiles built once with 2 tiling threads, shared by the tests that read it.
    static let demoBuild: Result<URL, any Error> = Result { try build(try demoWithTiles(), threads: 2, label: "tiles-demo") }

    /// Builds `recipe` into a fresh pack root with `threads` tiling threads; the region folder.
    static func build(_ recipe: URL, threads: Int, label: String) throws -> URL {
        let root = TestData.scratchFolder(label)
        let run = try TestData.run(["build", recipe.path, "--out", root.path, "--quiet"], environment: ["TRAILPACK_TILE_THREADS": "\(threads)"])
        #expect(run.status == 0, "\(run.stderr)")
        let id = recipe.deletingPathExtension().lastPathComponent
        return root.appendingPathComponent("regions/\(id)")
    }

    @Test func theDemoWithTilesKeepsItsContoursOnceAndPassesStrictValidationWithItsDEM() throws {
        let region = try Self.demoBuild.get()
        let fm = FileManager.default
        #expect(!fm.fileExists(atPath: region.appendingPathComponent("contours.geojson").path))
        #expect(fm.fileExists(atPath: region.appendingPathComponent("map/tiles.pmtiles").path))
        let manifest = try JSONParser.parse([UInt8](try Data(contentsOf: region.appendingPathComponent("manifest.json"))))
        let contours = try manifest.member("files").member("contours")
        #expect(try contours.member("tiles").string() == "map/tiles.pmtiles")
        #expect(try contours.member("layer").string() == "contours")
        #expect(contours["path"] == nil && contours["sha256"] == nil)
        let validate = try TestData.run(["validate", region.path, "--strict", "--dem", TestData.path("white-mountains/N44W072.hgt"), "--json"])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        // The DEM comparison read the tiles' contours: thousands of vertices, within the limit.
        let figures = try JSONParser.parse(Array(validate.stdout.utf8)).member("figures").array()
        func figure(_ name: String) throws -> Double? {
            try figures.first { try $0.member("rule").string() == "dem.contours" && $0.member("name").string() == name
                && $0.member("file").string().hasSuffix("map/tiles.pmtiles") }.map { try $0.member("value").double() }
        }
        #expect(try figure("verticesCompared") ?? 0 > 10_000, "\(validate.stdout.prefix(2000))")
        #expect(try figure("verticesOutsideGrid") == 0)
        #expect(try figure("worstM") ?? 1 <= 0.1)
    }

    @Test func anIndependentReaderReadsEveryTileWithTheStylesLayersAndProperties() throws {
        let region = try Self.demoBuild.get()
        let summary = try TileReader.read(region.appendingPathComponent("map/tiles.pmtiles"))
        let bbox = BBox(west: -71.50, south: 44.40, east: -71.22, north: 44.66)
        #expect(summary.minZoom == WebMercator.fitZoom(bbox, screenPx: 360) && summary.maxZoom == 14)
        #expect(summary.tileType == "mvt" && summary.tileCompression == "gzip")
        #expect(Set(summary.layers.keys) == ["contours", "trails", "pois", "trail-names"])
        #expect(summary.layers["contours"] == ["ele", "index"])
        #expect(summary.layers["pois"] == ["ele", "kind", "name"])
        #expect(summary.layers["trails"] == ["name", "routeId"])
        #expect(summary.largestTileBytes < 500_000)
        #expect(summary.zoomTileCounts.keys.sorted() == Array(summary.minZoom...summary.maxZoom))
        #expect(summary.tileCount == summary.zoomTileCounts.values.reduce(0, +))
    }

    @Test func theDemoWithTilesIsByteIdenticalTwiceAndAtOneAndTwoThreads() throws {
        let recipe = try Self.demoWithTiles()
        let one = TestData.tree(try Self.build(recipe, threads: 1, label: "tiles-det-1"))
        let two = TestData.tree(try Self.demoBuild.get())
        let again = TestData.tree(try Self.build(recipe, threads: 2, label: "tiles-det-2"))
        #expect(one.keys.contains("map/tiles.pmtiles"))
        #expect(one == two)
        #expect(two == again)
    }

    @Test func aWholeDEMTileIsByteIdenticalAtOneAndTwoThreadsAndValid() throws {
        let recipe = try Self.wholeTile()
        let oneRegion = try Self.build(recipe, threads: 1, label: "tiles-whole-1")
        let one = TestData.tree(oneRegion)
        let two = TestData.tree(try Self.build(recipe, threads: 2, label: "tiles-whole-2"))
        #expect(one == two)
        #expect(one["contours.geojson"] == nil)
        let summary = try TileReader.read(oneRegion.appendingPathComponent("map/tiles.pmtiles"))
        #expect(summary.minZoom == 7 && summary.maxZoom == 14)
        #expect(TestData.strictValidationFailure(oneRegion) == nil)
    }
}

/// `scripts/read_tiles.py` (PyPI `pmtiles` and `mapbox-vector-tile` in `.venv`): what an
/// independent reader finds in an archive.
enum TileReader {
    struct Summary {
        var minZoom: Int
        var maxZoom: Int
        var tileType: String
        var tileCompression: String
        var tileCount: Int
        var largestTileBytes: Int
        var zoomTileCounts: [Int: Int]
        /// Every layer any tile holds, with the union of its features' property keys.
        var layers: [String: Set<String>]
        /// Per zoom, per layer, the features its tiles hold (a line in several tiles counts in each).
        var features: [Int: [String: Int]] = [:]
    }

    static func read(_ archive: URL) throws -> Summary {
        let python = TestData.repoRoot.appendingPathComponent(".venv/bin/python")
        let script = TestData.repoRoot.appendingPathComponent("scripts/read_tiles.py")
        let (status, out, err) = try TestData.runProcess(python, [script.path, archive.path])
        guard status == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: ["stderr": String(decoding: err, as: UTF8.self)]) }
        let root = try JSONParser.parse([UInt8](out))
        let header = try root.member("header")
        var layers: [String: Set<String>] = [:], features: [Int: [String: Int]] = [:], count = 0
        for tile in try root.member("tiles").array() {
            count += 1
            let z = try tile.member("z").int()
            for layer in try tile.member("layers").children {
                let keys = try layer.member("keys").array().map { try $0.string() }
                layers[layer.key ?? "", default: []].formUnion(keys)
                features[z, default: [:]][layer.key ?? "", default: 0] += try layer.member("features").int()
            }
        }
        var zooms: [Int: Int] = [:]
        for member in try root.member("zooms").children { zooms[Int(member.key ?? "") ?? -1] = try member.member("tiles").int() }
        return Summary(minZoom: try header.member("min_zoom").int(), maxZoom: try header.member("max_zoom").int(),
                       tileType: try header.member("tile_type").string(), tileCompression: try header.member("tile_compression").string(),
                       tileCount: count, largestTileBytes: try root.member("largestTileBytes").int(), zoomTileCounts: zooms, layers: layers,
                       features: features)
    }
}
