@testable import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

@Suite struct VectorReaderTests {
    @Test func readsGPXTracksAsSegmentsAndWaypointsAsPoints() throws {
        let features = try VectorReader.read(path: TestData.path("gpx/cerknicko-jezero.gpx"))
        let tracks = features.filter { $0.layer == "tracks" }
        let waypoints = features.filter { $0.layer == "waypoints" }
        #expect(tracks.count == 8)
        #expect(waypoints.count == 7)
        #expect(waypoints.allSatisfy { if case .point = $0.geometry { true } else { false } })
        #expect(features.allSatisfy { $0.layer != "track_points" && $0.layer != "route_points" })
    }

    @Test func readsOSMTrailsFromGeoJSON() throws {
        let features = try VectorReader.read(path: TestData.path("white-mountains/wmnf-pliney.geojson"))
        #expect(features.count == 50)
        #expect(features.filter { $0.name == nil }.count == 16)
        let bunnell = features.filter { $0.name == "Bunnell Notch Trail" }
        #expect(bunnell.count == 2)
        #expect(bunnell.allSatisfy { $0.fields["osm_way_id"] != nil })
    }

    @Test func geoJSONRoundTripsThroughTheWriter() throws {
        let dir = TestData.scratchFolder("geojson")
        let path = dir.appendingPathComponent("t.geojson").path
        let line: [LonLat] = [LonLat(-71.123456789, 44.5), LonLat(-71.2, 44.55)]
        try GeoJSONWriter.write(path: path, layerName: "t", fields: [GeoJSONField("name", .string), GeoJSONField("index", .boolean)],
                                features: [GeoJSONFeature(geometry: .lineString(line), values: [.null, .boolean(true)])])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("-71.1234568"))  // 7 decimals
        #expect(text.contains("\"name\": null") && text.contains("\"index\": true"))
        #expect(!text.contains("crs"))
        let back = try VectorReader.read(path: path)
        #expect(back.count == 1)
        #expect(back[0].fields["index"] == "1")
        guard case .lineString(let coords) = back[0].geometry else { Issue.record("not a line"); return }
        #expect(abs(coords[0].lon - -71.1234568) < 1e-9)
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: GDALError.self) { try VectorReader.read(path: "/nonexistent/trails.gpx") }
    }

    /// OGR's KML drivers name the placemark field `Name`; attributes are found in any case, the
    /// exact spelling first.
    @Test func kmlPlacemarkNamesAndDataAreFoundInAnyCase() throws {
        let path = TestData.scratchFolder("kml-fields").appendingPathComponent("p.kml").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><name>Mount Cabot</name><ExtendedData><Data name="KIND"><value>summit</value></Data></ExtendedData><Point><coordinates>-71.4141,44.5059</coordinates></Point></Placemark>
            <Placemark><name> </name><Point><coordinates>-71.3905,44.5290</coordinates></Point></Placemark>
            </Document></kml>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let features = try VectorReader.read(path: path)
        #expect(features.count == 2)
        #expect(features.first?.fields["name"] == nil && features.first?.fields["Name"] == "Mount Cabot")
        #expect(features.first?.name == "Mount Cabot" && features.first?.field("kind") == "summit")
        #expect(features.last?.name == nil)
        let both = VectorFeature(layer: "l", index: 0, fields: ["NAME": "b", "Name": "a", "name": "exact"], geometry: .point(LonLat(0, 0)))
        #expect(both.name == "exact")
        var cased = both
        cased.fields["name"] = nil
        #expect(cased.name == "b")   // "NAME" < "Name" in code point order
    }
}
