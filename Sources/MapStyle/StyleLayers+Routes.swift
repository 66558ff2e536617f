import PackJSON
import TrailpackCore

extension StyleLayers {
    /// The start and end markers: an inline GeoJSON source of each route's first and last
    /// vertex (`routeId`, `end`: "start" or "end"), so every client of the style shows them.
    static func routeEndsSource(_ input: StyleInput) -> JSONValue {
        func point(_ id: String, _ end: String, _ p: LonLat) -> JSONValue {
            ["type": "Feature", "properties": ["routeId": .string(id), "end": .string(end)],
             "geometry": ["type": "Point", "coordinates": [.number(p.lon, decimals: 7), .number(p.lat, decimals: 7)]]]
        }
        let features = input.routeEnds.flatMap { [point($0.routeId, "end", $0.end), point($0.routeId, "start", $0.start)] }
        return ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]
    }

    /// Rings around each route's start (green) and end (black, wider, so a loop's shared start
    /// and end show both), smaller when zoomed out, around the POI icon they may surround (a
    /// trailhead, a summit), under the POI names (which may cover a ring: a ring moves no label).
    static func routeEnds() -> JSONValue {
        layer("route-ends", "symbol", [
            ("source", "route-ends"),
            ("layout", ["icon-image": ["match", ["get", "end"], "start", .string(SpriteIcons.routeStart), .string(SpriteIcons.routeEnd)],
                        "icon-size": byZoom(routeMarkerScale), "icon-allow-overlap": true, "icon-ignore-placement": true, "icon-padding": 0]),
        ])
    }

    /// The rings' scale by zoom (1: `SpriteIcons.ringRadiusPx`).
    public static let routeMarkerScale: [(Double, Double)] = [(9, 0.55), (13, 1)]

    /// The routes as a collision obstacle: MapLibre keeps symbols of other layers off each other
    /// but not off lines, so an invisible `plate` icon, as wide as the route's casing, is placed
    /// every `keepOutSpacingPx` along each route. Every label placed after it (POI names,
    /// contour elevations: the layers below it) stays off the route line.
    static func routeKeepOut(_ input: StyleInput) -> JSONValue {
        let plate = Double(SpriteIcons.sizePx)
        let size = byZoom(routeCasingWidthPx.map { ($0.0, $0.1 / plate) })
        return layer("routes-keep-out", "symbol", StyleSheet.source("trails", input) + [
            ("filter", isRoute),
            ("layout", ["symbol-placement": "line", "symbol-spacing": .number(keepOutSpacingPx), "icon-image": .string(SpriteIcons.plate),
                        "icon-size": size, "icon-allow-overlap": true, "icon-rotation-alignment": "map", "icon-padding": 0]),
            ("paint", ["icon-opacity": 0]),
        ])
    }

    /// Distance between the keep-out icons along a route, px (less than the narrowest icon).
    public static let keepOutSpacingPx = 4.0
    /// The white casing under each route, px by zoom.
    static let routeCasingWidthPx: [(Double, Double)] = [(10, 4), (13, 6), (16, 9)]
}
