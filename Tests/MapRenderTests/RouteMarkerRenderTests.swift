import Foundation
import MapStyle
import Preview
import TestSupport
import Testing
import TrailpackCore

/// What issue 41 asked of the MapLibre renders, found in MapLibre Native's own pixels: rings at
/// each route's start and end, route frames holding their subject inside the region, POI names
/// off the route line, trail names from the zoom `TrailNameZoom` computes.
@Suite(.serialized, .enabled(if: MapRenderer.isAvailable, "no mapli in .venv: run 'make venv'"))
struct RouteMarkerRenderTests {
    static func rgb(_ c: UInt32) -> (Int, Int, Int) { (Int(c >> 16), Int(c >> 8 & 0xff), Int(c & 0xff)) }

    /// Pixels of colour `c` (within 40) at a distance in `radii` from `p`.
    static func ring(_ image: RenderedImage, at p: (x: Double, y: Double), radii: ClosedRange<Double>, colour c: UInt32) -> Int {
        let (r, g, b) = rgb(c)
        var count = 0
        let reach = Int(radii.upperBound) + 1
        for dy in -reach...reach {
            for dx in -reach...reach where radii.contains(hypot(Double(dx), Double(dy))) {
                if RenderedImage.near(image.rgb(Int(p.x) + dx, Int(p.y) + dy), r, g, b) { count += 1 }
            }
        }
        return count
    }

    /// A route's start shows a green ring and its end a black one, in the full style at zoom 14;
    /// the route's middle has neither.
    @Test(arguments: ["pliny-kilkenny", "jacksboro"])
    func startAndEndRingsShowAtTheRoutesEnds(region id: String) throws {
        let region = try RegionPacks.demo.get().appendingPathComponent(id)
        let manifest = try RegionPacks.json(region.appendingPathComponent("manifest.json"))
        for route in (manifest["routes"] as? [[String: Any]] ?? []).compactMap({ $0["id"] as? String }) {
            let coords = try RegionPacks.routeCoords(region, id: route)
            let (start, end, middle) = (coords[0], coords[coords.count - 1], coords[coords.count / 2])
            for (place, what) in [(start, "start"), (end, "end"), (middle, "middle")] {
                let request = MapRenderer.Request(center: place, zoom: 14, size: (300, 200))
                let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
                let p = MapView(request).pixel(place)
                let r = SpriteIcons.ringRadiusPx
                let green = Self.ring(image, at: p, radii: (r.start - 2)...(r.start + 2), colour: MapPalette.routeStart)
                let black = Self.ring(image, at: p, radii: (r.end - 2)...(r.end + 2), colour: MapPalette.routeEnd)
                switch what {
                case "start": #expect(green > 60, "\(id)/\(route): \(green) green ring pixels at the start")
                case "end": #expect(black > 80, "\(id)/\(route): \(black) black ring pixels at the end")
                default: #expect(green < 5 && black < 5, "\(id)/\(route): a ring at the middle (\(green) green, \(black) black)")
                }
            }
        }
    }

