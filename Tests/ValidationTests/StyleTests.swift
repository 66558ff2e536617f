import Foundation
import Glyphs
import PackJSON
import Pipeline
import TestSupport
import Testing
import Validation

/// The demo recipe with `map.vectorTilesAboveMB: 0`: contours, trails and POIs drawn from
/// `map/tiles.pmtiles` (the contours kept there only), built once per test run.
enum VectorTilePack {
    static let regionId = DemoPack.regionId

    private static let built: Result<URL, any Error> = Result {
        let dir = TestData.scratchFolder("validation-vector-tiles")
        let text = try TestData.recipeText("pliny-kilkenny")
            .replacingOccurrences(of: "terrain: { resolutionM: 30 },", with: "terrain: { resolutionM: 30 },\n  map: { vectorTilesAboveMB: 0 },")
        guard text.contains("vectorTilesAboveMB: 0") else { throw CocoaError(.fileReadCorruptFile) }
        let recipe = dir.appendingPathComponent("pliny-kilkenny.json5")
        try text.write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipe.path, outRoot: root.path)
        return root
    }

    static func root() throws -> URL { try built.get() }

    static func copy() throws -> PackEditor { try PackEditor.copy(try root(), regionId: regionId) }
}

private let demoRegion = "regions/\(DemoPack.regionId)/"
private let style = demoRegion + "style.json"
private let manifest = demoRegion + "manifest.json"
private let glyphFile = "map/glyphs/DejaVuSans/0-255.pbf"

/// Removes the `mapAssets` entries of `paths` from the manifest.
private func unlist(_ e: PackEditor, _ paths: Set<String>) throws {
    try e.editJSON("manifest.json") { m in
        guard case .array(let assets) = m.get("files.mapAssets")! else { return }
        m.set("files.mapAssets", .array(assets.filter { entry in
            if case .string(let path) = entry["path"] ?? .null { return !paths.contains(path) }
            return true
        }))
    }
}

/// Rewrites the glyph range file without the glyphs of `ids`.
private func dropGlyphs(_ e: PackEditor, _ ids: Set<UInt32>) throws {
    var stacks = try GlyphPBF.decode(try e.bytes(glyphFile))
    stacks[0].glyphs.removeAll { ids.contains($0.id) }
    try e.write(glyphFile, GlyphPBF.encode(stacks))
}

/// The index of the demo style's layer `id`.
private func layerIndex(_ e: PackEditor, _ id: String) throws -> Int {
    guard case .array(let layers) = try e.json("style.json")["layers"] ?? .null,
          let k = layers.firstIndex(where: { $0["id"] == .string(id) }) else { throw CocoaError(.fileReadCorruptFile) }
    return k
}

