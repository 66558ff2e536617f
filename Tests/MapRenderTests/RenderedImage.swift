import Bindings
import Foundation

/// A decoded render (RGB or RGBA PNG) with the pixel queries the map tests need.
struct RenderedImage {
    let png: PNGImage

    init(_ url: URL) throws {
        png = try PNGImage.read(path: url.path)
    }

    var width: Int { png.width }
    var height: Int { png.height }

    /// The RGB of pixel (x, y); nil outside the image.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * png.channels
        return (Int(png.pixels[i]), Int(png.pixels[i + 1]), Int(png.pixels[i + 2]))
    }

    /// Every pixel (x, y) whose RGB passes `test`.
    func pixels(where test: (Int, Int, Int) -> Bool) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width {
                if let c = rgb(x, y), test(c.r, c.g, c.b) { found.append((x, y)) }
            }
        }
        return found
    }

    /// How many pixels differ from `other` (same size) by more than `tolerance` in a channel.
    func differingPixels(from other: RenderedImage, tolerance: Int = 8) -> Int {
        precondition(width == other.width && height == other.height, "sizes differ")
        var count = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = rgb(x, y)!, b = other.rgb(x, y)!
                if max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > tolerance { count += 1 }
            }
        }
        return count
    }

    /// True when the colour is close to `(r, g, b)` in every channel.
    static func near(_ c: (r: Int, g: Int, b: Int)?, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 40) -> Bool {
        guard let c else { return false }
        return abs(c.r - r) <= tolerance && abs(c.g - g) <= tolerance && abs(c.b - b) <= tolerance
    }
}

/// Distance in pixels from `p` to the polyline `line`.
func distance(_ p: (x: Double, y: Double), toPolyline line: [(x: Double, y: Double)]) -> Double {
    zip(line, line.dropFirst()).map { a, b in
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
    }.min() ?? .infinity
}
