import Bindings
import Drawing
import Foundation
import Preview
import Testing
import TrailpackCore

@Suite struct OverviewRendererTests {
    @Test func imageSizeFollowsTheHillshadeBounds() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let overview = try OverviewRenderer.render(pack)
        let edges = GridGeometry(width: fixture.terrain.width, height: fixture.terrain.height, bounds: fixture.terrain.bounds).pixelEdgeBounds
        let spanX = (edges.east - edges.west) * Double.pi / 180
        let spanY = WebMercator.y(latDeg: edges.north) - WebMercator.y(latDeg: edges.south)
        // The fixture region is taller than wide in mercator: height is the 2000 px long side.
        #expect(spanY > spanX)
        let mapWidth = (2000 * spanX / spanY).rounded()
        #expect(overview.frame.rect == PixelRect(xPx: 0, yPx: 0, widthPx: mapWidth, heightPx: 2000))
        #expect(overview.image.widthPx == Int(max(mapWidth, 1200)))
        #expect(overview.image.heightPx > 2000 && overview.image.heightPx < 2300)
    }

    @Test func routeVerticesCarryTheirRouteColour() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let overview = try OverviewRenderer.render(pack)
        let edges = try pack.hillshadeBounds()
        let checked = try RouteColourCheck.run(image: overview.image, routes: fixture.routes.map(\.coords), edges: edges,
                                               frameWidthPx: overview.frame.rect.widthPx, frameHeightPx: overview.frame.rect.heightPx,
                                               skipBoxes: overview.aboveRouteBoxes)
        #expect(checked.allSatisfy { $0 >= 20 }, "vertices checked per route: \(checked)")
    }

    @Test func hillshadeIsScaledIntoPlace() throws {
        // Replace the hillshade with a half-black (west) / half-white (east) image: the overview's
        // map must switch from dark to light at the frame's middle column.
        let fixture = try PreviewFixture.make()
        var pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        pack.contours = []
        pack.trails = []
        pack.pois = []
        pack.routes = []
        pack.hillshade = PNGImage(width: 4, height: 2, channels: 1, pixels: [0, 0, 255, 255, 0, 0, 255, 255])
        let overview = try OverviewRenderer.render(pack)
        let mid = Int(overview.frame.rect.widthPx / 2)
        let y = 1000
        func grey(_ x: Int) -> Int { Int(overview.image.rgba(x: x, y: y)[0]) }
        // Dark pixels are washed 20 % toward white: 0.2 * 255 = 51.
        #expect(abs(grey(mid - 300) - 51) <= 1)
        #expect(grey(mid + 300) == 255)
        // Bilinear scaling ramps across one source pixel (a quarter of the frame): half way at the middle.
        #expect(abs(grey(mid) - 153) <= 4)
        #expect(grey(mid - 120) < 120 && grey(mid + 120) > 190)
    }
}

/// Samples route vertices on a rendered map and checks each carries its route's colour.
enum RouteColourCheck {
    /// Returns how many vertices were checked per route; throws nothing but records failures.
    static func run(image: PixelImage, routes: [[LonLat]], edges: BBox, frameWidthPx: Double, frameHeightPx: Double,
                    skipBoxes: [PixelRect], colorIndex: (Int) -> Int = { $0 }) throws -> [Int] {
        let projected = routes.map { $0.map { Pixels.project($0, edges: edges, widthPx: frameWidthPx, heightPx: frameHeightPx) } }
        var counts: [Int] = []
        for (k, route) in projected.enumerated() {
            let color = RoutePalette.routeColor(index: colorIndex(k)).rgbBytes
            var checked = 0
            let step = max(1, route.count / 40)
            for v in stride(from: 0, to: route.count, by: step) {
                let p = route[v]
                let pixel = PixelPoint(xPx: p.x, yPx: p.y)
                if skipBoxes.contains(where: { $0.insetBy(marginPx: 4).contains(pixel) }) { continue }
                // Later routes are drawn above this one.
                let covered = projected[(k + 1)...].contains { later in
                    zip(later, later.dropFirst()).contains { Pixels.distanceToSegment(p, $0, $1) < 6 }
                }
                if covered { continue }
                let rgb = Array(image.rgba(x: Int(p.x), y: Int(p.y)).prefix(3)).map(Int.init)
                #expect(Pixels.matches(rgb, color, tolerance: 3), "route \(k) vertex \(v) at \(p): \(rgb)")
                checked += 1
            }
            counts.append(checked)
        }
        return counts
    }
}
