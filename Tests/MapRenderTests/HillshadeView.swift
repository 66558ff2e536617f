import Bindings
import Foundation
import TestSupport
import TrailpackCore

/// A region's hillshade.png resampled here (bilinear, columns in longitude, rows in web-mercator
/// Y between its bounds' outer edges) onto the pixels of a map view: what MapLibre should draw.
struct HillshadeView {
    let width: Int, height: Int
    let values: [Double]

    init(region: URL, view: MapView) throws {
        let png = try PNGImage.read(path: region.appendingPathComponent("hillshade.png").path)
        let manifest = try RegionPacks.json(region.appendingPathComponent("manifest.json"))
        let b = ((manifest["files"] as? [String: Any])?["hillshade"] as? [String: Any])?["bounds"] as? [Double] ?? []
        width = view.size.width
        height = view.size.height
        func mercY(_ lat: Double) -> Double { log(tan(.pi / 4 + lat * .pi / 360)) }
        let side = 512 * pow(2, view.zoom)
        let c = MapView.world(view.center, zoom: view.zoom)
        var out: [Double] = []
        for y in 0..<height {
            let wy = c.y + Double(y) + 0.5 - Double(height) / 2
            let lat = atan(sinh(.pi * (1 - 2 * wy / side))) * 180 / .pi
            let row = (mercY(b[3]) - mercY(lat)) / (mercY(b[3]) - mercY(b[1])) * Double(png.height) - 0.5
            for x in 0..<width {
                let lon = (c.x + Double(x) + 0.5 - Double(width) / 2) / side * 360 - 180
                let col = (lon - b[0]) / (b[2] - b[0]) * Double(png.width) - 0.5
                out.append(Self.bilinear(png, col, row))
            }
        }
        values = out
    }

    static func bilinear(_ png: PNGImage, _ x: Double, _ y: Double) -> Double {
        let x0 = max(0, min(png.width - 2, Int(x.rounded(.down)))), y0 = max(0, min(png.height - 2, Int(y.rounded(.down))))
        let fx = min(1, max(0, x - Double(x0))), fy = min(1, max(0, y - Double(y0)))
        func v(_ i: Int, _ j: Int) -> Double { Double(png.pixels[(j * png.width + i) * png.channels]) }
        let top = v(x0, y0) * (1 - fx) + v(x0 + 1, y0) * fx, bottom = v(x0, y0 + 1) * (1 - fx) + v(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The shift (pixels) of `drawn` against these values with the highest correlation.
    func bestShift(against drawn: RenderedImage, within r: Int) -> (dx: Int, dy: Int) {
        var best = (dx: 0, dy: 0, score: -Double.infinity)
        for dy in -r...r {
            for dx in -r...r {
                var a: [Double] = [], b: [Double] = []
                for y in stride(from: r, to: height - r, by: 2) {
                    for x in stride(from: r, to: width - r, by: 2) {
                        a.append(values[y * width + x])
                        b.append(Double(drawn.rgb(x + dx, y + dy)!.g))
                    }
                }
                let score = Self.correlation(a, b)
                if score > best.score { best = (dx, dy, score) }
            }
        }
        return (best.dx, best.dy)
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count), ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(a, b) { sab += (x - ma) * (y - mb); saa += (x - ma) * (x - ma); sbb += (y - mb) * (y - mb) }
        return sab / max(1e-9, (saa * sbb).squareRoot())
    }
}
