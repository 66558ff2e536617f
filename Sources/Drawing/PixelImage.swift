/// 8-bit raster pixels handed to or taken from a canvas: grey (1 channel), grey + alpha (2),
/// RGB (3) or RGBA (4), row-major, row 0 at the top, straight (not premultiplied) alpha.
public struct PixelImage: Equatable, Sendable {
    public var widthPx: Int
    public var heightPx: Int
    public var channels: Int
    public var pixels: [UInt8]

    /// - Precondition: `channels` is 1...4 and `pixels.count == widthPx * heightPx * channels`.
    public init(widthPx: Int, heightPx: Int, channels: Int, pixels: [UInt8]) {
        precondition((1...4).contains(channels), "channels must be 1...4, got \(channels)")
        precondition(pixels.count == widthPx * heightPx * channels, "pixel buffer does not match \(widthPx)x\(heightPx)x\(channels)")
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.channels = channels
        self.pixels = pixels
    }

    /// The `[r, g, b, a]` of pixel (column `x`, row `y`), grey expanded to RGB.
    public func rgba(x: Int, y: Int) -> [UInt8] {
        let k = (y * widthPx + x) * channels
        switch channels {
        case 1: return [pixels[k], pixels[k], pixels[k], 255]
        case 2: return [pixels[k], pixels[k], pixels[k], pixels[k + 1]]
        case 3: return [pixels[k], pixels[k + 1], pixels[k + 2], 255]
        default: return Array(pixels[k..<k + 4])
        }
    }
}
