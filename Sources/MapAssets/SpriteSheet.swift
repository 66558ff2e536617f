import Bindings
import Drawing
import MapStyle
import PackJSON

/// The style's sprite: every icon of `SpriteIcons` drawn with Cairo in one row, as a PNG and the
/// JSON index MapLibre reads (`map/sprite.png`/`.json` at pixel ratio 1, `map/sprite@2x.*` at 2).
public enum SpriteSheet {
    /// One sprite file pair.
    public struct Files: Sendable {
        public var png: [UInt8]
        public var json: [UInt8]
    }

    /// The sheet at `pixelRatio` (1 or 2).
    /// - Throws: `DrawingError` when Cairo fails, `GDALError` when libpng cannot encode.
    public static func make(pixelRatio: Int) throws -> Files {
        let gap = 2 * pixelRatio
        let sizes = SpriteIcons.names.map { SpriteIcons.sizePx(of: $0) * pixelRatio }
        let canvas = try Canvas(widthPx: sizes.reduce(0, +) + gap * sizes.count, heightPx: sizes.max() ?? 0)
        var index: [(String, JSONValue)] = []
        var x = 0
        for (name, size) in zip(SpriteIcons.names, sizes) {
            canvas.withSavedState {
                canvas.translate(dxPx: Double(x), dyPx: 0)
                SpriteArtist.draw(name, canvas: canvas, sizePx: Double(size), pixelRatio: Double(pixelRatio))
            }
            index.append((name, ["x": .int(x), "y": 0, "width": .int(size), "height": .int(size), "pixelRatio": .int(pixelRatio)]))
            x += size + gap
        }
        let image = try canvas.rgbaImage()
        let png = try PNGImage(width: image.widthPx, height: image.heightPx, channels: 4, pixels: image.pixels).encoded()
        return Files(png: png, json: try JSONWriter().bytes(.object(JSONObject(index))))
    }
}

/// Draws each icon into a square of `sizePx` at the origin: white-outlined shapes that read on
/// hillshade, in the colours of the preview's markers.
enum SpriteArtist {
    static func draw(_ name: String, canvas: Canvas, sizePx s: Double, pixelRatio: Double) {
        if name == SpriteIcons.routeStart || name == SpriteIcons.routeEnd {
            return ring(canvas, sizePx: s, pixelRatio: pixelRatio, start: name == SpriteIcons.routeStart)
        }
        let u = s / 18
        canvas.setLineWidth(px: 1.5 * u)
        canvas.setLineJoin(.round)
        switch name {
        case "summit": shape(canvas, [(9, 2.5), (16, 15.5), (2, 15.5)], u, fill: 0x5a3a1a)
        case "trailhead":
            shape(canvas, [(3, 3), (15, 3), (15, 15), (3, 15)], u, fill: 0x1a9850)
            bar(canvas, [(9, 5.5), (9, 13)], u)
            bar(canvas, [(6, 7), (12, 7)], u)
        case "water": shape(canvas, [(9, 2), (14, 10), (12.5, 14.5), (9, 16), (5.5, 14.5), (4, 10)], u, fill: 0x2c7fb8)
        case SpriteIcons.plate:
            canvas.newPath()
            canvas.addPolyline([(0, 0), (s, 0), (s, s), (0, s)].map { PixelPoint(xPx: $0.0, yPx: $0.1) }, closed: true)
            canvas.setColor(DrawingColor(hex: MapPalette.paper))
            canvas.fill(preserve: false)
        case "viewpoint": shape(canvas, [(9, 1.5), (11, 7), (16.5, 7), (12, 10.5), (14, 16), (9, 12.5), (4, 16), (6, 10.5), (1.5, 7), (7, 7)], u, fill: 0xe69f00)
        case "shelter": shape(canvas, [(9, 2.5), (16, 8.5), (14, 8.5), (14, 15.5), (4, 15.5), (4, 8.5), (2, 8.5)], u, fill: 0x7f3b08)
        default:
            canvas.addCircle(center: PixelPoint(xPx: 9 * u, yPx: 9 * u), radiusPx: 5.5 * u)
            paint(canvas, fill: 0x6a3d9a)
        }
    }

    /// A closed polygon in icon units (18 per side), filled and outlined white.
    static func shape(_ canvas: Canvas, _ points: [(Double, Double)], _ u: Double, fill: UInt32) {
        canvas.newPath()
        canvas.addPolyline(points.map { PixelPoint(xPx: $0.0 * u, yPx: $0.1 * u) }, closed: true)
        paint(canvas, fill: fill)
    }

    static func paint(_ canvas: Canvas, fill: UInt32) {
        canvas.setColor(DrawingColor(hex: fill))
        canvas.fill(preserve: true)
        canvas.setColor(.white)
        canvas.stroke()
    }

    /// A white bar (the trailhead's signpost).
    static func bar(_ canvas: Canvas, _ points: [(Double, Double)], _ u: Double) {
        canvas.newPath()
        canvas.addPolyline(points.map { PixelPoint(xPx: $0.0 * u, yPx: $0.1 * u) })
        canvas.setColor(.white)
        canvas.setLineWidth(px: 2 * u)
        canvas.stroke()
        canvas.setLineWidth(px: 1.5 * u)
    }
}

extension SpriteArtist {
    /// A route's start or end ring (`SpriteIcons.ringRadiusPx`), on a white halo, hollow.
    static func ring(_ canvas: Canvas, sizePx s: Double, pixelRatio r: Double, start: Bool) {
        let radius = (start ? SpriteIcons.ringRadiusPx.start : SpriteIcons.ringRadiusPx.end) * r
        let centre = PixelPoint(xPx: s / 2, yPx: s / 2)
        for (width, colour) in [((SpriteIcons.ringStrokePx + 2 * SpriteIcons.ringHaloPx) * r, DrawingColor.white),
                                (SpriteIcons.ringStrokePx * r, DrawingColor(hex: start ? MapPalette.routeStart : MapPalette.routeEnd))] {
            canvas.newPath()
            canvas.addCircle(center: centre, radiusPx: radius)
            canvas.setColor(colour)
            canvas.setLineWidth(px: width)
            canvas.stroke()
        }
    }
}
