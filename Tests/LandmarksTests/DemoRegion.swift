import Foundation
import Landmarks
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// The demo region (pliny-kilkenny) built once per test run, read back as a client would.
enum DemoRegion {
    static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path

    static func build() -> (folder: URL, summary: BuildSummary) {
        let root = TestData.scratchFolder("landmarks-demo")
        let summary = try! PackBuilder.build(recipePath: recipe, outRoot: root.path)
        #expect(TestData.strictValidationFailure(root) == nil)
        return (root.appendingPathComponent("regions/pliny-kilkenny"), summary)
    }

    static let built = build()

    static let grid: TerrainGrid = try! TER1.decode([UInt8](try! Data(contentsOf: built.folder.appendingPathComponent("terrain.bin"))))

    /// A route file as JSON.
    static func routeJSON(_ id: String, in folder: URL = built.folder) -> [String: Any] {
        let data = try! Data(contentsOf: folder.appendingPathComponent("routes/\(id).json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    static let routeIDs = ["mount-cabot", "unknown-pond", "starr-king"]

    /// Vertices and their `ele` of a route.
    static func vertices(_ id: String) -> (coords: [LonLat], elevationsM: [Double]) {
        let coords = routeJSON(id)["coords"] as! [[Double]]
        return (coords.map { LonLat($0[0], $0[1]) }, coords.map { $0[2] })
    }

    /// The region's POIs as `pois.geojson` lists them.
    static var pois: [PointOfInterest] {
        let data = try! Data(contentsOf: built.folder.appendingPathComponent("pois.geojson"))
        let features = (try! JSONSerialization.jsonObject(with: data) as! [String: Any])["features"] as! [[String: Any]]
        return features.map { f in
            let p = f["properties"] as! [String: Any], xy = (f["geometry"] as! [String: Any])["coordinates"] as! [Double]
            return PointOfInterest(name: p["name"] as! String, kind: p["kind"] as! String, location: LonLat(xy[0], xy[1]))
        }
    }
}
