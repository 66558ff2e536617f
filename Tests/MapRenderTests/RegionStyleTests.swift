import Foundation
import MapStyle
import TestSupport
import Testing
import TrailpackCore

/// The styles trailpack writes, drawn by MapLibre Native itself: every layer draws, the drawing
/// sits where the data is, labels in any script show, vector tiles draw and are byte-identical.
@Suite(.serialized, .enabled(if: MapRenderer.isAvailable, "no mapli in .venv: run 'make venv'"))
struct RegionStyleTests {
    static let size = (width: 600, height: 400)

    /// A view of each layer's own data at zoom 13.5 (every layer of the style shows there).
    static func view(of layer: String, region: URL) throws -> LonLat {
        let trails = try RegionPacks.lines(region.appendingPathComponent("trails.geojson"))
        func middle(_ coords: [LonLat]) -> LonLat { coords[coords.count / 2] }
        switch layer {
        case "trails", "trails-label":
            // The longest named trail (labels need room along the line).
            let named = trails.filter { $0.properties["routeId"] == nil && $0.properties["name"] is String }.max { $0.coords.count < $1.coords.count }
            return middle(try #require(named ?? trails.first { $0.properties["routeId"] == nil }).coords)
        case "routes", "routes-casing":
            return middle(try #require(trails.first { $0.properties["routeId"] != nil }).coords)
        case "route-ends":
            return try #require(trails.first { $0.properties["routeId"] != nil }?.coords.first)
        case "pois":
            let poi = try #require((try RegionPacks.json(region.appendingPathComponent("pois.geojson"))["features"] as? [[String: Any]])?.first)
            let c = try #require((poi["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            return LonLat(c[0], c[1])
        default:
            let bbox = try #require((try RegionPacks.json(region.appendingPathComponent("manifest.json")))["bbox"] as? [Double])
            return LonLat((bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2)
        }
    }

    /// MapLibre drops a layer it cannot parse without a word, so "it rendered" proves nothing:
    /// each layer of each demo region, drawn alone over the background, changes pixels.
    @Test(arguments: ["pliny-kilkenny", "jacksboro"])
    func everyLayerAloneChangesPixels(region id: String) throws {
        let region = try RegionPacks.demo.get().appendingPathComponent(id)
        let layers = try #require(try RegionPacks.json(region.appendingPathComponent("style.json"))["layers"] as? [[String: Any]])
        // The routes' keep-out is invisible by design: RouteMarkerRenderTests sees it keep POI names off the routes.
        for layer in layers.compactMap({ $0["id"] as? String }) where layer != "background" && layer != "routes-keep-out" {
            var request = MapRenderer.Request(center: try Self.view(of: layer, region: region), zoom: 13.5, size: Self.size)
            request.onlyLayers = ["background"]
            let empty = try RenderedImage(try MapRenderer.run(style: region, request).png)
            request.onlyLayers = [layer]
            let drawn = try RenderedImage(try MapRenderer.run(style: region, request).png)
            #expect(drawn.differingPixels(from: empty) > 40, "\(id): layer \(layer) draws nothing at \(request.center) (\(drawn.differingPixels(from: empty)) pixels)")
        }
    }

    /// Each demo region renders whole, at its route, and close up at zoom 15, with no warning.
    @Test(arguments: ["pliny-kilkenny", "jacksboro"])
    func eachRegionRendersAtThreeZooms(region id: String) throws {
        let region = try RegionPacks.demo.get().appendingPathComponent(id)
        let routeAt = try Self.view(of: "routes", region: region)
        for (center, zoom) in [(try Self.view(of: "contours", region: region), 10.5), (routeAt, 13.0), (routeAt, 15.0)] {
            let report = try MapRenderer.run(style: region, MapRenderer.Request(center: center, zoom: zoom, size: Self.size))
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            let image = try RenderedImage(report.png)
            let colours = Set(stride(from: 0, to: image.width, by: 7).flatMap { x in stride(from: 0, to: image.height, by: 7).compactMap { y in
                image.rgb(x, y).map { $0.r * 65536 + $0.g * 256 + $0.b } } })
            #expect(colours.count > 20, "\(id) at zoom \(zoom) is nearly one colour")
        }
    }

    /// The route line MapLibre draws lies on the route's own coords, projected here, within 2 px at zoom 15.
    @Test func theRouteLineLiesOnItsCoordsAtZoom15() throws {
        let region = try RegionPacks.demo.get().appendingPathComponent("pliny-kilkenny")
        let route = try RegionPacks.json(region.appendingPathComponent("routes/mount-cabot.json"))
        let coords = try #require(route["coords"] as? [[Double]]).map { LonLat($0[0], $0[1]) }
        var request = MapRenderer.Request(center: coords[coords.count / 2], zoom: 15, size: Self.size)
        request.onlyLayers = ["routes"]
        let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
        let view = MapView(request)
        let rgb = MapPalette.routeRGB(index: 0)
        let (r, g, b) = (Int(rgb >> 16), Int(rgb >> 8 & 0xff), Int(rgb & 0xff))
        var checked = 0
        for p in coords.map(view.pixel) where p.x > 4 && p.y > 4 && p.x < Double(image.width - 4) && p.y < Double(image.height - 4) {
            let near = (-2...2).contains { dx in (-2...2).contains { dy in
                RenderedImage.near(image.rgb(Int(p.x) + dx, Int(p.y) + dy), r, g, b) } }
            #expect(near, "no route colour within 2 px of \(p)")
            checked += 1
        }
        #expect(checked > 30)
    }
}
