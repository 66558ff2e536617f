import MapStyle
import PackJSON
import Testing
import TrailpackCore

/// The style document's own consistency (the renderer tests judge how it draws).
@Suite struct StyleSheetTests {
    let input = StyleInput(regionName: "Test", bbox: BBox(west: -71.5, south: 44.4, east: -71.2, north: 44.7),
                           hillshadeBounds: BBox(west: -71.5001, south: 44.3999, east: -71.1999, north: 44.7001),
                           attribution: ["SRTM", "© OpenStreetMap contributors"], routeIds: ["a", "b"])

    func parsed(_ source: VectorSource) throws -> JSONNode {
        var i = input
        i.vectorSource = source
        return try JSONParser.parse(try JSONWriter().bytes(StyleSheet.document(i)))
    }

    @Test(arguments: [VectorSource.geoJSON, .pmtiles(minZoom: 9, maxZoom: 14)])
    func everyLayerHasAUniqueIdAndAKnownSourceAndEverySourceIsUsed(source: VectorSource) throws {
        let style = try parsed(source)
        #expect(try style.member("version").int() == 8)
        let layers = try style.member("layers").array()
        let ids = try layers.map { try $0.member("id").string() }
        #expect(Set(ids).count == ids.count)
        let sources = Set(try style.member("sources").object().compactMap(\.key))
        let used = Set(try layers.compactMap { try $0["source"]?.string() })
        #expect(used == sources)
    }

    @Test func everyURLIsRelativeToTheRegionFolder() throws {
        for source in [VectorSource.geoJSON, .pmtiles(minZoom: 9, maxZoom: 14)] {
            let style = try parsed(source)
            var urls = [try style.member("glyphs").string(), try style.member("sprite").string()]
            for s in try style.member("sources").object() {
                for key in ["url", "data"] { if let u = s[key] { urls.append(try u.string()) } }
            }
            for url in urls {
                let path = url.hasPrefix("pmtiles://") ? String(url.dropFirst("pmtiles://".count)) : url
                #expect(!path.hasPrefix("/") && !path.contains("..") && !path.contains("://") && !url.hasPrefix("http"), "\(url)")
            }
        }
    }

    @Test func theHillshadeSitsOnItsBoundsCornersClockwiseFromTheNorthWest() throws {
        let corners = try parsed(.geoJSON).member("sources").member("hillshade").member("coordinates").array()
            .map { try $0.array().map { try $0.double() } }
        let h = input.hillshadeBounds
        #expect(corners == [[h.west, h.north], [h.east, h.north], [h.east, h.south], [h.west, h.south]])
    }

    @Test func routesTakeThePreviewColoursInManifestOrder() throws {
        let layer = try #require(try parsed(.geoJSON).member("layers").array().first { try $0.member("id").string() == "routes" })
        let match = try layer.member("paint").member("line-color").array()
        #expect(try match[2].string() == "a" && match[3].value == .string(MapPalette.css(MapPalette.routeRGB(index: 0))))
        #expect(try match[4].string() == "b" && match[5].value == .string(MapPalette.css(MapPalette.routeRGB(index: 1))))
    }

    @Test func vectorTilesNameTheirSourceLayers() throws {
        let layers = try parsed(.pmtiles(minZoom: 9, maxZoom: 14)).member("layers").array()
        for layer in layers where layer["source"]?.value == .string("vector") {
            #expect(["contours", "trails", "pois", "trail-names"].contains(try layer.member("source-layer").string()))
        }
    }
}
