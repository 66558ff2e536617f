import Foundation
import Testing
import TestSupport

@Suite struct InitValidateTests {
    @Test func initWritesARecipeThatBuildsAndValidates() throws {
        let dir = TestData.scratchFolder("init")
        let recipe = dir.appendingPathComponent("my-range.json5").path
        let r = try TestData.run(["init", "my-range", "--dem", TestData.path("white-mountains/N44W072.hgt"),
                                  "--trails", TestData.path("white-mountains/wmnf-pliney.geojson"), "--out", recipe])
        #expect(r.status == 0, "\(r.stderr)")
        let again = try TestData.run(["init", "my-range", "--dem", TestData.path("white-mountains/N44W072.hgt"), "--out", recipe])
        #expect(again.status == 1 && again.stderr.contains("already exists"))
        let out = dir.appendingPathComponent("packs")
        // The recipe builds as written: an SRTM tile is credited in NASA's and USGS's words, not by its file name.
        let text = try String(contentsOfFile: recipe, encoding: .utf8)
        #expect(text.contains("attribution: [\"Elevation: SRTM, courtesy of NASA and the U.S. Geological Survey (public domain)\"]"), "\(text)")
        let b = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(TestData.strictValidationFailure(out) == nil)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("regions/my-range/manifest.json").path))

        // A placeholder credit stops the build at its line and key; the pack built before is kept.
        let before = TestData.tree(out)
        let line = try #require(try StarterRecipe.setAttribution(recipe, to: StarterRecipe.placeholder).components(separatedBy: "\n")
            .firstIndex { $0.contains(StarterRecipe.placeholder) }) + 1
        let refused = try TestData.run(["build", recipe, "--out", out.path, "--quiet"])
        #expect(refused.status == 1 && refused.stderr.contains("my-range.json5:\(line): attribution[0]: \(StarterRecipe.placeholder) is a placeholder"),
                "\(refused.stderr)")
        #expect(TestData.tree(out) == before)
    }

    @Test func validateFailsWithExitOneOnABrokenPackAndTwoOnUsage() throws {
        let dir = TestData.scratchFolder("validate")
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        #expect(try TestData.run(["build", recipe, "--out", dir.path, "--quiet"]).status == 0)
        #expect(try TestData.run(["validate", dir.path]).status == 0)
        let terrain = dir.appendingPathComponent("regions/jacksboro/terrain.bin")
        var bytes = try Data(contentsOf: terrain)
        bytes[0] = UInt8(ascii: "X")
        try bytes.write(to: terrain)
        let v = try TestData.run(["validate", dir.path, "--json"])
        #expect(v.status == 1)
        let problems = try JSONSerialization.jsonObject(with: Data(v.stdout.utf8))
        #expect("\(problems)".contains("terrain.bin"))
        #expect(try TestData.run(["validate"]).status == 2)
    }

    @Test func previewWritesItsReportOutsideThePack() throws {
        let dir = TestData.scratchFolder("preview-cli")
        let recipe = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let pack = dir.appendingPathComponent("packs")
        #expect(try TestData.run(["build", recipe, "--out", pack.path, "--quiet"]).status == 0)
        let p = try TestData.run(["preview", pack.appendingPathComponent("regions/jacksboro").path], cwd: dir)
        #expect(p.status == 0, "\(p.stderr)")
        let index = dir.appendingPathComponent("previews/jacksboro/index.html")
        #expect(FileManager.default.fileExists(atPath: index.path))
        #expect(p.stdout.contains(index.lastPathComponent))
        #expect(try TestData.run(["validate", pack.path, "--strict"]).status == 0)
        #expect(try TestData.run(["preview", dir.appendingPathComponent("nothing-here").path], cwd: dir).status == 1)
    }
}
