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
            }.filter { $0.y > 155 && $0.y < 185 }
            #expect(text.count > 60, "the label under \(place) has \(text.count) text pixels")
        }
    }

    /// A region over map.vectorTilesAboveMB draws contours, trails and POIs from its MBTiles:
    /// each of those layers draws, and two builds give the same file bytes.
    @Test func vectorTilesDrawAndAreByteIdentical() throws {
        let builds = try RegionPacks.tiles.get()
        let style = try RegionPacks.json(builds[0].appendingPathComponent("style.json"))
        let sources = try #require(style["sources"] as? [String: Any])
        #expect(Set(sources.keys) == ["hillshade", "vector"])
        let tiles = try builds.map { try Data(contentsOf: $0.appendingPathComponent(StyleSheet.tilesPath)) }
        #expect(tiles[0] == tiles[1] && tiles[0].count > 10_000)
        for layer in ["contours-index", "contours-label", "trails", "trails-label", "routes", "pois"] {
            var request = MapRenderer.Request(center: try RegionStyleTests.view(of: layer, region: builds[0]), zoom: 13.5, size: (600, 400))
            request.onlyLayers = ["background"]
            let empty = try RenderedImage(try MapRenderer.run(style: builds[0], request).png)
            request.onlyLayers = [layer]
            let drawn = try RenderedImage(try MapRenderer.run(style: builds[0], request).png)
            #expect(drawn.differingPixels(from: empty) > 40, "vector layer \(layer) draws nothing")
        }
    }
}
