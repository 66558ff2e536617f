/// The sprite's icons and which POI kinds use them (matched in the style's `pois` layer).
public enum SpriteIcons {
    /// Icon name for POI `kind` values (case as written by trailpack: lower case).
    public static let byKind: [(kinds: [String], icon: String)] = [
        (["summit", "peak"], "summit"),
        (["trailhead", "parking"], "trailhead"),
        (["pond", "lake", "water", "spring", "waterfall"], "water"),
        (["viewpoint"], "viewpoint"),
        (["shelter", "hut", "alpine_hut", "camp_site", "wilderness_hut"], "shelter"),
    ]
    /// Any other kind.
    public static let fallback = "poi"
    /// A plain square of the paper's colour: stretched under the contour labels
    /// (`icon-text-fit`), so the line stops under its label, and, invisible, the routes' keep-out.
    public static let plate = "plate"
    /// The rings around each route's start (green) and end (black, wider: a loop shows both).
    public static let routeStart = "route-start", routeEnd = "route-end"
    /// Every icon the sprite holds, in sheet order.
    public static let names = ["summit", "trailhead", "water", "viewpoint", "shelter", "poi", plate, routeStart, routeEnd]
    /// Icon size at pixel ratio 1, pixels (the rings' are `ringSizePx`).
    public static let sizePx = 18
    /// Ring radius (to the middle of its stroke) and stroke width at pixel ratio 1, px; a white
    /// halo of `ringHaloPx` on each side of the stroke.
    public static let ringRadiusPx = (start: 11.0, end: 15.0), ringStrokePx = 3.0, ringHaloPx = 1.5
    /// The side of a ring icon at pixel ratio 1, px.
    public static func ringSizePx(_ name: String) -> Int {
        let radius = name == routeStart ? ringRadiusPx.start : ringRadiusPx.end
        return Int((2 * (radius + ringStrokePx / 2 + ringHaloPx) + 2).rounded(.up))
    }
    /// The side of icon `name` at pixel ratio 1, px.
    public static func sizePx(of name: String) -> Int {
        name == routeStart || name == routeEnd ? ringSizePx(name) : sizePx
    }
}
