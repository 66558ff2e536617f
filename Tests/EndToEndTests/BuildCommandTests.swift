import Foundation
import Testing
import TestSupport

/// Runs the built `trailpack` binary the way authors and make do.
@Suite(.serialized) struct BuildCommandTests {
    let demo = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path
    let jacksboro = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path

    func writeRecipe(_ text: String, name: String = "r.json5") throws -> String {
        let dir = TestData.scratchFolder("e2e-recipe")
        let path = dir.appendingPathComponent(name).path
        try text.replacingOccurrences(of: "DATA/", with: TestData.url("").path + "/").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The demo recipe with another region name, so its pack differs from the demo's in every
    /// JSON file: a build that wrongly replaced it would show.
    func previousVariant() throws -> String {
        let text = try String(contentsOfFile: demo, encoding: .utf8)
            .replacingOccurrences(of: "name: \"Pliny and Kilkenny Ranges\"", with: "name: \"Previous build\"")
            .replacingOccurrences(of: "\"../data/", with: "\"DATA/")
        return try writeRecipe(text, name: "previous.json5")
    }

    /// The second build keeps its glyph ranges in a fresh cache (the first region renders them,
    /// the second reads them), the first uses none: same bytes.
    @Test func twoBuildsGiveByteIdenticalTrees() throws {
        let a = TestData.scratchFolder("det-a"), b = TestData.scratchFolder("det-b")
        let cache = TestData.scratchFolder("det-glyphs")
        let ra = try TestData.run(["build", demo, jacksboro, "--out", a.path, "--quiet"], environment: ["TRAILPACK_GLYPH_CACHE": ""])
        let rb = try TestData.run(["build", jacksboro, demo, "--out", b.path, "--quiet", "--glyph-cache", cache.path])
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr)\(rb.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".pbf") }.count == 1)
        #expect(TestData.strictValidationFailure(a) == nil)
        let ta = TestData.tree(a), tb = TestData.tree(b)
        #expect(ta.count >= 20)
        #expect(Set(ta.keys) == Set(tb.keys))
        for (path, bytes) in ta { #expect(tb[path] == bytes, "\(path) differs") }
    }

    /// Before any input is read: the recipe's DEM is missing too, and the cache is what the error names.
    @Test func aGlyphCacheThatCannotBeMadeStopsTheBuildFirstNamingIt() throws {
        let root = TestData.scratchFolder("glyph-cache-bad")
        let blocker = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let text = try String(contentsOfFile: demo, encoding: .utf8).replacingOccurrences(of: "N44W072.hgt", with: "missing.hgt")
        let r = try TestData.run(["build", try writeRecipe(text.replacingOccurrences(of: "\"../data/", with: "\"DATA/")),
                                  "--out", root.appendingPathComponent("packs").path, "--quiet"],
                                 environment: ["TRAILPACK_GLYPH_CACHE": blocker.appendingPathComponent("cache").path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(blocker.path)/cache: cannot keep glyph ranges there (--glyph-cache, TRAILPACK_GLYPH_CACHE): "
                                  + "\(blocker.path) is a file, not a folder"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("packs/regions").path))
    }

    @Test(arguments: ["before-commit", "after-commit"])
    func aBuildFailingLateLeavesThePreviousPackUntouched(failpoint: String) throws {
        let root = TestData.scratchFolder("fail")
        let first = try TestData.run(["build", try previousVariant(), "--out", root.path, "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = TestData.tree(root)
        let r = try TestData.run(["build", demo, "--out", root.path, "--quiet"], environment: ["TRAILPACK_FAILPOINT": failpoint])
        #expect(r.status == 1)
        #expect(r.stderr.contains("failing on purpose"))
        #expect(TestData.tree(root) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("regions").path)
        #expect(leftovers == ["pliny-kilkenny"], "\(leftovers)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["catalog.json", "regions"])
    }

    @Test func anInterruptedBuildLeavesThePreviousPackUntouched() throws {
        let root = TestData.scratchFolder("interrupt")
        #expect(try TestData.run(["build", try previousVariant(), "--out", root.path, "--quiet"]).status == 0)
        let before = TestData.tree(root)
        for signal in [SIGINT, SIGTERM] {
            let p = Process()
            p.executableURL = TestData.binary
            p.arguments = ["build", demo, "--out", root.path, "--quiet"]
            p.standardError = Pipe()
            try p.run()
            // Wait until the build is writing its staging folder, then interrupt it.
            let regions = root.appendingPathComponent("regions").path
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: regions)) ?? []
                if names.contains(where: { $0.contains(".tmp-") }) { break }
                usleep(2000)
            }
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            #expect(p.terminationStatus == 128 + signal)
            #expect(TestData.tree(root) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: regions) == ["pliny-kilkenny"])
        }
    }

    @Test func idsThatWouldEscapeTheOutputAreRejectedBeforeAnythingIsWritten() throws {
        let base = "{ id: \"ID\", name: \"x\", attribution: [\"a\"], bbox: [-71.5, 44.4, -71.4, 44.5], dem: [\"DATA/white-mountains/N44W072.hgt\"] ROUTES }"
        let badRegion = try writeRecipe(base.replacingOccurrences(of: "ID", with: "../x").replacingOccurrences(of: "ROUTES", with: ""))
        let badRoute = try writeRecipe(base.replacingOccurrences(of: "ID", with: "ok").replacingOccurrences(
            of: "ROUTES", with: ", routes: [{ id: \"a/b\", name: \"r\", via: [[-71.45, 44.45], [-71.44, 44.46]] }]"))
        for recipe in [badRegion, badRoute] {
            let out = TestData.scratchFolder("escape").appendingPathComponent("out")
            let r = try TestData.run(["build", recipe, "--out", out.path])
            #expect(r.status == 1)
            #expect(r.stderr.contains("not a valid id"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            #expect(!FileManager.default.fileExists(atPath: out.deletingLastPathComponent().appendingPathComponent("x").path))
        }
    }

    @Test func inputErrorsExitNonZeroNamingTheFileAndTheProblem() throws {
        let good = "{ id: \"e\", name: \"x\", attribution: [\"a\"], bbox: BBOX, dem: [\"DEMPATH\"] }"
        func run(_ bbox: String, _ dem: String) throws -> TestData.Run {
            let recipe = try writeRecipe(good.replacingOccurrences(of: "BBOX", with: bbox).replacingOccurrences(of: "DEMPATH", with: dem))
            return try TestData.run(["build", recipe, "--out", TestData.scratchFolder("err").path])
        }
        let missing = try run("[-71.5, 44.4, -71.4, 44.5]", "DATA/white-mountains/missing.hgt")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("missing.hgt") && missing.stderr.contains("no such file"), "\(missing.stderr)")

        let elsewhere = try run("[10.0, 45.0, 10.1, 45.1]", "DATA/white-mountains/N44W072.hgt")
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr.contains("N44W072.hgt") && elsewhere.stderr.contains("does not intersect"), "\(elsewhere.stderr)")

        let inverted = try run("[-71.4, 44.4, -71.5, 44.5]", "DATA/white-mountains/N44W072.hgt")
        #expect(inverted.status == 1)
        #expect(inverted.stderr.contains("r.json5:1") && inverted.stderr.contains("west"), "\(inverted.stderr)")

        let syntax = try writeRecipe("{\n  id: \"e\",\n  name: \"x\" \"y\",\n}")
        let s = try TestData.run(["build", syntax, "--out", TestData.scratchFolder("err").path])
        #expect(s.status == 1)
        #expect(s.stderr.contains("r.json5:3") && s.stderr.contains("syntax error"), "\(s.stderr)")

        let unknown = try writeRecipe("{\n  id: \"e\",\n  name: \"x\",\n  attribution: [\"a\"],\n  dem: [\"DATA/white-mountains/N44W072.hgt\"],\n  bbox: [-71.5, 44.4, -71.4, 44.5],\n  ar: { margin: 150 },\n}")
        let u = try TestData.run(["build", unknown, "--out", TestData.scratchFolder("err").path])
        #expect(u.status == 1)
        #expect(u.stderr.contains("r.json5:7") && u.stderr.contains("ar.margin") && u.stderr.contains("marginM"), "\(u.stderr)")
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try TestData.run(["build"]).status == 2)
        #expect(try TestData.run(["build", demo]).status == 2)
        #expect(try TestData.run(["frobnicate"]).status == 2)
        let help = try TestData.run(["build", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--depfile") && help.stdout.contains("EXAMPLE"))
    }

    @Test func jsonSummaryAndDepfile() throws {
        let root = TestData.scratchFolder("json")
        let dep = root.appendingPathComponent("demo.d").path
        let r = try TestData.run(["build", demo, "--out", root.path, "--json", "--depfile", dep])
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        let region = try #require(summary?.first)
        #expect(region["region"] as? String == "pliny-kilkenny")
        #expect((region["routes"] as? [Any])?.count == 3)
        #expect((region["secondsPerStage"] as? [String: Any])?.keys.contains("terrain") == true)
        let depText = try String(contentsOfFile: dep, encoding: .utf8)
        #expect(depText.hasPrefix("\(root.path)/regions/pliny-kilkenny/manifest.json:"))
        #expect(depText.contains("pliny-kilkenny.json5") && depText.contains("N44W072.hgt") && depText.contains("wmnf-pliney.geojson"))
    }

    @Test func inspectPrintsTheHeaderAndStatistics() throws {
        let root = TestData.scratchFolder("inspect")
        #expect(try TestData.run(["build", jacksboro, "--out", root.path, "--quiet"]).status == 0)
        let r = try TestData.run(["inspect", root.appendingPathComponent("regions/jacksboro/terrain.bin").path])
        #expect(r.status == 0)
        #expect(r.stdout.contains("elevation") && r.stdout.contains("problems    none"))
        let bad = root.appendingPathComponent("bad.bin")
        try Data([0x54, 0x45, 0x52, 0x32] + [UInt8](repeating: 0, count: 60)).write(to: bad)
        let rb = try TestData.run(["inspect", bad.path])
        #expect(rb.status == 1 && rb.stderr.contains("magic"))
    }
}
