import PackJSON
import TrailpackCore

/// A region's MapLibre style (version 8), drawing the region from its own files offline: the
/// hillshade under everything, contours (index lines heavier and labelled "1,250 m" along the
/// line, minor lines fading in by zoom), trails dashed and named along the line, the routes over
/// them in their preview colours with rings at their starts and ends, POIs and summits with a
/// symbol and a label kept off the routes. Every URL is
/// relative to the region folder (SPEC `style.json and map/`).
public enum StyleSheet {
    /// The font of every label; also the folder of its glyph ranges under `map/glyphs/`.
    public static let fontstack = "DejaVuSans"
    /// Relative URLs of the style's assets.
    public static let glyphsURL = "map/glyphs/{fontstack}/{range}.pbf"
    public static let spriteURL = "map/sprite"
    public static let tilesPath = "map/tiles.pmtiles"
    /// The URL scheme MapLibre reads a PMTiles archive by (GL JS through the pmtiles protocol, Native 6.10+ / 11.8+).
    public static let tilesScheme = "pmtiles://"

    /// The style document; keys are sorted by the writer, layers keep their drawing order.
    public static func document(_ input: StyleInput) -> JSONValue {
        let center = input.bbox.center
        let layers = StyleLayers.all(input)
        let used = Set(layers.compactMap { layer -> String? in
            if case .string(let s)? = layer["source"] { s } else { nil }
        })
        let sources = JSONObject(sources(input).filter { used.contains($0.key) }.map { ($0.key, $0.value) })
        return ["version": 8, "name": .string(input.regionName),
                "center": [.number(center.lon, decimals: 7), .number(center.lat, decimals: 7)], "zoom": 12,
                "glyphs": .string(glyphsURL), "sprite": .string(spriteURL),
                "sources": .object(sources), "layers": .array(layers)]
    }

    /// The hillshade image and the vector data.
    static func sources(_ input: StyleInput) -> JSONObject {
        let h = input.hillshadeBounds
        let corners: JSONValue = .array([[h.west, h.north], [h.east, h.north], [h.east, h.south], [h.west, h.south]].map {
            .array($0.map { .number($0) })
        })
        let attribution = JSONValue.string(input.attribution.joined(separator: "; "))
        var out: JSONObject = ["hillshade": ["type": "image", "url": "hillshade.png", "coordinates": corners],
                               "route-ends": StyleLayers.routeEndsSource(input)]
        switch input.vectorSource {
        case .geoJSON:
            for (name, file) in [("contours", "contours.geojson"), ("trails", "trails.geojson"), ("pois", "pois.geojson")] {
                out[name] = ["type": "geojson", "data": .string(file), "attribution": attribution]
            }
            // Trail names are placed on the trails simplified harder (Douglas–Peucker in tile
            // units): mapped trails zigzag vertex by vertex, and a label needs a smooth stretch.
            if input.hasTrails, input.trailNameMinZoom != nil {
                out["trail-names"] = ["type": "geojson", "data": "trails.geojson", "tolerance": .number(labelToleranceTileUnits)]
            }
        case .pmtiles(let minZoom, let maxZoom):
            out["vector"] = ["type": "vector", "url": .string(tilesScheme + tilesPath), "minzoom": .int(minZoom),
                             "maxzoom": .int(maxZoom), "attribution": attribution]
        }
        return out
    }

    /// Simplification of the trails that carry their names, MapLibre tile units (of 512 per tile side).
    public static let labelToleranceTileUnits = 30.0

    /// The source (and source layer) of contours, trails or POIs.
    static func source(_ layer: String, _ input: StyleInput) -> [(String, JSONValue)] {
        switch input.vectorSource {
        case .geoJSON: [("source", .string(layer == "trail-names" ? "trail-names" : layer))]
        case .pmtiles: [("source", "vector"), ("source-layer", .string(layer))]
        }
    }
}
