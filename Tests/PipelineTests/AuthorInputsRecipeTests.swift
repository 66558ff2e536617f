import Foundation
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

/// Recipe keys and load-time rules of issue 12: `trailTags`, `track.joinM`, ambiguous vias,
/// names from `ref`.
@Suite struct AuthorInputsRecipeTests {
    func recipe(_ body: String) throws -> String {
        let path = TestData.scratchFolder("recipe12").appendingPathComponent("r.json5").path
        try "{\n  id: \"r\",\n  name: \"R\",\n  attribution: [\"a\"],\n  bbox: [-71.5, 44.4, -71.3, 44.5],\n  dem: [\"\(TestData.path("white-mountains/N44W072.hgt"))\"],\n\(body)\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func loadError(_ body: String) throws -> String {
        do { _ = try RecipeLoader.load(path: try recipe(body)) } catch let e as BuildError { return e.description }
        Issue.record("loaded: \(body)")
        return ""
    }

    @Test func trailTagsAndJoinMHaveDocumentedDefaults() throws {
        let r = try RecipeLoader.load(path: try recipe("  routes: [{ id: \"t\", name: \"T\", track: \"x.gpx\" }],"))
        #expect(r.trailTags == OSMTagFilter(tags: ["highway": ["path", "footway", "track", "bridleway", "steps"]]))
        #expect(r.routes[0].trackJoinM == 50)
    }

    @Test func trailTagsAndJoinMAreRead() throws {
        let r = try RecipeLoader.load(path: try recipe("""
              trailTags: { highway: ["path", "residential"], route: true },
              routes: [{ id: "t", name: "T", track: { file: "x.gpx", joinM: 120 } }, { id: "u", name: "U", track: "y.gpx" }],
            """))
        #expect(r.trailTags.tags == ["highway": ["path", "residential"], "route": []])
        #expect(r.routes.map(\.trackJoinM) == [120, 50])
    }

    @Test func badValuesNameTheLineAndKey() throws {
        let neg = try loadError("  routes: [{ id: \"t\", name: \"T\", track: { file: \"x.gpx\", joinM: -5 } }],")
        #expect(neg.contains("r.json5:7") && neg.contains("routes[0].track.joinM"), "\(neg)")
        let empty = try loadError("  trailTags: { highway: [] },")
        #expect(empty.contains("r.json5:7") && empty.contains("trailTags.highway") && empty.contains("use true"), "\(empty)")
        let no = try loadError("  trailTags: {},")
        #expect(no.contains("trailTags") && no.contains("at least one tag"), "\(no)")
        let typo = try loadError("  routes: [{ id: \"t\", name: \"T\", track: { file: \"x.gpx\", joinMM: 5 } }],")
        #expect(typo.contains("joinMM") && typo.contains("joinM"), "\(typo)")
    }

    @Test func theTagFilterAcceptsListedValuesOrAnyValue() {
        let f = OSMTagFilter(tags: ["highway": ["path", "steps"], "route": []])
        #expect(f.accepts(["highway": "path"]) && f.accepts(["highway": "steps", "name": "x"]))
        #expect(f.accepts(["route": "hiking"]))
        #expect(!f.accepts(["highway": "residential"]) && !f.accepts(["name": "x"]))
        #expect(f.description == "highway=path|steps or route=*")
    }

    @Test func viaNamesMatchingPOIsAtTwoPlacesAreAmbiguous() throws {
        let a = PointOfInterest(name: "Mount Cabot", kind: "summit", location: LonLat(-71.4141, 44.5059))
        let sameSpot = PointOfInterest(name: "MOUNT CABOT", kind: "summit", location: LonLat(-71.41412, 44.50591))
        let elsewhere = PointOfInterest(name: "mount cabot", kind: "viewpoint", location: LonLat(-71.4000, 44.5183))
        let fail = { (m: String) in BuildError.route(id: "r", location: "r.json5:3", message: m) }
        #expect(try ViaResolver.poi(named: "mount cabot", via: 2, among: [a, sameSpot], fail: fail) == a)
        #expect(try ViaResolver.poi(named: "Other", via: 2, among: [a], fail: fail) == nil)
        do {
            _ = try ViaResolver.poi(named: "Mount Cabot", via: 2, among: [a, sameSpot, elsewhere], fail: fail)
            Issue.record("an ambiguous via resolved")
        } catch {
            #expect("\(error)".contains("via 2 \"Mount Cabot\" is ambiguous: it matches 2 POIs"), "\(error)")
        }
    }

    @Test func linesThatNeverReachTheRegionAreLeftOutWithANote() throws {
        let path = TestData.scratchFolder("outside").appendingPathComponent("t.geojson").path
        // Inside, crossing (no vertex inside) and outside the bbox [-71.5, 44.4, -71.3, 44.5].
        try """
        {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "In"}, "geometry": {"type": "LineString", "coordinates": [[-71.45, 44.45], [-71.44, 44.46]]}},
        {"type": "Feature", "properties": {"name": "Across"}, "geometry": {"type": "LineString", "coordinates": [[-71.55, 44.45], [-71.25, 44.45]]}},
        {"type": "Feature", "properties": {"name": "Out"}, "geometry": {"type": "LineString", "coordinates": [[-71.2, 44.45], [-71.1, 44.46]]}}
        ]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try RecipeLoader.load(path: try recipe(""))
        let (lines, diagnostics) = try TrailSource.read(path: path, recipe: r)
        #expect(lines.map(\.name) == ["In", "Across"])
        #expect(diagnostics == [Diagnostic(.note, path, "1 of 3 lines lie outside the region and are left out")])
    }

    @Test func unnamedWaysTakeTheirRef() throws {
        let path = TestData.scratchFolder("ref").appendingPathComponent("t.geojson").path
        try """
        {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"ref": "NH 110", "osm_way_id": 7}, "geometry": {"type": "LineString", "coordinates": [[-71.45, 44.45], [-71.44, 44.46]]}},
        {"type": "Feature", "properties": {"name": "Trail", "ref": "T1"}, "geometry": {"type": "LineString", "coordinates": [[-71.45, 44.45], [-71.43, 44.45]]}}
        ]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var r = try RecipeLoader.load(path: try recipe(""))
        r.trails = [path]
        let (lines, diagnostics) = try TrailSource.read(path: path, recipe: r)
        #expect(lines.map(\.name) == ["NH 110", "Trail"])
        #expect(lines.map(\.id) == ["way/7", "t.geojson#t/1"])
        #expect(diagnostics.isEmpty)
    }
}
