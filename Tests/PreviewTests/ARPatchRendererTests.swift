import Drawing
import Foundation
import Preview
import Testing
import TrailpackCore

@Suite struct ARPatchRendererTests {
    @Test func closeUpShowsTheRouteOnItsPatch() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        for (k, route) in pack.routes.enumerated() {
            let patch = try pack.arPatch(for: route)
            #expect(patch == fixture.routes[k].patch)
            let rendering = try ARPatchRenderer.render(route: route, patch: patch, trails: pack.trails, color: RoutePalette.routeColor(index: k))
            let edges = GridGeometry(width: patch.width, height: patch.height, bounds: patch.bounds).pixelEdgeBounds
            let spanX = (edges.east - edges.west) * Double.pi / 180
            let spanY = WebMercator.y(latDeg: edges.north) - WebMercator.y(latDeg: edges.south)
            let w = spanX >= spanY ? 1400 : (1400 * spanX / spanY).rounded()
            let h = spanX >= spanY ? (1400 * spanY / spanX).rounded() : 1400
            #expect(rendering.image.widthPx == Int(max(w, 900)) && rendering.image.heightPx == Int(h) + 100)
            let checked = try RouteColourCheck.run(image: rendering.image, routes: [route.coords], edges: edges, frameWidthPx: w,
                                                   frameHeightPx: h, skipBoxes: rendering.aboveRouteBoxes, colorIndex: { _ in k })
            #expect(checked[0] >= 20, "route \(route.id): \(checked[0]) vertices checked")
        }
    }
}
