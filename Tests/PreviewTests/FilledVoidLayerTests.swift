import Bindings
import Drawing
import Foundation
@testable import Preview
import Testing
import TrailpackCore

@Suite struct FilledVoidLayerTests {
    /// A manifest listing a filled void: the overview paints it magenta where the manifest says,
    /// and nowhere else.
    @Test func filledVoidAreasAreMarkedOnTheOverview() throws {
        let fixture = try PreviewFixture.make()
        var pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        #expect(pack.manifest.filledVoidAreas.isEmpty)
        pack.contours = []
        pack.trails = []
        pack.pois = []
        pack.routes = []
        let void = BBox(west: -71.295, south: 44.105, east: -71.290, north: 44.110)
        pack.manifest.filledVoidAreas = [void]
        let overview = try OverviewRenderer.render(pack)
        func rgb(_ p: LonLat) -> [Int] {
            let q = overview.frame.point(p)
            let k = (Int(q.yPx) * overview.image.widthPx + Int(q.xPx)) * overview.image.channels
            return (0..<3).map { Int(overview.image.pixels[k + $0]) }
        }
        let inside = rgb(LonLat(-71.2925, 44.1075)), outside = rgb(LonLat(-71.27, 44.12))
        // Magenta: red and blue well above green inside; grey outside.
        #expect(inside[0] - inside[1] > 40 && inside[2] - inside[1] > 20, "\(inside)")
        #expect(abs(outside[0] - outside[1]) < 12 && abs(outside[2] - outside[1]) < 12, "\(outside)")
    }

    @Test func theManifestsFilledVoidsReachTheReader() throws {
        let fixture = try PreviewFixture.make()
        let manifestURL = fixture.regionURL.appendingPathComponent("manifest.json")
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
        var files = manifest["files"] as! [String: Any]
        var terrain = files["terrain"] as! [String: Any]
        terrain["filledVoids"] = ["cells": 4, "areaCount": 2, "largestCells": 3, "largestBounds": [-71.295, 44.105, -71.29, 44.11],
                                  "areas": [[-71.295, 44.105, -71.29, 44.11], [-71.28, 44.12, -71.279, 44.121]]]
        files["terrain"] = terrain
        manifest["files"] = files
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: manifestURL)
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        // `areas` lists the largest first: it is marked once, and counted as areaCount says.
        #expect(pack.manifest.filledVoidAreas.count == 2)
        #expect(pack.manifest.filledVoidAreaCount == 2)
        #expect(pack.manifest.filledVoidAreas.last == BBox(west: -71.28, south: 44.12, east: -71.279, north: 44.121))
        #expect(FilledVoidLayer.note(areaCount: pack.manifest.filledVoidAreaCount) == "Magenta boxes: 2 filled DEM void area(s). ")
    }
}
