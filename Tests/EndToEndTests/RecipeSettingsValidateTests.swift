import Foundation
import Testing
import TestSupport

/// `validate --strict --recipes` holds a region to what its recipe accepts: a recipe that asks
/// for 20 m AR patches or a larger size budget builds a pack that passes, while the same pack
/// validated without its recipe is held to the recipe defaults.
@Suite struct RecipeSettingsValidateTests {
    /// A repo recipe rewritten by `edit` into `dir`, its `../data/` paths made absolute so they
    /// still resolve.
    static func recipe(_ name: String, in dir: URL, edit: (String) -> String) throws -> URL {
        let original = try String(contentsOf: TestData.repoRoot.appendingPathComponent("Recipes/\(name).json5"), encoding: .utf8)
        let text = edit(original.replacingOccurrences(of: "\"../data/", with: "\"\(TestData.repoRoot.appendingPathComponent("data").path)/"))
        let url = dir.appendingPathComponent("\(name).json5")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// jacksboro.json5 with `ar.resolutionM` and `sizeBudgetMB` set.
    static func recipe(in dir: URL, arResolutionM: Double, sizeBudgetMB: Double) throws -> URL {
        try recipe("jacksboro", in: dir) {
            $0.replacingOccurrences(of: "bboxMarginM: 2000,", with: "bboxMarginM: 2000, sizeBudgetMB: \(sizeBudgetMB), ar: { resolutionM: \(arResolutionM) },")
        }
    }

    @Test func aRecipesOwnARResolutionPassesStrict() throws {
        let dir = TestData.scratchFolder("validate-recipe-settings")
        let recipe = try Self.recipe(in: dir, arResolutionM: 20, sizeBudgetMB: 150)
        let pack = dir.appendingPathComponent("packs")
        let build = try TestData.run(["build", recipe.path, "--out", pack.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")

        let strict = try TestData.run(["validate", pack.path, "--strict", "--recipes", recipe.path])
        #expect(strict.status == 0, "\(strict.stdout)")
        // Without the recipe the 20 m patch is coarser than the default 10 m: a warning only.
        let plain = try TestData.run(["validate", pack.path, "--strict"])
        #expect(plain.status == 1 && plain.stdout.contains("ar.coarsened"), "\(plain.stdout)")
        #expect(try TestData.run(["validate", pack.path]).status == 0)
    }

    /// A patch the recipe's `ar.budgetMiB` coarsens is what the recipe asks for: the build notes
    /// it and `validate --strict --recipes` passes; held to the default 8 MiB, it is coarser
    /// than needed, a warning.
    @Test func aPatchCoarsenedByTheRecipesBudgetPassesStrict() throws {
        let dir = TestData.scratchFolder("validate-recipe-budget")
        let recipe = try Self.recipe("jacksboro", in: dir) {
            $0.replacingOccurrences(of: "bboxMarginM: 2000,", with: "bboxMarginM: 2000, ar: { budgetMiB: 0.2 },")
        }
        let pack = dir.appendingPathComponent("packs")
        let build = try TestData.run(["build", recipe.path, "--out", pack.path])
        #expect(build.status == 0 && build.stderr.contains("note: route pine-mountain-crest: AR patch coarsened from 10.0 m"), "\(build.stderr)")
        #expect(!build.stderr.contains("warning:"), "\(build.stderr)")
        let strict = try TestData.run(["validate", pack.path, "--strict", "--recipes", recipe.path])
        #expect(strict.status == 0, "\(strict.stdout)")
        let plain = try TestData.run(["validate", pack.path, "--strict"])
        #expect(plain.status == 1 && plain.stdout.contains("[ar.coarsened]") && plain.stdout.contains("coarser than its size budget needs"), "\(plain.stdout)")
    }

    /// The demo recipe with the pond in plain sight of its route left out of the landmarks.
    static func demoExcludingThePond(in dir: URL) throws -> URL {
        try recipe("pliny-kilkenny", in: dir) { $0.replacingOccurrences(of: "  dem: [", with: "  landmarks: { exclude: [\"Unknown Pond\"] },\n  dem: [") }
    }

    @Test func landmarksARecipeExcludesAreNotOmissions() throws {
        let dir = TestData.scratchFolder("validate-recipe-landmarks")
        let recipe = try Self.demoExcludingThePond(in: dir)
        let pack = dir.appendingPathComponent("packs")
        let build = try TestData.run(["build", recipe.path, "--out", pack.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let strict = try TestData.run(["validate", pack.path, "--strict", "--recipes", recipe.path])
        #expect(strict.status == 0, "\(strict.stdout)")
        // Without the recipe the pond in plain sight looks dropped.
        let plain = try TestData.run(["validate", pack.path])
        #expect(plain.status == 1 && plain.stdout.contains("route.landmark.omitted") && plain.stdout.contains("Unknown Pond"), "\(plain.stdout)")
    }
}
