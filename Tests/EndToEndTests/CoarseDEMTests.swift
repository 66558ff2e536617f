import Foundation
import Testing
import TestSupport
import TrailpackCore

/// A DEM much coarser than the grids made from it: a default AR resolution over it is refused,
/// a set one is kept with a warning naming the DEM, both resolutions and the one that suits it
/// (the SPEC: the recipe's resolution), and `init` writes resolutions that suit the DEM.
@Suite struct CoarseDEMTests {
    /// The Jacksboro DEM averaged to 30″ cells (0.0083333°, as GTOPO30 and GMTED2010 have them),
    /// and a recipe with the ridge route and a set terrain resolution, `ar` as given.
    static func coarseRecipe(_ dir: URL, ar: String) throws -> (recipe: String, dem: String) {
        let coarse = dir.appendingPathComponent("coarse30s.tif").path
        if !FileManager.default.fileExists(atPath: coarse) {
            try RasterInputFixtures.tool("gdalwarp", ["-q", "-r", "average", "-tr", "\(cellDeg)", "\(cellDeg)", RasterInputFixtures.jacksboroTIF, coarse])
        }
        let recipe = try RasterInputFixtures.recipe(RasterInputFixtures.region(
            id: "coarse", bbox: "\(bbox)", dem: "[\"\(coarse)\"]",
            extra: "terrain: { resolutionM: 60 }, \(ar)routes: [{ id: \"ridge\", name: \"Ridge\", track: { file: \"\(TestData.path("jacksboro/pine-mountain-crest.gpx"))\", drawn: true } }]"),
            in: dir, name: ar.isEmpty ? "default.json5" : "set.json5")
        return (recipe, coarse)
    }
    static let cellDeg = 30.0 / 3600
    static let bbox = [-84.30, 36.25, -84.10, 36.43]

    /// The 30″ cell's ground size at the bbox's centre latitude, computed here from its degrees.
    static var cellText: (text: String, maxM: Double) {
        let lat = (bbox[1] + bbox[3]) / 2
        let xM = Geodesic.distanceM(LonLat(-84.2, lat), LonLat(-84.2 + cellDeg, lat))
        let yM = Geodesic.distanceM(LonLat(-84.2, lat), LonLat(-84.2, lat - cellDeg))
        return (String(format: "%.0f × %.0f m on the ground", xM, yM), max(xM, yM))
    }

    /// With the default AR resolution the build stops: a 10 m patch from 900 m cells is not
    /// trustworthy, and the SPEC lets only the recipe choose another. The message names the
    /// recipe, the key, the DEM, its cells and both ways out; the previous pack stays as it was.
    @Test func aThirtySecondDEMUnderTheDefaultPatchIsRefused() throws {
        let dir = TestData.scratchFolder("coarse-default")
        let set = try Self.coarseRecipe(dir, ar: "ar: { resolutionM: 10 }, ")
        let bad = try Self.coarseRecipe(dir, ar: "")
        let r = try RasterInputFixtures.failureKeepsPrevious(good: set.recipe, bad: bad.recipe)
        let suitedM = (Self.cellText.maxM / 10).rounded(.up)
        for part in ["\(bad.recipe): ar.resolutionM: the DEM \(bad.dem) has cells of \(Self.cellText.text)",
                     "more than 10× the default 10 m AR patch",
                     String(format: "set ar: { resolutionM: %.0f } in the recipe", suitedM),
                     "or ar: { resolutionM: 10 } to insist"] {
            #expect(r.stderr.contains(part), "\(part) in \(r.stderr)")
        }
    }

    /// A recipe that insists on the 10 m patch gets it, with a warning for each grid naming the
    /// DEM and both resolutions; validate --dem agrees and --strict fails on both.
    @Test func aThirtySecondDEMUnderASetPatchWarns() throws {
        let dir = TestData.scratchFolder("coarse-dem")
        let (recipe, coarse) = try Self.coarseRecipe(dir, ar: "ar: { resolutionM: 10 }, ")
        let out = dir.appendingPathComponent("packs")
        let b = try TestData.run(["build", recipe, "--out", out.path])
        #expect(b.status == 0, "\(b.stderr)")

        let cell = Self.cellText.text
        let warnings = b.stderr.components(separatedBy: "\n").filter { $0.contains("warning: \(coarse):") }
        #expect(warnings.count == 2, "\(b.stderr)")
        let ar = try #require(warnings.first { $0.contains("ar.resolutionM") }, "\(b.stderr)")
        #expect(ar.contains(cell) && ar.contains("more than 10× the AR patch's 10 m (ar.resolutionM)")
                && ar.contains("ar.resolutionM is set in the recipe, so it is kept"), "\(ar)")
        let terrain = try #require(warnings.first { $0.contains("terrain.resolutionM") }, "\(b.stderr)")
        #expect(terrain.contains(cell) && terrain.contains("the region grid's 60 m (terrain.resolutionM)")
                && terrain.contains("terrain.resolutionM is set in the recipe, so it is kept"), "\(terrain)")

        let manifest = try RasterInputFixtures.manifest(out, "coarse")
        let patch = try #require(((manifest["routes"] as? [[String: Any]])?.first?["arPatch"] as? [String: Any]))
        #expect(abs((patch["resolutionM"] as? Double ?? 0) - 10) < 0.5, "\(patch)")
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