/// One corruption per style.* and map.* rule (and the generic file rules on map/), on the demo
/// pack's style.json and map/ as the pipeline writes them. Layers: 0 background, 1 hillshade,
/// 2 contours-minor, 3 contours-index, 4 contours-label, 5 trails, 6 routes-casing, 7 routes,
/// 8 route-ends, 9 pois, 10 routes-keep-out, 11 trails-label (asserted by
/// `theDemoStyleHasTheLayersTheCorruptionsName`).
let styleCorruptions: [Corruption] = [
    // URLs.
    Corruption(name: "style: absolute data URL", rule: .styleURL, file: style, path: "sources.trails.data") {
        try $0.set("style.json", "sources.trails.data", "/trails.geojson")
    },
    Corruption(name: "style: http glyphs URL", rule: .styleURL, file: style, path: "glyphs") {
        try $0.set("style.json", "glyphs", "https://tiles.example.com/fonts/{fontstack}/{range}.pbf")
    },
    Corruption(name: "style: sprite URL with ..", rule: .styleURL, file: style, path: "sprite") {
        try $0.set("style.json", "sprite", "map/../map/sprite")
    },
    Corruption(name: "style: file:// image URL", rule: .styleURL, file: style, path: "sources.hillshade.url") {
        try $0.set("style.json", "sources.hillshade.url", "file://hillshade.png")
    },
    Corruption(name: "style: backslash in a data URL", rule: .styleURL, file: style, path: "sources.pois.data") {
        try $0.set("style.json", "sources.pois.data", "map\\pois.geojson")
    },
    Corruption(name: "style: data URL naming no file", rule: .styleURLTarget, file: style, path: "sources.pois.data") {
        try $0.set("style.json", "sources.pois.data", "map/pois.geojson")
    },

    // Structure.
    Corruption(name: "style: version 7", rule: .styleFormat, file: style, path: "version") {
        try $0.set("style.json", "version", 7)
    },
    Corruption(name: "style: unused source", rule: .styleSourceUsed, file: style, path: "sources.spare") {
        try $0.set("style.json", "sources.spare", ["type": "geojson", "data": "pois.geojson"])
    },
    Corruption(name: "style: duplicate layer id", rule: .styleLayerId, file: style, path: "layers[4].id") {
        try $0.set("style.json", "layers[4].id", "contours-index")
    },
    Corruption(name: "style: layer naming a missing source", rule: .styleLayerSource, file: style, path: "layers[5].source") {
        try $0.set("style.json", "layers[5].source", "paths")
    },
    Corruption(name: "style: raster layer on a GeoJSON source", rule: .styleLayerSource, file: style, path: "layers[1].source") {
        try $0.set("style.json", "layers[1].source", "trails")
        try $0.set("style.json", "sources.hillshade", nil)
    },
    Corruption(name: "style: hillshade corners swapped", rule: .styleHillshadeCorners, file: style, path: "sources.hillshade.coordinates") {
        try $0.editJSON("style.json") { s in
            let first = s.get("sources.hillshade.coordinates[0]")!, second = s.get("sources.hillshade.coordinates[1]")!
            s.set("sources.hillshade.coordinates[0]", second)
            s.set("sources.hillshade.coordinates[1]", first)
        }
    },
    Corruption(name: "style: hillshade corner one ulp off", rule: .styleHillshadeCorners, file: style, path: "sources.hillshade.coordinates") {
        try $0.editJSON("style.json") { s in
            s.set("sources.hillshade.coordinates[2][1]", .number(s.get("sources.hillshade.coordinates[2][1]")!.double.nextDown))
        }
    },
    Corruption(name: "style: POIs not drawn", rule: .styleDraws, file: style, path: "layers") {
        try $0.editJSON("style.json") { s in
            s.set("layers[9]", nil)
            s.set("sources.pois", nil)
        }
    },

    // Sprite and icons.
    Corruption(name: "map: no @2x sprite", rule: .mapSprite, file: style, path: "sprite") {
        try FileManager.default.removeItem(at: $0.url("map/sprite@2x.png"))
        try FileManager.default.removeItem(at: $0.url("map/sprite@2x.json"))
        try unlist($0, ["map/sprite@2x.png", "map/sprite@2x.json"])
    },
    Corruption(name: "map: sprite icon off its sheet", rule: .mapSprite, file: demoRegion + "map/sprite.json", path: "summit") {
        try $0.set("map/sprite.json", "summit.x", 10_000)
    },
    Corruption(name: "map: @2x icon at pixel ratio 1", rule: .mapSprite, file: demoRegion + "map/sprite@2x.json", path: "water.pixelRatio") {
        try $0.set("map/sprite@2x.json", "water.pixelRatio", 1)
    },
    Corruption(name: "map: @2x sprite missing an icon", rule: .mapSprite, file: demoRegion + "map/sprite@2x.json", path: "$") {
        try $0.set("map/sprite@2x.json", "viewpoint", nil)
    },
    Corruption(name: "style: icon in no sprite", rule: .styleIconImage, file: style, path: "layers[9].layout[\"icon-image\"]") {
        try $0.set("map/sprite.json", "water", nil)
        try $0.set("map/sprite@2x.json", "water", nil)
    },

    // Glyphs.
    Corruption(name: "map: contour label digit missing from the glyph range", rule: .mapGlyphCoverage, file: style,
               path: "layers[4].layout[\"text-field\"]") {
        try dropGlyphs($0, [UInt32(UInt8(ascii: "7"))])
    },
    Corruption(name: "map: trail name letter missing from the glyph range", rule: .mapGlyphCoverage, file: style,
               path: "layers[11].layout[\"text-field\"]") {
        try dropGlyphs($0, [UInt32(UInt8(ascii: "B"))])  // Bunnell Notch Trail
    },
    Corruption(name: "map: POI name in a range with no file", rule: .mapGlyphCoverage, file: style, path: "layers[9].layout[\"text-field\"]") {
        try $0.set("pois.geojson", "features[2].properties.name", "Unknown Pond Ω")
    },
    Corruption(name: "map: glyph range file that does not decode", rule: .mapGlyphPBF, file: demoRegion + glyphFile) {
        try $0.editBytes(glyphFile) { $0 = Array($0.prefix(100)) }
    },
    Corruption(name: "map: glyph range file naming another range", rule: .mapGlyphPBF, file: demoRegion + glyphFile) {
        var stacks = try GlyphPBF.decode(try $0.bytes(glyphFile))
        stacks[0].range = "256-511"
        try $0.write(glyphFile, GlyphPBF.encode(stacks))
    },

    // The manifest's map entries.
    Corruption(name: "map: unlisted file under map/", rule: .fileUnlisted, file: demoRegion + "map/glyphs/DejaVuSans/256-511.pbf") {
        try $0.write("map/glyphs/DejaVuSans/256-511.pbf", try $0.bytes(glyphFile))
    },
    Corruption(name: "map: sprite file the style uses not in mapAssets", rule: .mapAssetListed, file: style, path: "sprite") {
        try unlist($0, ["map/sprite.png"])
    },
    Corruption(name: "map: listed map file with a wrong hash", rule: .fileSHA256, file: manifest, path: "files.mapAssets[2].sha256", resign: false) {
        try $0.editBytes("map/sprite.png") { $0[$0.count - 5] ^= 0x55 }
    },
    Corruption(name: "map: mapAssets not sorted", rule: .mapAssetListed, file: manifest, path: "files.mapAssets[2].path") {
        try $0.editJSON("manifest.json") { m in
            let one = m.get("files.mapAssets[1]")!, two = m.get("files.mapAssets[2]")!
            m.set("files.mapAssets[1]", two)
            m.set("files.mapAssets[2]", one)
        }
    },
    Corruption(name: "map: mapAssets without a style", rule: .mapAssetListed, file: manifest, path: "files.mapAssets") {
        try FileManager.default.removeItem(at: $0.url("style.json"))
        try $0.set("manifest.json", "files.style", nil)
    },
    Corruption(name: "map: mapAssets path with ..", rule: .pathParent, file: manifest, path: "files.mapAssets[1].path") {
        try $0.set("manifest.json", "files.mapAssets[1].path", "map/../map/sprite.json")
    },
    Corruption(name: "style: listed under another name", rule: .pathTree, file: manifest, path: "files.style.path") {
        try FileManager.default.moveItem(at: $0.url("style.json"), to: $0.url("map-style.json"))
        try $0.set("manifest.json", "files.style.path", "map-style.json")
    },
]

