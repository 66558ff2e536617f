import Bindings
import Foundation
import MapAssets
import MapStyle
import PackJSON
import PackSpec
import TrailGraph
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
    /// `glyphCacheFolder` are read from there (`GlyphCache`). `tiles` is what `TileStage` wrote
    /// when `plan` puts the vector layers into tiles.
    /// - Throws: `BuildError.output`, `DrawingError` or `GlyphCacheError` naming what could not be made.
    /// `routeEnds` are the routes' first and last vertices, in manifest order.
    static func run(_ recipe: Recipe, bbox: BBox, hillshadeBounds: BBox, labels: MapLabels, routeEnds: [RouteEnds], plan: TilePlan,
                    tiles: TileStage.Output?, writer: RegionWriter, glyphCacheFolder: String? = nil) throws -> Output {
        var assets: [WrittenFile] = []
        var source = VectorSource.geoJSON
        if let tiles {
            source = .pmtiles(minZoom: tiles.zooms.lowerBound, maxZoom: tiles.zooms.upperBound)
            assets.append(tiles.file)
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
                               hasTrails: labels.hasTrails, hasPOIs: labels.hasPOIs, routeEnds: routeEnds,
                               trailNameMinZoom: TrailNameZoom.layerMinZoom(labels.trailNames.carriedZooms(lastTileZoom: tiles?.zooms.upperBound)))
        let style = try writer.write(PackTree.style, json: StyleSheet.document(input))
        let notes = notes(recipe, plan: plan, tiles: tiles, missing: glyphs.missing)
        return Output(style: style, assets: assets.sorted { $0.path < $1.path }, usesVectorTiles: tiles != nil,
                      diagnostics: notes + (tiles?.diagnostics ?? []))
    }

    /// What the build says of the map: vector tiles used instead of GeoJSON, characters without a glyph.
    static func notes(_ recipe: Recipe, plan: TilePlan, tiles: TileStage.Output?, missing: [Unicode.Scalar]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if !missing.isEmpty {
            let shown = missing.prefix(20).map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
            out.append(Diagnostic(.warning, "map", "\(missing.count) label characters have no glyph in \(StyleSheet.fontstack) and will not show on the map: \(shown)\(missing.count > 20 ? " ..." : "")"))
        }
        if let tiles {
            out.append(Diagnostic(.note, "map", String(
                format: "contours, trails and POIs would make %.1f MB of GeoJSON (the contours %.1f MB), over map.vectorTilesAboveMB (%.1f MB): they are drawn from " + StyleSheet.tilesPath + " (zooms %d-%d, %.1f MB), and the contours are kept there only",
                plan.drawnGeoJSONBytes / 1e6, plan.estimatedContourBytes / 1e6, recipe.map.vectorTilesAboveMB, tiles.zooms.lowerBound,
                tiles.zooms.upperBound, Double(tiles.file.bytes) / 1e6)))
        }
        return out
    }
}

/// The texts the style can draw: trail and route names, POI names, contour elevations; and the
/// lines that carry trail names with their zooms (`TrailNameLines`, the tiles' too).
struct MapLabels {
    var texts: [String]
    var hasTrails: Bool
    var hasPOIs: Bool
    var trailNames: TrailNameLines

    init(trails: [TrailLine], trailNames: TrailNameLines, routeNames: [String], pois: [PointOfInterest]) {
        texts = trails.compactMap(\.name) + routeNames + pois.map(\.name) + ["0123456789,.- m"]
        hasTrails = !trails.isEmpty
        hasPOIs = !pois.isEmpty
        self.trailNames = trailNames
    }

    /// Every Unicode scalar of every label.
    var characters: Set<Unicode.Scalar> { Set(texts.flatMap(\.unicodeScalars)) }
}
