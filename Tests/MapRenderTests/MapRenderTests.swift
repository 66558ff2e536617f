import Foundation
import Testing
import TestSupport
import TrailpackCore

/// The MapLibre Native harness (`scripts/render_style.py` through `MapRenderer`) on a
/// hand-made style: placement against our own web-mercator projection, layers alone, broken
/// layers, offline refusal, the timeout. Serialized: each render is a ~120 MB child process.
@Suite(.serialized, .enabled(if: MapRenderer.isAvailable, "no mapli in .venv: run 'make venv'"))
struct MapRenderTests {
    static func request(zoom: Double = 15, only: [String]? = nil) -> MapRenderer.Request {
        var request = MapRenderer.Request(center: StyleFixture.center, zoom: zoom, size: (512, 512))
        request.onlyLayers = only
        return request
    }

    static func isRed(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g < 80 && b < 80 }

    @Test func trailLineLiesOnItsProjectedCoordinates() throws {
        let fixture = try StyleFixture()
        let request = Self.request(only: ["trails"])
        let image = try RenderedImage(MapRenderer.run(style: fixture.style, request).png)
        let view = MapView(request)
        let line = StyleFixture.trail.map(view.pixel)
        let red = image.pixels(where: Self.isRed)
        #expect(red.count > 400, "the trail is about 500 px long")
        let worst = red.map { distance((Double($0.x) + 0.5, Double($0.y) + 0.5), toPolyline: line) }.max() ?? 0
        #expect(worst <= 2, "a red pixel lies \(worst) px from the projected trail")
        // ... and the whole trail is drawn: every projected point has a red pixel within 2 px.
        for (a, b) in zip(line, line.dropFirst()) {
            for t in stride(from: 0.0, through: 1.0, by: 0.05) {
                let p = (x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                #expect(red.contains { hypot(Double($0.x) + 0.5 - p.x, Double($0.y) + 0.5 - p.y) <= 2 }, "no red near \(p)")
            }
        }
    }

    @Test func imageSourceCornersLandOnTheirProjectedPositions() throws {
        let fixture = try StyleFixture()
        let request = Self.request(only: ["hillshade"])
        let image = try RenderedImage(MapRenderer.run(style: fixture.style, request).png)
        let view = MapView(request)
        let box = StyleFixture.image
        // corner, inward direction, colour inside (the image's corner pixel).
        let corners: [(LonLat, Int, Int, [UInt8])] = [
            (LonLat(box.west, box.north), 1, 1, StyleFixture.imageColours[0]),
            (LonLat(box.east, box.north), -1, 1, StyleFixture.imageColours[1]),
            (LonLat(box.east, box.south), -1, -1, StyleFixture.imageColours[3]),
            (LonLat(box.west, box.south), 1, -1, StyleFixture.imageColours[2]),
        ]
        for (corner, dx, dy, colour) in corners {
            let p = view.pixel(corner)
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            let inside = image.rgb(x + 2 * dx - (dx < 0 ? 1 : 0), y + 2 * dy - (dy < 0 ? 1 : 0))
            let outside = image.rgb(x - 2 * dx - (dx > 0 ? 1 : 0), y - 2 * dy - (dy > 0 ? 1 : 0))
            #expect(RenderedImage.near(inside, Int(colour[0]), Int(colour[1]), Int(colour[2])), "inside \(corner): \(String(describing: inside))")
            #expect(RenderedImage.near(outside, 255, 255, 255), "outside \(corner): \(String(describing: outside))")
        }
    }

    @Test(arguments: ["hillshade", "trails"])
    func aLayerAloneChangesPixelsOverTheBackground(layer: String) throws {
        let fixture = try StyleFixture()
        let background = try RenderedImage(MapRenderer.run(style: fixture.style, Self.request(only: ["background"])).png)
        let alone = try RenderedImage(MapRenderer.run(style: fixture.style, Self.request(only: [layer])).png)
        #expect(alone.differingPixels(from: background) > 300)
    }

    @Test func brokenLayersAreDroppedAndTheOthersDrawn() throws {
        let clean = try StyleFixture()
        let broken = try StyleFixture { style in
            var layers = style["layers"] as! [[String: Any]]
            layers.insert(["id": "broken", "type": "bogus", "source": "trails"], at: 1)
            layers.append(["id": "orphan", "type": "line", "source": "nowhere"])
            style["layers"] = layers
        }
        let report = try MapRenderer.run(style: broken.style, Self.request())
        let expected = try RenderedImage(MapRenderer.run(style: clean.style, Self.request()).png)
        #expect(try RenderedImage(report.png).differingPixels(from: expected) == 0)
        #expect(report.warnings.contains { $0.hasPrefix("layer broken: unknown type 'bogus'") })
        #expect(report.warnings.contains { $0.hasPrefix("layer orphan: unknown source 'nowhere'") })
        // Rendered alone, the broken layer draws nothing: how a test finds a layer MapLibre dropped.
        let background = try RenderedImage(MapRenderer.run(style: broken.style, Self.request(only: ["background"])).png)
        let alone = try RenderedImage(MapRenderer.run(style: broken.style, Self.request(only: ["broken"])).png)
        #expect(alone.differingPixels(from: background) == 0)
    }
}