private let tiles = demoRegion + "map/tiles.pmtiles"

/// Corruptions of the vector-tile pack: its style's vector source, the archive, its tiles and
/// `files.contours` naming them.
let vectorTileCorruptions: [Corruption] = [
    Corruption(name: "map: source-layer the tiles do not hold", rule: .mapTiles, file: style, path: "layers[5][\"source-layer\"]") {
        try $0.set("style.json", "layers[5].source-layer", "paths")
    },
    Corruption(name: "map: vector tiles from a url with no pmtiles scheme", rule: .mapTiles, file: style, path: "sources.vector.url") {
        try $0.set("style.json", "sources.vector.url", "map/tiles.pmtiles")
    },
    Corruption(name: "map: tiles that are no PMTiles archive", rule: .mapTiles, file: tiles) {
        try $0.write("map/tiles.pmtiles", Array("not an archive, just text".utf8))
    },
    Corruption(name: "map: a tile that is no MVT", rule: .mapTiles, file: tiles) {
        try TileArchiveEditing.editFirstTile($0, where: { z, _ in z == 12 }) { _ in [0xff, 0xff, 0xff] }
    },
    Corruption(name: "map: a POI without its kind in the tiles", rule: .mapTiles, file: tiles) {
        try TileArchiveEditing.editFirstTile($0, where: { _, _ in true }) { $0 + TileArchiveEditing.layer("pois", key: "name", value: "Nameless") }
    },
    Corruption(name: "map: the style's minzoom is not the archive's", rule: .mapTilesZoom, file: style, path: "sources.vector.minzoom") {
        try $0.set("style.json", "sources.vector.minzoom", 12)
    },
    Corruption(name: "map: the archive starts deeper than the region fits the phone", rule: .mapTilesZoom, file: tiles, offset: 100) {
        var bytes = try $0.bytes("map/tiles.pmtiles")
        bytes[100] = 13
        try $0.write("map/tiles.pmtiles", bytes)
    },
    Corruption(name: "map: the archive stops before zoom 14", rule: .mapTilesZoom, file: tiles, offset: 101) {
        var bytes = try $0.bytes("map/tiles.pmtiles")
        bytes[101] = 13
        try $0.write("map/tiles.pmtiles", bytes)
    },
    Corruption(name: "map: a tile over 500 kB", rule: .mapTilesSize, file: tiles) {
        let padding = String(repeating: "x", count: 600_000)
        try TileArchiveEditing.editFirstTile($0, where: { _, _ in true }) { $0 + TileArchiveEditing.layer("padding", key: "k", value: padding) }
    },
    Corruption(name: "contours: a tile contour off the interval", rule: .contoursEle, file: tiles) {
        try TileArchiveEditing.editFirstTile($0, where: { z, _ in z == 14 }) { _ in TileArchiveEditing.contour(ele: 1234) }
    },
    Corruption(name: "contours: a GeoJSON path beside the tiles", rule: .contoursTiles, file: manifest, path: "files.contours.path") {
        try $0.set("manifest.json", "files.contours.path", "contours.geojson")
    },
    Corruption(name: "contours: contours.geojson left beside the tiles", rule: .contoursTiles, file: demoRegion + "contours.geojson") {
        try $0.write("contours.geojson", Array("{\"type\": \"FeatureCollection\", \"features\": []}".utf8))
    },
    Corruption(name: "contours: a layer the tiles do not hold", rule: .contoursTiles, file: manifest, path: "files.contours.layer") {
        try $0.set("manifest.json", "files.contours.layer", "isolines")
    },
    Corruption(name: "contours: tiles that are not listed", rule: .contoursTiles, file: manifest, path: "files.contours.tiles") {
        try $0.set("manifest.json", "files.contours.tiles", "map/other.pmtiles")
    },
]

