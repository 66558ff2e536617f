import Foundation
import Testing
import TestSupport

/// A void refusal names the recipe key that makes the region smaller: `bbox` when the recipe
/// sets one, `bboxMarginM` when the region is derived from the routes.
@Suite struct VoidAdviceTests {
    typealias F = RasterInputFixtures
    static let ridge = TestData.path("jacksboro/pine-mountain-crest.gpx")

    @Test func aDerivedRegionsVoidRefusalNamesBBoxMarginM() throws {
        let dir = TestData.scratchFolder("void-advice")
        // The ridge route spans lon -84.195...-84.135; grown by 3 km the region reaches -84.2285.
        // Void west of -84.205: about 18% of the region, over 900 m from the route's AR patch.
        let holed = dir.appendingPathComponent("west-void.tif").path
        try F.tool("gdal_translate", ["-q", "-a_nodata", "-32768", F.jacksboroTIF, holed])
        try F.burn(holed, value: "-32768", boxes: [[-84.26, 36.30, -84.205, 36.43]], scratch: dir)
        let route = "routes: [{ id: \"ridge\", name: \"Ridge\", track: { file: \"\(Self.ridge)\", drawn: true } }]"
        let derived = try F.recipe("{ id: \"advice\", name: \"Advice\", attribution: [\"SRTM (public domain)\"], bboxMarginM: 3000, dem: \"\(holed)\", \(route) }",
                                   in: dir, name: "derived.json5")
        let r = try TestData.run(["build", derived, "--out", dir.appendingPathComponent("out").path, "--quiet"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("% of the region grid is void") && r.stderr.contains("second DEM source"), "\(r.stderr)")
        #expect(r.stderr.contains("or lower bboxMarginM (now 3000 m; without a bbox the region is the routes', trails' and POIs' extent grown by it)"), "\(r.stderr)")
        #expect(!r.stderr.contains("smaller bbox"), "\(r.stderr)")

        // The same region as a bbox: the bbox is the key to change.
        let boxed = try F.recipe("{ id: \"advice\", name: \"Advice\", attribution: [\"SRTM (public domain)\"], bbox: [-84.2285, 36.322, -84.1015, 36.412], dem: \"\(holed)\", \(route) }",
                                 in: dir, name: "boxed.json5")
        let b = try TestData.run(["build", boxed, "--out", dir.appendingPathComponent("out").path, "--quiet"])
        #expect(b.status == 1)
        #expect(b.stderr.contains("% of the region grid is void") && b.stderr.contains("or choose a smaller bbox"), "\(b.stderr)")
        #expect(!b.stderr.contains("bboxMarginM"), "\(b.stderr)")
    }
}
