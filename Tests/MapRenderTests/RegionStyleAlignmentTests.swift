import Bindings
import Foundation
import MapStyle
import TestSupport
import Testing
import TrailpackCore

/// Where MapLibre puts the hillshade and the contours, against the data projected here; labels
/// in other scripts; vector tiles.
@Suite(.serialized, .enabled(if: MapRenderer.isAvailable, "no mapli in .venv: run 'make venv'"))
struct RegionStyleAlignmentTests {
    static var region: URL { get throws { try RegionPacks.demo.get().appendingPathComponent("pliny-kilkenny") } }

    /// The hillshade drawn by MapLibre matches hillshade.png resampled here onto the same view
    /// best at a shift of at most 2 px (so it lies where the terrain is), and every contour
    /// vertex in view has contour ink within 2 px: the two layers line up.
    @Test func theHillshadeAndTheContoursLineUpWithTheTerrain() throws {
        let region = try Self.region
        var request = MapRenderer.Request(center: LonLat(-71.41, 44.505), zoom: 13, size: (400, 300))
        request.onlyLayers = ["hillshade"]
        let drawn = try RenderedImage(try MapRenderer.run(style: region, request).png)
        let expected = try HillshadeView(region: region, view: MapView(request))
        let shift = expected.bestShift(against: drawn, within: 4)
        #expect(abs(shift.dx) <= 2 && abs(shift.dy) <= 2, "hillshade off by \(shift)")
        request.onlyLayers = ["contours-minor", "contours-index"]
        let contours = try RenderedImage(try MapRenderer.run(style: region, request).png)
        let paper = MapPalette.paper
        var checked = 0, missed = 0
        for line in try RegionPacks.lines(region.appendingPathComponent("contours.geojson")) {
            for p in line.coords.map(MapView(request).pixel) where p.x > 4 && p.y > 4 && p.x < 396 && p.y < 296 {
                checked += 1
                let inked = (-2...2).contains { dx in (-2...2).contains { dy in
                    !RenderedImage.near(contours.rgb(Int(p.x) + dx, Int(p.y) + dy), Int(paper >> 16), Int(paper >> 8 & 0xff), Int(paper & 0xff), tolerance: 12) } }
                if !inked { missed += 1 }
            }
        }
        #expect(checked > 200)
        #expect(missed == 0, "\(missed) of \(checked) contour vertices have no contour ink within 2 px")
    }

    /// POI labels in other scripts render (their glyph ranges are in the pack: MapLibre fails a
    /// whole render when a range is missing), as text under the icon.
    @Test func labelsWithNonASCIICharactersRender() throws {
        let region = try RegionPacks.tiles.get()[0]
        let glyphs = try FileManager.default.contentsOfDirectory(atPath: region.appendingPathComponent("map/glyphs/\(StyleSheet.fontstack)").path)
        #expect(Set(glyphs).isSuperset(of: ["0-255.pbf", "256-511.pbf", "8192-8447.pbf"]), "\(glyphs)")
        for place in RegionPacks.nonASCIIPlaces {
            var request = MapRenderer.Request(center: place, zoom: 14, size: (400, 300))
            request.onlyLayers = ["pois"]
            let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
            let ink = MapPalette.poi
            let text = image.pixels { r, g, b in
                RenderedImage.near((r, g, b), Int(ink >> 16), Int(ink >> 8 & 0xff), Int(ink & 0xff), tolerance: 60)
            }.filter { $0.y > 152 && $0.y < 195 }  // under the icon (its preferred anchor)
            #expect(text.count > 40, "the label under \(place) has \(text.count) text pixels")
        }
    }

