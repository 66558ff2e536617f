import PackJSON

/// The style's layers, bottom to top, each a function of a few lines.
public enum StyleLayers {
    static func all(_ input: StyleInput) -> [JSONValue] {
        var layers = [background(), hillshade(), contours(input, index: false), contours(input, index: true), contourLabels(input)]
        if input.hasTrails { layers.append(trails(input)) }
        if !input.routeIds.isEmpty { layers += [routes(input, casing: true), routes(input, casing: false)] }
        if !input.routeEnds.isEmpty { layers.append(routeEnds()) }
        if input.hasPOIs { layers.append(pois(input)) }
        // MapLibre places symbols from the top layer down, each avoiding those placed before:
        // trail names first (beside their line, so also beside a route drawn over it: MapLibre
        // Native's collision ignores `text-offset`, the keep-out would hide them), then the
        // routes' keep-out, which every later label (POI names, contour elevations) avoids.
        if !input.routeIds.isEmpty { layers.append(routeKeepOut(input)) }
        if input.hasTrails, let minZoom = input.trailNameMinZoom { layers.append(trailLabels(input, minZoom: minZoom)) }
        return layers
    }

    static func color(_ rgb: UInt32) -> JSONValue { .string(MapPalette.css(rgb)) }
    static let font: JSONValue = [.string(StyleSheet.fontstack)]
    /// `["interpolate", ["linear"], ["zoom"], z0, v0, z1, v1, ...]`.
    static func byZoom(_ stops: [(Double, Double)]) -> JSONValue {
        .array(["interpolate", ["linear"], ["zoom"]] + stops.flatMap { [JSONValue.number($0.0), .number($0.1)] })
    }

    static func layer(_ id: String, _ type: String, _ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject([("id", .string(id)), ("type", .string(type))] + members))
    }

    static func background() -> JSONValue {
        layer("background", "background", [("paint", ["background-color": color(MapPalette.paper)])])
    }

    static func hillshade() -> JSONValue {
        layer("hillshade", "raster", [("source", "hillshade"),
                                      ("paint", ["raster-opacity": 0.6, "raster-fade-duration": 0, "raster-resampling": "linear"])])
    }

    /// Minor contours fade in from zoom 11.5 to 13; index lines (every fifth) show from zoom 10, heavier.
    static func contours(_ input: StyleInput, index: Bool) -> JSONValue {
        let paint: JSONValue = index
            ? ["line-color": color(MapPalette.indexContour), "line-opacity": 0.8, "line-width": byZoom([(10, 0.6), (13, 1.1), (16, 1.8)])]
            : ["line-color": color(MapPalette.contour), "line-opacity": byZoom([(11.5, 0), (13, 0.55)]), "line-width": byZoom([(12, 0.4), (16, 0.9)])]
        return layer(index ? "contours-index" : "contours-minor", "line", StyleSheet.source("contours", input) + [
            ("minzoom", .number(index ? 10 : 11.5)), ("filter", ["==", ["get", "index"], .bool(index)]),
            ("layout", ["line-join": "round"]), ("paint", paint),
        ])
    }

    /// Index contours labelled with their elevation along the line ("1,250 m"), on a `plate` of
    /// the paper's colour stretched under the text (`icon-text-fit`): the line stops under its
    /// label, instead of showing through the gaps between its words.
    static func contourLabels(_ input: StyleInput) -> JSONValue {
        layer("contours-label", "symbol", StyleSheet.source("contours", input) + [
            ("minzoom", 12.5), ("filter", ["==", ["get", "index"], true]),
            ("layout", ["symbol-placement": "line", "symbol-spacing": 400, "text-field": elevationLabel(["get", "ele"]), "text-font": font,
                        "text-size": 10, "text-max-angle": 25, "text-padding": 6,
                        "icon-image": .string(SpriteIcons.plate), "icon-text-fit": "both", "icon-text-fit-padding": [0, 2, 0, 2],
                        "icon-rotation-alignment": "map"]),
            ("paint", ["text-color": color(MapPalette.indexContour), "text-halo-color": color(MapPalette.paper), "text-halo-width": 1,
                       "icon-opacity": .number(plateOpacity)]),
        ])
    }

    /// Opacity of the plate under contour labels.
    static let plateOpacity = 0.9

    /// Whole metres `ele` (an expression) as "1,250 m", `MetresFormat.wholeMetres`'s form (a
    /// thousands comma below 1,000,000 m; "-20 m" and "950 m" as they are).
    static func elevationLabel(_ ele: JSONValue) -> JSONValue {
        let thousands: JSONValue = ["to-string", ["floor", ["/", ele, 1000]]]
        let rest: JSONValue = ["slice", ["to-string", ["+", 1000, ["%", ele, 1000]]], 1]
        return ["case", [">=", ele, 1000], ["concat", thousands, ",", rest, " m"], ["concat", ["to-string", ele], " m"]]
    }

    /// A POI's label: its name with its elevation rounded to whole metres when it has one, as
    /// `MetresFormat.labelled` writes it on the overview ("Mount Cabot 1,257 m").
    static let poiLabel: JSONValue = ["case", ["has", "ele"], ["concat", ["get", "name"], " ", elevationLabel(["round", ["get", "ele"]])], ["get", "name"]]
}
