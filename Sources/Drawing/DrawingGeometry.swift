/// A point on a canvas in pixels: x to the right, y down, origin at the top-left corner of
/// the top-left pixel (pixel `(c, r)` covers `c...c+1`, `r...r+1`).
public struct PixelPoint: Equatable, Sendable {
    public var xPx: Double
    public var yPx: Double

    public init(xPx: Double, yPx: Double) {
        self.xPx = xPx
        self.yPx = yPx
    }

    /// Distance to another point in pixels.
    public func distancePx(to other: PixelPoint) -> Double {
        ((xPx - other.xPx) * (xPx - other.xPx) + (yPx - other.yPx) * (yPx - other.yPx)).squareRoot()
    }
}

/// An axis-aligned rectangle on a canvas, in pixels.
public struct PixelRect: Equatable, Sendable {
    public var xPx: Double
    public var yPx: Double
    public var widthPx: Double
    public var heightPx: Double

    public init(xPx: Double, yPx: Double, widthPx: Double, heightPx: Double) {
        self.xPx = xPx
        self.yPx = yPx
        self.widthPx = widthPx
        self.heightPx = heightPx
    }

    public var maxXPx: Double { xPx + widthPx }
    public var maxYPx: Double { yPx + heightPx }

    /// This rectangle grown by `marginPx` on every side.
    public func insetBy(marginPx: Double) -> PixelRect {
        PixelRect(xPx: xPx - marginPx, yPx: yPx - marginPx, widthPx: widthPx + 2 * marginPx, heightPx: heightPx + 2 * marginPx)
    }

    public func intersects(_ other: PixelRect) -> Bool {
        xPx < other.maxXPx && other.xPx < maxXPx && yPx < other.maxYPx && other.yPx < maxYPx
    }

    public func contains(_ p: PixelPoint) -> Bool {
        p.xPx >= xPx && p.xPx <= maxXPx && p.yPx >= yPx && p.yPx <= maxYPx
    }
}

/// An sRGB colour with straight (not premultiplied) alpha, each component 0...1.
public struct DrawingColor: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
                  blue: Double(hex & 0xff) / 255, alpha: alpha)
    }

    /// The 8-bit `[r, g, b]` this colour is written as when opaque.
    public var rgbBytes: [UInt8] {
        [red, green, blue].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    }

    /// `#rrggbb` for HTML.
    public var hexString: String {
        "#" + rgbBytes.map { b in
            let s = String(b, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    public static let white = DrawingColor(red: 1, green: 1, blue: 1)
    public static let black = DrawingColor(red: 0, green: 0, blue: 0)
}

/// Size of a piece of text as Cairo's toy API measures it, in pixels.
public struct TextExtents: Equatable, Sendable {
    /// Left edge of the ink relative to the text origin.
    public var bearingXPx: Double
    /// Top of the ink relative to the baseline (negative: above it).
    public var bearingYPx: Double
    public var widthPx: Double
    public var heightPx: Double
    /// How far the origin advances after the text.
    public var advanceXPx: Double
}
