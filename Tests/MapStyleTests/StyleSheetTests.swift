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

    @Test func eachRouteStartAndEndIsAPointOfTheRouteEndsSource() throws {
        var i = input
        i.routeEnds = [RouteEnds(routeId: "a", start: LonLat(-71.4, 44.5), end: LonLat(-71.3, 44.6)),
                       RouteEnds(routeId: "b", start: LonLat(-71.35, 44.45), end: LonLat(-71.35, 44.45))]
        let style = try JSONParser.parse(try JSONWriter().bytes(StyleSheet.document(i)))
        let features = try style.member("sources").member("route-ends").member("data").member("features").array()
        let points = try features.map { f in
            (try f.member("properties").member("routeId").string(), try f.member("properties").member("end").string(),
             try f.member("geometry").member("coordinates").array().map { try $0.double() })
        }
        #expect(points.map(\.0) == ["a", "a", "b", "b"] && points.map(\.1) == ["end", "start", "end", "start"])
        #expect(points[0].2 == [-71.3, 44.6] && points[1].2 == [-71.4, 44.5] && points[3].2 == [-71.35, 44.45])
        let ids = try style.member("layers").array().map { try $0.member("id").string() }
        // The keep-out is placed before the POI names (above them) and after the trail names.
        let at = { (id: String) in ids.firstIndex(of: id) ?? -1 }
        #expect(at("route-ends") > at("routes") && at("pois") < at("routes-keep-out") && at("routes-keep-out") < at("trails-label"), "\(ids)")
    }
}
