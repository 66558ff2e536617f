import Foundation
import Testing
import TestSupport

/// `trailpack validate --dem` and `--recipes` as an author runs them, and `make validate`.
@Suite struct ValidateDEMCommandTests {
    @Test func validateComparesWithTheRecipesDEMsAndPrintsTheFigures() throws {
        let dir = TestData.scratchFolder("validate-dem")
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let pack = dir.appendingPathComponent("packs")
        #expect(try TestData.run(["build", recipe, "--out", pack.path, "--quiet"]).status == 0)

        let viaRecipe = try TestData.run(["validate", pack.path, "--json", "--strict", "--recipes", recipe])
        #expect(viaRecipe.status == 0, "\(viaRecipe.stdout)\(viaRecipe.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(viaRecipe.stdout.utf8)) as? [String: Any]
        let figures = report?["figures"] as? [[String: Any]] ?? []
        let rules = Set(figures.compactMap { $0["rule"] as? String })
        #expect(rules.isSuperset(of: ["dem.terrain", "dem.ar-patch", "dem.contours", "dem.hillshade", "dem.poi-ele"]), "\(rules)")
        #expect(report?["valid"] as? Bool == true)

        let dem = TestData.path("jacksboro/jacksboro_fault_dem.tif")
        #expect(try TestData.run(["validate", pack.path, "--dem", dem]).status == 0)
        let elsewhere = try TestData.run(["validate", pack.path, "--dem", TestData.path("white-mountains/N44W072.hgt")])
        #expect(elsewhere.status == 1 && elsewhere.stdout.contains("dem.read"), "\(elsewhere.stdout)")
        let missing = try TestData.run(["validate", pack.path, "--dem", dir.appendingPathComponent("nothing.tif").path])
        #expect(missing.status == 1 && missing.stdout.contains("dem.read"), "\(missing.stdout)")
        #expect(try TestData.run(["validate", pack.path, "--dem"]).status == 2)
        // The PATH may also follow the list.
        #expect(try TestData.run(["validate", "--dem", dem, pack.path]).status == 0)
    }
}
