import Foundation
import Testing
import TestSupport
import TrailpackCore

/// A DEM much coarser than the grids made from it: the build warns, naming the DEM, both
/// resolutions and the one to set; the pack keeps the recipe's resolutions (SPEC), and `init`
/// writes resolutions that suit the DEM.
@Suite struct CoarseDEMTests {
    /// The Jacksboro DEM averaged to 30″ cells (0.0083333°, as GTOPO30 and GMTED2010 have them),
    /// under a recipe with the ridge route, the default AR resolution and a set terrain resolution.
    @Test func aThirtySecondDEMWarnsAndNamesTheResolutionToSet() throws {
        let dir = TestData.scratchFolder("coarse-dem")
        let coarse = dir.appendingPathComponent("coarse30s.tif").path
        let cellDeg = 30.0 / 3600
        try RasterInputFixtures.tool("gdalwarp", ["-q", "-r", "average", "-tr", "\(cellDeg)", "\(cellDeg)", RasterInputFixtures.jacksboroTIF, coarse])
        let bbox = [-84.30, 36.25, -84.10, 36.43]
        let recipe = try RasterInputFixtures.recipe(RasterInputFixtures.region(
            id: "coarse", bbox: "\(bbox)", dem: "[\"\(coarse)\"]",
            extra: "terrain: { resolutionM: 60 }, routes: [{ id: \"ridge\", name: \"Ridge\", track: { file: \"\(TestData.path("jacksboro/pine-mountain-crest.gpx"))\", drawn: true } }]"),
            in: dir)
        let out = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe, "--out", out.path])
        #expect(b.status == 0, "\(b.stderr)")

        // The cell's ground size at the bbox's centre latitude, computed here from its degrees.
        let lat = (bbox[1] + bbox[3]) / 2
        let xM = Geodesic.distanceM(LonLat(-84.2, lat), LonLat(-84.2 + cellDeg, lat))
        let yM = Geodesic.distanceM(LonLat(-84.2, lat), LonLat(-84.2, lat - cellDeg))
        let cell = String(format: "%.0f × %.0f m on the ground", xM, yM)
        let warnings = b.stderr.components(separatedBy: "\n").filter { $0.contains("warning: \(coarse):") }
        #expect(warnings.count == 2, "\(b.stderr)")
        let ar = try #require(warnings.first { $0.contains("ar.resolutionM") }, "\(b.stderr)")
        #expect(ar.contains(cell) && ar.contains("more than 10× the AR patch's 10 m (ar.resolutionM, its default)"), "\(ar)")
        let suitedM = (max(xM, yM) / 10).rounded(.up)
        #expect(ar.contains(String(format: "set ar.resolutionM: %.0f in the recipe", suitedM)), "\(ar)")
        let terrain = try #require(warnings.first { $0.contains("terrain.resolutionM") }, "\(b.stderr)")
        #expect(terrain.contains(cell) && terrain.contains("the region grid's 60 m (terrain.resolutionM)")
                && terrain.contains("terrain.resolutionM is set in the recipe, so it is kept"), "\(terrain)")

        let manifest = try RasterInputFixtures.manifest(out, "coarse")
        let patch = try #require(((manifest["routes"] as? [[String: Any]])?.first?["arPatch"] as? [String: Any]))
        let patchM = try #require(patch["resolutionM"] as? Double)
        // The SPEC's patch: the recipe's resolution (10 m by default), however coarse the DEM.
        #expect(abs(patchM - 10) < 0.5, "\(patch)")
        let grid = try #require((manifest["files"] as? [String: Any])?["terrain"] as? [String: Any])
        #expect(abs((grid["resolutionM"] as? Double ?? 0) - 60) < 1, "\(grid)")

        // validate --dem says so too: valid, but --strict fails on the AR patch and the grid.
        #expect(try TestData.run(["validate", out.path, "--dem", coarse]).status == 0)
        let strict = try TestData.run(["validate", out.path, "--dem", coarse, "--strict"])
        #expect(strict.status == 1, "\(strict.stdout)")
        let flagged = strict.stdout.components(separatedBy: "\n").filter { $0.contains("dem.source-resolution") }
        #expect(flagged.contains { $0.contains("ar/ridge.bin") } && flagged.contains { $0.contains("terrain.bin") }, "\(strict.stdout)")
    }

    /// SRTM 3″ under the default 10 m patch (9.3×) gets no word: the bundled Jacksboro recipe.
    @Test func aThreeSecondDEMKeepsTheTenMetrePatch() throws {
        let dir = TestData.scratchFolder("fine-dem")
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let b = try TestData.run(["build", recipe, "--out", dir.path])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(!b.stderr.contains("resampling kernel"), "\(b.stderr)")
        let patch = try #require(((RasterInputFixtures.manifest(dir, "jacksboro")["routes"] as? [[String: Any]])?.first?["arPatch"] as? [String: Any]))
        #expect(abs((patch["resolutionM"] as? Double ?? 0) - 10) < 0.5, "\(patch)")
    }

    /// `init` over a 30″ DEM writes spacings 10 times finer than its cells, and the recipe builds
    /// without the coarse-DEM warning.
    @Test func initSuitsTheSpacingsToACoarseDEM() throws {
        let dir = TestData.scratchFolder("coarse-init")
        let coarse = dir.appendingPathComponent("coarse30s.tif").path
        let cellDeg = 30.0 / 3600
        try RasterInputFixtures.tool("gdalwarp", ["-q", "-r", "average", "-tr", "\(cellDeg)", "\(cellDeg)", RasterInputFixtures.jacksboroTIF, coarse])
        let recipe = dir.appendingPathComponent("coarse.json5").path
        let initRun = try TestData.run(["init", "coarse", "--dem", coarse, "--out", recipe])
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let text = try String(contentsOfFile: recipe, encoding: .utf8)
        #expect(text.contains("terrain: { resolutionM: ") && text.contains("ar: { resolutionM: "), "\(text)")
        let b = try TestData.run(["build", recipe, "--out", dir.appendingPathComponent("packs").path])
        #expect(!b.stderr.contains("resampling kernel"), "\(b.stdout)\(b.stderr)")
    }
}
