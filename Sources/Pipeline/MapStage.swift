import Bindings
import Foundation
import MapAssets
import MapStyle
import PackJSON
import PackSpec
import TrailNetwork
import TrailpackCore

/// Stage: the region's 2D map (SPEC `style.json and map/`): `style.json`, the sprite at 1x and
/// 2x, the glyph ranges of every label, and vector tiles when the GeoJSON is too large to draw
/// on a phone. Runs once every other file is written (it needs the contours' size).
public enum MapStage {
    /// What the stage wrote: `style.json`, every file under `map/` (sorted by path), and whether
    /// vector tiles are used.
    public struct Output {
        public var style: WrittenFile
        public var assets: [WrittenFile]
        public var usesVectorTiles: Bool
        /// Build notes: vector tiles used, label characters without a glyph.
        public var diagnostics: [Diagnostic]
    }

    /// Writes the map files into the region's staging folder; glyph ranges kept in
    /// `glyphCacheFolder` are read from there (`GlyphCache`).
    /// - Throws: `BuildError.output`, `DrawingError`, `GlyphCacheError` or `GDALError` naming
    ///   what could not be made.
    static func run(_ recipe: Recipe, bbox: BBox, hillshadeBounds: BBox, labels: MapLabels, contoursBytes: Int,
                    writer: RegionWriter, glyphCacheFolder: String? = nil, vectorLayers: () -> [VectorTileLayer]) throws -> Output {
        var assets: [WrittenFile] = []
        var source = VectorSource.geoJSON
        // Above the recipe's `map.vectorTilesAboveMB` (5 MB) of contours, a phone draws GeoJSON slowly
        // and with too much memory: contours, trails and POIs come from vector tiles instead.
        if Double(contoursBytes) > recipe.map.vectorTilesAboveMB * 1_000_000 {
            source = .mbtiles(minZoom: tilesMinZoom, maxZoom: tilesMaxZoom)
            assets.append(try writeTiles(vectorLayers(), writer: writer, name: recipe.name))
        }
        for ratio in [1, 2] {
            let sheet = try SpriteSheet.make(pixelRatio: ratio)
            let stem = "map/sprite" + (ratio == 1 ? "" : "@2x")
            assets.append(try writer.write(stem + ".png", bytes: sheet.png))
            assets.append(try writer.write(stem + ".json", bytes: sheet.json))
        }
        let glyphs = try GlyphRanges.make(characters: labels.characters, cacheFolder: glyphCacheFolder)
        for file in glyphs.files {
            assets.append(try writer.write("map/glyphs/\(StyleSheet.fontstack)/\(file.name)", bytes: file.bytes))
        }
        let input = StyleInput(regionName: recipe.name, bbox: bbox, hillshadeBounds: hillshadeBounds,
                               attribution: recipe.attribution, routeIds: recipe.routes.map(\.id), vectorSource: source,
                               hasTrails: labels.hasTrails, hasPOIs: labels.hasPOIs)
        let style = try writer.write(PackTree.style, json: StyleSheet.document(input))
        return Output(style: style, assets: assets.sorted { $0.path < $1.path }, usesVectorTiles: source != .geoJSON,
                      diagnostics: notes(recipe, contoursBytes: contoursBytes, vectorTiles: source != .geoJSON, missing: glyphs.missing))
    }

    /// What the build says of the map: vector tiles used instead of GeoJSON, characters without a glyph.
    static func notes(_ recipe: Recipe, contoursBytes: Int, vectorTiles: Bool, missing: [Unicode.Scalar]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if !missing.isEmpty {
            let shown = missing.prefix(20).map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
            out.append(Diagnostic(.warning, "map", "\(missing.count) label characters have no glyph in \(StyleSheet.fontstack) and will not show on the map: \(shown)\(missing.count > 20 ? " ..." : "")"))
        }
        if vectorTiles {
            out.append(Diagnostic(.note, "map", String(
                format: "contours.geojson is %.1f MB, over map.vectorTilesAboveMB (%.1f MB): style.json draws contours, trails and POIs from map/tiles.mbtiles (zooms %d-%d); the GeoJSON files stay",
                Double(contoursBytes) / 1e6, recipe.map.vectorTilesAboveMB, tilesMinZoom, tilesMaxZoom)))
        }
        return out
    }

    /// Zooms the vector tiles are cut at; MapLibre over-zooms the last beyond it.
    public static let tilesMinZoom = 9
    public static let tilesMaxZoom = 14

    /// Cuts the layers into `map/tiles.mbtiles` in the staging folder and describes the file.
    static func writeTiles(_ layers: [VectorTileLayer], writer: RegionWriter, name: String) throws -> WrittenFile {
        let relative = StyleSheet.tilesPath
        let url = writer.url(relative)
        do { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) } catch {
            throw BuildError.io(path: url.deletingLastPathComponent().path, message: "cannot create the folder", error: error)
        }
        try VectorTilesWriter.write(path: url.path, layers: layers, minZoom: tilesMinZoom, maxZoom: tilesMaxZoom, name: name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BuildError.output(path: url.path, message: "the vector tiles were not written")
        }
        return try writer.write(relative, bytes: [UInt8](data))
    }
}

/// The texts the style can draw: trail and route names, POI names, contour elevations.
struct MapLabels {
    var texts: [String]
    var hasTrails: Bool
    var hasPOIs: Bool

    init(trails: [TrailLine], routeNames: [String], pois: [PointOfInterest]) {
        texts = trails.compactMap(\.name) + routeNames + pois.map(\.name) + ["0123456789,.- m"]
        hasTrails = !trails.isEmpty
        hasPOIs = !pois.isEmpty
    }

    /// Every Unicode scalar of every label.
    var characters: Set<Unicode.Scalar> { Set(texts.flatMap(\.unicodeScalars)) }
}
