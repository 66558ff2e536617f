import Foundation
import Landmarks
import Pipeline
import TestSupport
import Testing
import TrailpackCore

/// The demo region (pliny-kilkenny) built once per test run, read back as a client would.
enum DemoRegion {
    static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path

    /// A fresh build of the demo into its own root (for the build-twice comparison).
    /// - Throws: the build's error.
    static func build() throws -> (folder: URL, summary: BuildSummary) {
        let root = TestData.scratchFolder("landmarks-demo")
        let summary = try TestData.build(recipePath: recipe, outRoot: root.path)
        #expect(TestData.strictValidationFailure(root) == nil)
        return (root.appendingPathComponent("regions/pliny-kilkenny"), summary)
    }

    /// The shared demo build (`DemoBuild`): its region folder and summary.
    static var built: (folder: URL, summary: BuildSummary) {
        get throws { let b = try DemoBuild.get(); return (b.region, b.summary) }
    }

    private static let decodedGrid = Result<TerrainGrid, any Error> {
        try TER1.decode([UInt8](try Data(contentsOf: try built.folder.appendingPathComponent("terrain.bin"))))
    }
    static var grid: TerrainGrid { get throws { try decodedGrid.get() } }

    /// A route file as JSON.
    static func routeJSON(_ id: String, in folder: URL? = nil) throws -> [String: Any] {
        let data = try Data(contentsOf: try (folder ?? built.folder).appendingPathComponent("routes/\(id).json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static let routeIDs = ["mount-cabot", "unknown-pond", "starr-king"]

    /// Vertices and their `ele` of a route.
    static func vertices(_ id: String) throws -> (coords: [LonLat], elevationsM: [Double]) {
        let coords = try routeJSON(id)["coords"] as? [[Double]] ?? []
        return (coords.map { LonLat($0[0], $0[1]) }, coords.map { $0[2] })
    }

    /// The region's POIs as `pois.geojson` lists them.
    static var pois: [PointOfInterest] { get throws {
        let data = try Data(contentsOf: try built.folder.appendingPathComponent("pois.geojson"))
        let features = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["features"] as? [[String: Any]] ?? []
        return features.map { f in
            let p = f["properties"] as! [String: Any], xy = (f["geometry"] as! [String: Any])["coordinates"] as! [Double]
            return PointOfInterest(name: p["name"] as! String, kind: p["kind"] as! String, location: LonLat(xy[0], xy[1]))
        }
    } }
}
