import Drawing
import MapStyle
import TrailpackCore

/// Fixed colours for routes and waypoint markers (routes: `MapPalette`, shared with the map style).
///
/// Routes take colours in manifest order from the Okabe–Ito colour-blind-safe set (its pale
/// yellow left out, as it vanishes on hillshade): vermillion `#d55e00`, blue `#0072b2`,
/// reddish purple `#cc79a7`, bluish green `#009e73`, orange `#e69f00`, sky blue `#56b4e9`,
/// then dark brown `#7f3b08` and near-black `#252525`; a ninth route starts over.
/// Waypoint markers are white-outlined and coloured by kind (`waypointColor`), distinct from
/// every route colour. Trail network nodes are magenta `#e7298a`; a reroute check's way back
/// is green `#22c140`.
public enum RoutePalette {
    public static let routeColors: [DrawingColor] = MapPalette.routeRGB.map { DrawingColor(hex: $0) }

    /// The colour of the route at `index` in the manifest.
    public static func routeColor(index: Int) -> DrawingColor { routeColors[index % routeColors.count] }

    /// Marker fill for a waypoint kind: start green, end red, summit dark brown, junction
    /// yellow, turn white, poi violet.
    public static func waypointColor(_ kind: WaypointKind) -> DrawingColor {
        switch kind {
        case .start: DrawingColor(hex: 0x1a9850)
        case .end: DrawingColor(hex: 0xd7191c)
        case .summit: DrawingColor(hex: 0x5a3a1a)
        case .junction: DrawingColor(hex: 0xffd92f)
        case .turn: DrawingColor(hex: 0xffffff)
        case .poi: DrawingColor(hex: 0x6a3d9a)
        }
    }

    /// Trails on maps.
    public static let trail = DrawingColor(hex: 0x3b3b3b)
    /// Ordinary contours.
    public static let contour = DrawingColor(hex: 0x8c5a2b, alpha: 0.45)
    /// Index contours and their labels.
    public static let indexContour = DrawingColor(hex: 0x6b3e14, alpha: 0.85)
    /// POI symbols.
    public static let poi = DrawingColor(hex: 0x2c2c8c)
    /// Marks of the trail network's nodes (`routing.json`): magenta, unlike any route or marker.
    public static let networkNode = DrawingColor(hex: 0xe7298a)
    /// The way back of a reroute check: bright green, unlike any route colour.
    public static let wayBack = DrawingColor(hex: 0x22c140)
}