    /// The preview's route view, rendered: both rings in the picture, the picture inside the region
    /// (no paper beyond the hillshade), for the demo regions and the whole N44W072 tile.
    @Test(arguments: ["pliny-kilkenny", "jacksboro", "whole-tile"])
    func theRouteViewHoldsItsRouteInsideTheRegion(region id: String) throws {
        let region = id == "whole-tile" ? try RegionPacks.wholeTile.get() : try RegionPacks.demo.get().appendingPathComponent(id)
        let bbox = try #require(try RegionPacks.json(region.appendingPathComponent("manifest.json"))["bbox"] as? [Double])
        let box = BBox(west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3])
        let manifest = try RegionPacks.json(region.appendingPathComponent("manifest.json"))
        let first = try #require((manifest["routes"] as? [[String: Any]])?.first?["id"] as? String)
        let coords = try RegionPacks.routeCoords(region, id: first)
        let view = MapLibreView.views(bbox: box, firstRoute: coords)[1]
        let request = MapRenderer.Request(center: view.center, zoom: view.zoom, size: (view.width, view.height))
        let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
        let mapView = MapView(request)
        let scale = min(1, 0.55 + 0.45 * (view.zoom - 9) / 4)
        let r = SpriteIcons.ringRadiusPx
        let green = Self.ring(image, at: mapView.pixel(coords[0]), radii: (r.start * scale - 2)...(r.start * scale + 2), colour: MapPalette.routeStart)
        let black = Self.ring(image, at: mapView.pixel(coords[coords.count - 1]), radii: (r.end * scale - 2)...(r.end * scale + 2), colour: MapPalette.routeEnd)
        #expect(green > 30 && black > 40, "\(id): rings in the route view: \(green) green, \(black) black pixels")
        for p in coords.map(mapView.pixel) {
            #expect(p.x >= MapLibreFrame.marginPx - 1 && p.y >= MapLibreFrame.marginPx - 1
                    && p.x <= Double(view.width) - MapLibreFrame.marginPx + 1 && p.y <= Double(view.height) - MapLibreFrame.marginPx + 1,
                    "\(id): route vertex at \(p) in \(view.width)x\(view.height)")
        }
        let (pr, pg, pb) = Self.rgb(MapPalette.paper)
        let paper = image.pixels { RenderedImage.near(($0, $1, $2), pr, pg, pb, tolerance: 2) }.count
        #expect(Double(paper) < 0.002 * Double(image.width * image.height), "\(id): \(paper) pixels of bare paper (outside the region)")
    }

    /// POI names never sit on a route line: in each route view of the demo region, no POI-name
    /// ink within 2 px of a route's projected line, while names are drawn.
    @Test func poiNamesStayOffTheRouteLines() throws {
        let region = try RegionPacks.demo.get().appendingPathComponent("pliny-kilkenny")
        let manifest = try RegionPacks.json(region.appendingPathComponent("manifest.json"))
        let ids = (manifest["routes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let routes = try ids.map { try RegionPacks.routeCoords(region, id: $0) }
        let bbox = try #require(manifest["bbox"] as? [Double])
        let box = BBox(west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3])
        let (r, g, b) = Self.rgb(MapPalette.poi)
        for (id, coords) in zip(ids, routes) {
            let view = MapLibreView.views(bbox: box, firstRoute: coords)[1]
            let request = MapRenderer.Request(center: view.center, zoom: view.zoom, size: (view.width, view.height))
            let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
            let lines = routes.map { $0.map(MapView(request).pixel) }
            let ink = image.pixels { RenderedImage.near(($0, $1, $2), r, g, b, tolerance: 50) }
            let onRoute = ink.filter { q in lines.contains { distance((Double(q.x) + 0.5, Double(q.y) + 0.5), toPolyline: $0) <= 2 } }
            #expect(ink.count > 100, "\(id): \(ink.count) pixels of POI names")
            #expect(onRoute.count <= 2, "\(id): \(onRoute.count) pixels of POI names on a route line")
        }
    }

    /// Trail names: none below the layer's minzoom; from the zoom `TrailNameZoom` gives the
    /// trail of the lowest zoom, that trail's name is drawn along it.
    @Test func trailNamesShowFromTheirComputedZoom() throws {
        let region = try RegionPacks.demo.get().appendingPathComponent("pliny-kilkenny")
        let style = try RegionPacks.json(region.appendingPathComponent("style.json"))
        let layer = try #require((style["layers"] as? [[String: Any]])?.first { $0["id"] as? String == "trails-label" })
        let minZoom = try #require(layer["minzoom"] as? Double)
        #expect(minZoom < 12.5, "trail names start below the old 12.5: \(minZoom)")
        let named = try RegionPacks.lines(region.appendingPathComponent("trails.geojson"))
            .filter { $0.properties["routeId"] == nil && $0.properties["name"] is String }
        let first = try #require(named.min {
            TrailNameZoom.zoom(name: $0.properties["name"] as! String, coords: $0.coords) < TrailNameZoom.zoom(name: $1.properties["name"] as! String, coords: $1.coords)
        })
        // The build computes it on the trails simplified for their names (straighter): the same
        // whole zoom, or one below.
        let zoom = TrailNameZoom.zoom(name: first.properties["name"] as! String, coords: first.coords)
        #expect(zoom == minZoom || zoom == minZoom + 1, "the layer starts at the first trail's zoom (\(minZoom), \(zoom))")
        let ink = Self.rgb(MapPalette.trail)
        func textPixels(at z: Double) throws -> Int {
            var request = MapRenderer.Request(center: first.coords[first.coords.count / 2], zoom: z, size: (600, 400))
            request.onlyLayers = ["trails-label"]
            let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
            return image.pixels { RenderedImage.near(($0, $1, $2), ink.0, ink.1, ink.2, tolerance: 50) }.count
        }
        #expect(try textPixels(at: minZoom - 0.3) == 0, "no trail name below \(minZoom)")
        let at = try textPixels(at: zoom)
        #expect(at > 80, "\(first.properties["name"]!): \(at) text pixels at zoom \(zoom)")
        let atMin = try textPixels(at: minZoom)
        #expect(atMin > 80, "\(first.properties["name"]!): \(atMin) text pixels at the layer's minzoom \(minZoom)")
    }
}
