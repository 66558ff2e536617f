import Foundation
import Testing
import TestSupport

/// `build --depfile` with input names make treats specially: GNU make reads the depfile back to
/// the exact files; a name make cannot hold (a line break) stops the build before anything is
/// written.
@Suite(.serialized) struct DepfileNamesTests {
    @Test func makeReadsOddNamesBackAndALineBreakIsRefused() throws {
        let dir = TestData.scratchFolder("depfile-e2e")
        let odd = dir.appendingPathComponent("crest #1 $x: y.gpx").path
        try FileManager.default.copyItem(atPath: TestData.path("jacksboro/pine-mountain-crest.gpx"), toPath: odd)
        let gpx = TestData.path("jacksboro/pine-mountain-crest.gpx")
        let recipeText = try TestData.recipeText("jacksboro")
        let recipe = dir.appendingPathComponent("jacksboro.json5")
        try recipeText.replacingOccurrences(of: gpx, with: odd).write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("packs"), dep = dir.appendingPathComponent("jacksboro.d").path
        let built = try TestData.run(["build", recipe.path, "--out", root.path, "--quiet", "--depfile", dep])
        #expect(built.status == 0, "\(built.stderr)")

        // make, including the depfile, considers exactly the recipe, the DEM and the odd track.
        try "include jacksboro.d\n".write(to: dir.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
        let target = "\(root.path)/regions/jacksboro/manifest.json"
        let (status, stdout, stderr) = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/make"), ["-d", "-n", target], cwd: dir)
        #expect(status == 0, "\(String(decoding: stderr, as: UTF8.self))")
        let considered = String(decoding: stdout, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces), prefix = "Considering target file '"
            return t.hasPrefix(prefix) && t.hasSuffix("'.") ? String(t.dropFirst(prefix.count).dropLast(2)) : nil
        }.filter { $0 != "jacksboro.d" && $0 != "Makefile" && $0 != target }
        #expect(considered == [recipe.path, TestData.path("jacksboro/jacksboro_fault_dem.tif"), odd])

        // A track whose name has a line break: refused, naming it, before anything is written.
        let before = TestData.tree(dir)
        let broken = dir.appendingPathComponent("crest\nline.gpx").path
        try FileManager.default.copyItem(atPath: gpx, toPath: broken)
        let brokenRecipe = dir.appendingPathComponent("broken.json5")
        try recipeText.replacingOccurrences(of: gpx, with: broken.replacingOccurrences(of: "\n", with: "\\n"))
            .write(to: brokenRecipe, atomically: true, encoding: .utf8)
        let r = try TestData.run(["build", brokenRecipe.path, "--out", root.path, "--depfile", dep])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(dir.path)/crest\\nline.gpx: the name has a line break, which a make depfile cannot hold (--depfile \(dep))"),
                "\(r.stderr)")
        var after = TestData.tree(dir)
        after.removeValue(forKey: "broken.json5")
        after.removeValue(forKey: "crest\nline.gpx")
        #expect(after == before, "the pack, its catalog and the depfile are byte-identical")
    }
}
