import PackJSON

extension StyleLayers {
    static let notARoute: JSONValue = ["!", ["has", "routeId"]]
    static let isRoute: JSONValue = ["has", "routeId"]

    /// Trails: dashed dark lines, wider as the map zooms in; drawn at every zoom, so the view
    /// of a whole big region shows its trails too.
    static func trails(_ input: StyleInput) -> JSONValue {
        layer("trails", "line", StyleSheet.source("trails", input) + [
            ("filter", notARoute), ("layout", ["line-join": "round", "line-cap": "butt"]),
            ("paint", ["line-color": color(MapPalette.trail), "line-width": byZoom([(8, 0.5), (10, 0.8), (13, 1.4), (16, 2.4)]),
                       "line-dasharray": [3, 1.5]]),
        ])
    }

    /// Trail names along the line, from the zoom at which the longest named trail has room for
    /// its name (`TrailNameZoom`), beside the line (clear of a route drawn over it).
    static func trailLabels(_ input: StyleInput, minZoom: Double) -> JSONValue {
        layer("trails-label", "symbol", StyleSheet.source("trail-names", input) + [
            ("minzoom", .number(minZoom)), ("filter", ["all", notARoute, ["has", "name"]]),
            ("layout", ["symbol-placement": "line", "symbol-spacing": 250, "text-field": ["get", "name"], "text-font": font,
                        "text-size": byZoom([(13, TrailNameZoom.textSizePx), (16, 13.5)]), "text-max-angle": 45, "text-offset": [0, 1.3],
                        "text-letter-spacing": 0.04]),
            ("paint", ["text-color": color(MapPalette.trail), "text-halo-color": color(MapPalette.paper), "text-halo-width": 1.5]),
        ])
    }

    /// Routes over everything else drawn as lines, in their preview colours, on a white casing.
    static func routes(_ input: StyleInput, casing: Bool) -> JSONValue {
        var match: [JSONValue] = ["match", ["get", "routeId"]]
        for (k, id) in input.routeIds.enumerated() { match += [.string(id), color(MapPalette.routeRGB(index: k))] }
        match.append(color(MapPalette.routeRGB(index: 0)))
        let lineColor: JSONValue = input.routeIds.isEmpty ? color(MapPalette.routeRGB(index: 0)) : .array(match)
        let paint: JSONValue = casing
            ? ["line-color": "#ffffff", "line-width": byZoom(routeCasingWidthPx), "line-opacity": 0.9]
            : ["line-color": lineColor, "line-width": byZoom([(10, 2), (13, 3.5), (16, 5.5)])]
        return layer(casing ? "routes-casing" : "routes", "line", StyleSheet.source("trails", input) + [
            ("filter", isRoute), ("layout", ["line-join": "round", "line-cap": "round"]), ("paint", paint),
        ])
    }

    /// POIs and summits: a sprite symbol by kind and the name under it, or beside or over it
    /// where under it would cover a route (`routeKeepOut`) or another label.
    static func pois(_ input: StyleInput) -> JSONValue {
        var icon: [JSONValue] = ["match", ["get", "kind"]]
        for (kinds, name) in SpriteIcons.byKind { icon += [.array(kinds.map { .string($0) }), .string(name)] }
        icon.append(.string(SpriteIcons.fallback))
        return layer("pois", "symbol", StyleSheet.source("pois", input) + [
            ("minzoom", 10),
            ("layout", ["icon-image": .array(icon), "icon-size": 1, "text-field": StyleLayers.poiLabel, "text-font": font,
                        "text-size": byZoom([(11, 11), (15, 13)]), "text-variable-anchor": .array(poiTextAnchors.map { .string($0) }),
                        "text-radial-offset": .number(poiTextOffsetEm),
                        "text-optional": true, "icon-allow-overlap": true]),
            ("paint", ["text-color": color(MapPalette.poi), "text-halo-color": "#ffffff", "text-halo-width": 1.5]),
        ])
    }

    /// Where a POI's name may sit around its icon, in order of preference (MapLibre's
    /// `text-variable-anchor`: the text's side that touches the icon).
    public static let poiTextAnchors = ["top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]
    /// Distance from the icon's centre to the name, ems.
    public static let poiTextOffsetEm = 0.9
}
