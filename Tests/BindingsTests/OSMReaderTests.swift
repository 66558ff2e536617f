import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import Bindings

@Suite struct OSMReaderTests {
    @Test func theExtractHoldsTheSameWaysAsTheGeoJSONExport() throws {
        let osm = try OSMReader.readLines(path: TestData.path("white-mountains/wmnf-pliney.osm.pbf"), tags: ["highway"])
        let geo = try VectorReader.read(path: TestData.path("white-mountains/wmnf-pliney.geojson"))
        #expect(osm.count == 50 && geo.count == 50)
        let geoByID = Dictionary(uniqueKeysWithValues: geo.map { ($0.fields["osm_way_id"]!, $0) })
        for way in osm {
            let id = try #require(way.fields["osm_way_id"])
            let twin = try #require(geoByID[id], "way \(id) missing from the GeoJSON")
            #expect(way.geometry == twin.geometry, "way \(id)")
            #expect(way.fields["name"] == twin.fields["name"], "way \(id)")
            #expect(way.fields["ref"] == twin.fields["ref"], "way \(id)")
            #expect(way.fields["highway"] == twin.fields["highway"], "way \(id)")
            // Only the tags asked for are read.
            #expect(Set(way.fields.keys).isSubset(of: ["osm_way_id", "name", "ref", "highway"]))
        }
        #expect(osm.filter { $0.fields["ref"] != nil }.map { $0.fields["ref"]! } == ["NH 110"])
    }

    @Test func GDALFiltersWaysByTagAsItReads() throws {
        let path = TestData.path("white-mountains/wmnf-pliney.osm.pbf")
        let all = try OSMReader.readLines(path: path, tags: ["highway"])
        let paths = try OSMReader.readLines(path: path, tags: ["highway"], matching: ["highway": ["path", "footway"]])
        #expect(paths.count == 41 && paths.allSatisfy { ["path", "footway"].contains($0.fields["highway"]) })
        #expect(paths.map(\.fields["osm_way_id"]) == all.filter { ["path", "footway"].contains($0.fields["highway"]) }.map(\.fields["osm_way_id"]))
        #expect(try OSMReader.readLines(path: path, tags: ["highway", "ref"], matching: ["ref": []]).map(\.fields["name"]) == ["Stark Highway"])
        #expect(OSMReader.whereClause(["highway": ["path", "it's"], "ro\"ute": []]) == "\"highway\" IN ('path', 'it''s') OR \"ro\"\"ute\" IS NOT NULL")
    }

    @Test func configurationNamesTheTagsAndReadsNoOtherTags() {
        let text = OSMReader.configText(lineTags: ["name", "ref", "highway", "sac_scale"])
        #expect(text.contains("[lines]\nosm_id=yes\n") && text.contains("attributes=name,ref,highway,sac_scale\nother_tags=no"))
        #expect(text.contains("attribute_name_laundering=no"))
    }

    @Test func aMissingExtractIsAnErrorNamingIt() {
        #expect(throws: GDALError.self) { try OSMReader.readLines(path: "/nonexistent/x.osm.pbf", tags: []) }
        #expect(OSMReader.handles(path: "a/b.OSM.PBF") && OSMReader.handles(path: "x.osm") && !OSMReader.handles(path: "x.geojson"))
    }
}

@Suite struct FormatHintTests {
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = TestData.scratchFolder("hint").appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func hintsNameWhatToExport() throws {
        // Overpass API JSON is read as trails (OSMReader); given where only GDAL reads, it is named.
        let overpass = try file("export.json", Array("{\n  \"version\": 0.6,\n  \"generator\": \"Overpass API 0.7.62\",\n  \"elements\": [{\"type\": \"way\", \"id\": 1}]\n}".utf8))
        #expect(FormatHint.hint(for: overpass)?.contains("give it as a trails file") == true)
        #expect(OSMReader.handles(path: overpass))
        #expect(FormatHint.hint(for: try file("dem.npz", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)))?.contains("convert it to GeoTIFF") == true)
        #expect(FormatHint.hint(for: try file("run.tcx", Array("<?xml version=\"1.0\"?><TrainingCenterDatabase/>".utf8)))?.contains("GPX") == true)
        // A GeoJSON file and an unrelated JSON get none.
        #expect(FormatHint.hint(for: TestData.path("white-mountains/wmnf-pliney.geojson")) == nil)
        #expect(FormatHint.hint(for: try file("other.json", Array("{\"a\": 1}".utf8))) == nil)
    }

    @Test func annotationKeepsTheReasonAndAddsOneHintLine() throws {
        let npz = try file("dem.npz", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        let e = FormatHint.annotate(GDALError(subject: npz, operation: "opening raster", reason: "not recognized"), path: npz)
        #expect(e.reason.hasPrefix("not recognized\nhint: ") && e.reason.split(separator: "\n").count == 2)
        // A missing file gets no hint (its problem is that it is missing).
        let missing = FormatHint.annotate(GDALError(subject: "/x/dem.npz", operation: "opening raster", reason: "no such file"), path: "/x/dem.npz")
        #expect(missing.reason == "no such file")
    }
}