@Suite("style.json and map/")
struct StyleTests {
    @Test func theDemoStyleHasTheLayersTheCorruptionsName() throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        for (k, id) in ["background", "hillshade", "contours-minor", "contours-index", "contours-label", "trails",
                        "routes-casing", "routes", "route-ends", "pois", "routes-keep-out", "trails-label"].enumerated() {
            #expect(try layerIndex(editor, id) == k)
        }
        let assets = try editor.json("manifest.json").get("files.mapAssets")
        #expect(assets?[0]?["path"] == .string(glyphFile))
        #expect(assets?[2]?["path"] == "map/sprite.png")
    }

    @Test func theDemoPackWithItsStyleAndRealGlyphsPassesStrict() throws {
        let root = try DemoPack.root()
        let region = root.appendingPathComponent(demoRegion)
        #expect(FileManager.default.fileExists(atPath: region.appendingPathComponent("style.json").path))
        #expect(FileManager.default.fileExists(atPath: region.appendingPathComponent(glyphFile).path))
        let report = PackValidator.validate(path: root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    @Test func theVectorTilePackPassesStrict() throws {
        let root = try VectorTilePack.root()
        let region = root.appendingPathComponent(demoRegion)
        #expect(FileManager.default.fileExists(atPath: region.appendingPathComponent("map/tiles.pmtiles").path))
        #expect(!FileManager.default.fileExists(atPath: region.appendingPathComponent("contours.geojson").path))
        let report = PackValidator.validate(path: root.path)
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
    }

    @Test(arguments: styleCorruptions)
    func styleCorruptionIsReported(_ corruption: Corruption) throws {
        try corruption.expectReported(on: try DemoPack.copy())
    }

    @Test(arguments: vectorTileCorruptions)
    func vectorTileCorruptionIsReported(_ corruption: Corruption) throws {
        try corruption.expectReported(on: try VectorTilePack.copy())
    }

}
