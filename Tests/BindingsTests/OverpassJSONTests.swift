import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import Bindings

@Suite struct OverpassJSONTests {
    /// The Pliny GeoJSON export's 50 ways written as Overpass API JSON, ways alternating between
    /// node references (`out body`) and inline geometry (`out geom`).
    static func overpassExport() throws -> (path: String, geo: [VectorFeature]) {
        let geo = try VectorReader.read(path: TestData.path("white-mountains/wmnf-pliney.geojson"))
        var elements: [[String: Any]] = [], nodeId = 1
        for (k, f) in geo.enumerated() {
            let coords = f.geometry.lines[0]
            var way: [String: Any] = ["type": "way", "id": Int(f.fields["osm_way_id"]!)!, "tags": f.fields.filter { $0.key != "osm_way_id" }]
            if k % 2 == 0 {
                elements += coords.enumerated().map { i, c in ["type": "node", "id": nodeId + i, "lat": c.lat, "lon": c.lon] }
                way["nodes"] = coords.indices.map { nodeId + $0 }
                nodeId += coords.count
            } else {
                way["geometry"] = coords.map { ["lat": $0.lat, "lon": $0.lon] }
            }
            elements.append(way)
        }
        let data = try JSONSerialization.data(withJSONObject: ["version": 0.6, "generator": "Overpass API 0.7.62.1", "elements": elements], options: [.prettyPrinted])
        let url = TestData.scratchFolder("overpass").appendingPathComponent("export.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return (url.path, geo)
    }

    @Test func overpassJSONReadsAsTheSameWaysAsTheGeoJSONExport() throws {
        let (path, geo) = try Self.overpassExport()
        #expect(OSMReader.handles(path: path) && !OSMReader.handles(path: TestData.path("white-mountains/wmnf-pliney.geojson")))
        let ways = try OSMReader.readLines(path: path, tags: ["highway"])
        #expect(ways.count == geo.count)
        let geoByID = Dictionary(uniqueKeysWithValues: geo.map { ($0.fields["osm_way_id"]!, $0) })
        for way in ways {
            let id = try #require(way.fields["osm_way_id"])
            let twin = try #require(geoByID[id], "way \(id) missing")
            let a = way.geometry.lines[0], b = twin.geometry.lines[0]
            #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0.lon - $1.lon) < 1e-7 && abs($0.lat - $1.lat) < 1e-7 }, "way \(id)")
            #expect(way.fields["name"] == twin.fields["name"] && way.fields["highway"] == twin.fields["highway"], "way \(id)")
        }
    }

    @Test func notOverpassOrBrokenJSONIsNamed() throws {
        #expect(!OverpassJSON.looksLikeOverpass(head: "{\"type\": \"FeatureCollection\", \"features\": []}"))
        #expect(OverpassJSON.looksLikeOverpass(head: "{\"elements\":[{\"type\":\"node\",\"id\":1}]}"))
        let url = TestData.scratchFolder("overpass-broken").appendingPathComponent("cut.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "{\"generator\": \"Overpass API\", \"elements\": [{\"type\": \"way\"".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: GDALError.self) { try OSMReader.readLines(path: url.path, tags: []) }
        do { _ = try OverpassJSON.osmXML(path: url.path) } catch { #expect(error.description.contains("cut.json") && error.description.contains("elements")) }
    }
}
