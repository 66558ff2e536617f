/// The colours a region's maps use, as 24-bit RGB: the MapLibre style and the preview pictures
/// share them, so a route has one colour everywhere.
///
/// Routes take colours in manifest order from the Okabe–Ito colour-blind-safe set (its pale
/// yellow left out, as it vanishes on hillshade): vermillion, blue, reddish purple, bluish
/// green, orange, sky blue, then dark brown and near-black; a ninth route starts over.
public enum MapPalette {
    public static let routeRGB: [UInt32] = [0xd55e00, 0x0072b2, 0xcc79a7, 0x009e73, 0xe69f00, 0x56b4e9, 0x7f3b08, 0x252525]

    /// The colour of the route at `index` in the manifest.
    public static func routeRGB(index: Int) -> UInt32 { routeRGB[index % routeRGB.count] }

    /// `#rrggbb`.
    public static func css(_ rgb: UInt32) -> String {
        let hex = String(rgb, radix: 16)
        return "#" + String(repeating: "0", count: max(0, 6 - hex.count)) + hex
    }

    public static let trail: UInt32 = 0x3b3b3b
    public static let contour: UInt32 = 0x8c5a2b
    public static let indexContour: UInt32 = 0x6b3e14
    public static let poi: UInt32 = 0x2c2c8c
    /// The rings marking where each route starts and ends.
    public static let routeStart: UInt32 = 0x4daf4a
    public static let routeEnd: UInt32 = 0x111111
    /// The paper under the hillshade.
    public static let paper: UInt32 = 0xf4f1ea
}