    /// A region over map.vectorTilesAboveMB draws contours, trails and POIs from its PMTiles:
    /// every layer of its style, drawn alone, changes pixels, and two builds give the same bytes.
    @Test func vectorTilesDrawAndAreByteIdentical() throws {
        let builds = try RegionPacks.tiles.get()
        let style = try RegionPacks.json(builds[0].appendingPathComponent("style.json"))
        let sources = try #require(style["sources"] as? [String: Any])
        #expect(Set(sources.keys) == ["hillshade", "vector", "route-ends"])
        let tiles = try builds.map { try Data(contentsOf: $0.appendingPathComponent(StyleSheet.tilesPath)) }
        #expect(tiles[0] == tiles[1] && tiles[0].count > 10_000)
        let layers = (style["layers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.filter { $0 != "background" && $0 != "routes-keep-out" }
        #expect(layers.count == 10, "\(layers)")
        for layer in layers {
            var request = MapRenderer.Request(center: try RegionStyleTests.view(of: layer, region: builds[0]), zoom: 13.5, size: (600, 400))
            request.onlyLayers = ["background"]
            let empty = try RenderedImage(try MapRenderer.run(style: builds[0], request).png)
            request.onlyLayers = [layer]
            let drawn = try RenderedImage(try MapRenderer.run(style: builds[0], request).png)
            #expect(drawn.differingPixels(from: empty) > 40, "vector layer \(layer) draws nothing")
        }
    }

    /// A whole DEM tile drawn from `pmtiles://`: the full style renders at every other zoom from
    /// 8 (the region fits the phone at 7) to 16 with the route in its colour, and the trails beside it
    /// where the view reaches them.
    @Test func aBigRegionDrawsTheRouteAndTrailsFromZoom8To16() throws {
        let region = try RegionPacks.wholeTile.get()
        let style = try RegionPacks.json(region.appendingPathComponent("style.json"))
        let vector = try #require((style["sources"] as? [String: Any])?["vector"] as? [String: Any])
        #expect(vector["url"] as? String == "pmtiles://map/tiles.pmtiles" && vector["minzoom"] as? Int == 7)
        let route = try RegionPacks.routeCoords(region, id: "cabot")
        let middle = route[route.count / 2]
        let routeInk = MapPalette.routeRGB(index: 0)
        for zoom in stride(from: 8, through: 16, by: 2) {
            var request = MapRenderer.Request(center: middle, zoom: Double(zoom), size: (480, 320))
            let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
            let route = image.pixels { RenderedImage.near(($0, $1, $2), Int(routeInk >> 16), Int(routeInk >> 8 & 0xff), Int(routeInk & 0xff), tolerance: 30) }
            #expect(route.count > 20, "zoom \(zoom): no route drawn")
            // Up to zoom 11 the view holds the trail network beside the route (closer in, the
            // route hides the trails it follows); thin and dashed far out, so drawn alone.
            guard zoom <= 11 else { continue }
            request.onlyLayers = ["background"]
            let empty = try RenderedImage(try MapRenderer.run(style: region, request).png)
            request.onlyLayers = ["trails"]
            let trails = try RenderedImage(try MapRenderer.run(style: region, request).png)
            #expect(trails.differingPixels(from: empty) > 20, "zoom \(zoom): no trail drawn")
        }
    }

    /// At zoom 15 the route drawn from the tiles lies on the route file's line: every vertex in
    /// view has route ink within 2 px, and the ink is no wider than the line's own width away.
    @Test func theRouteFromTheTilesLiesWithin2PxOfItsLineAtZoom15() throws {
        let region = try RegionPacks.wholeTile.get()
        let route = try RegionPacks.routeCoords(region, id: "cabot")
        let ink = MapPalette.routeRGB(index: 0)
        for k in [route.count / 4, route.count / 2, 3 * route.count / 4] {
            var request = MapRenderer.Request(center: route[k], zoom: 15, size: (400, 300))
            request.onlyLayers = ["routes"]
            let image = try RenderedImage(try MapRenderer.run(style: region, request).png)
            let view = MapView(request)
            var checked = 0, missed = 0
            for p in route.map(view.pixel) where p.x > 4 && p.y > 4 && p.x < 396 && p.y < 296 {
                checked += 1
                let inked = (-2...2).contains { dx in (-2...2).contains { dy in
                    RenderedImage.near(image.rgb(Int(p.x) + dx, Int(p.y) + dy), Int(ink >> 16), Int(ink >> 8 & 0xff), Int(ink & 0xff), tolerance: 40) } }
                if !inked { missed += 1 }
            }
            #expect(checked > 20 && missed == 0, "around vertex \(k): \(missed) of \(checked) route vertices have no route ink within 2 px")
            let line = route.map(view.pixel)
            let far = image.pixels { RenderedImage.near(($0, $1, $2), Int(ink >> 16), Int(ink >> 8 & 0xff), Int(ink & 0xff), tolerance: 40) }
                .filter { distance((Double($0.x), Double($0.y)), toPolyline: line) > 6 }
            #expect(far.count < 10, "around vertex \(k): \(far.count) route pixels more than 6 px off the line")
        }
    }
}
