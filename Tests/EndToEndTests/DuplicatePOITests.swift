import Foundation
import PackJSON
import Testing
import TestSupport

/// The same places given by several inputs (issue 39): the demo's POIs as two GeoJSON files
/// besides its inline list, so each place is given three times. The build keeps each once with a
/// note, and no route announces a place twice.
@Suite struct DuplicatePOITests {
    @Test func placesGivenThreeTimesAreKeptOnceAndAnnouncedOnce() throws {
        let dir = TestData.scratchFolder("duplicate-pois")
        let poiFile = try DemoBuild.get().region.appendingPathComponent("pois.geojson")
        let copies = try ["a", "b"].map { name -> String in
            let url = dir.appendingPathComponent("\(name).geojson")
            try FileManager.default.copyItem(at: poiFile, to: url)
            return url.path
        }
        let text = try TestData.recipeText("pliny-kilkenny").replacingOccurrences(
            of: "pois: [", with: "pois: [\(copies.map { "\"\($0)\"" }.joined(separator: ", ")), ")
        let recipe = dir.appendingPathComponent("pliny-kilkenny.json5")
        try text.write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        let run = try TestData.run(["build", recipe.path, "--out", root.path])
        #expect(run.status == 0, "\(run.stderr)")
        let notes = run.stderr.split(separator: "\n").filter { $0.contains("kept once, as first given") }
        #expect(notes.count == 8, "\(run.stderr)")
        #expect(notes.contains { $0.contains("\"Mount Cabot\" is given 3 times within 0 m") }, "\(notes)")
        let region = root.appendingPathComponent("regions/pliny-kilkenny")
        let pois = try JSONParser.parse([UInt8](try Data(contentsOf: region.appendingPathComponent("pois.geojson"))))
        #expect(try pois.member("features").array().count == 8)
        for route in try FileManager.default.contentsOfDirectory(atPath: region.appendingPathComponent("routes").path) {
            let doc = try JSONParser.parse([UInt8](try Data(contentsOf: region.appendingPathComponent("routes/\(route)"))))
            var said: Set<String> = []
            for w in try doc.member("waypoints").array() where ["poi", "summit"].contains(try w.member("kind").string()) {
                let key = "\(try w.member("i").int()) \(try w.member("instruction").string())"
                #expect(!said.contains(key), "\(route): \(key) twice")
                said.insert(key)
            }
        }
        #expect(TestData.strictValidationFailure(root) == nil)
    }
}
