import Foundation
import Testing
import TestSupport

/// Batch logs (`--log-format plain`, the default when stderr is no terminal, as under Slurm or
/// in a pod): every line names its region, warnings and notes one line each on stderr, one
/// `built:` line on stdout, no progress bytes; `--quiet` never drops a warning.
@Suite(.serialized) struct BatchLogTests {
    /// The Jacksboro demo with its DEM read as feet (a note: converted to metres), a wider
    /// margin and a 1 MB size budget it exceeds (a warning).
    func warningRecipe() throws -> String {
        let demo = try TestData.recipeText("jacksboro")
        let demLine = "dem: [\"\(TestData.url("").path)/jacksboro/jacksboro_fault_dem.tif\"]"
        #expect(demo.contains(demLine) && demo.contains("bboxMarginM: 2000,"), "the demo recipe changed")
        let text = demo.replacingOccurrences(of: demLine, with: "dem: [{ file: \"\(TestData.url("").path)/jacksboro/jacksboro_fault_dem.tif\", verticalUnit: \"ft\" }]")
            .replacingOccurrences(of: "bboxMarginM: 2000,", with: "bboxMarginM: 3000, sizeBudgetMB: 1,")
        let path = TestData.scratchFolder("batch-log").appendingPathComponent("jacksboro-feet.json5").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    var warning: Regex<Substring> { /^\[jacksboro\] warning: region jacksboro: pack is 1\.\d MB, over the 1 MB budget for phones$/ }
    static let note = "[jacksboro] note: \(TestData.url("").path)/jacksboro/jacksboro_fault_dem.tif: elevations in ft (the recipe's verticalUnit), converted to metres (× 0.3048)"
    var built: Regex<Substring> { /^\[jacksboro\] built: 1 route, 1\.\d MB, \d+\.\d s, memory \d+ MiB of \d+(?:\.\d)? [MG]iB from .+$/ }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func plainLinesAllNameTheRegionWithWarningsOnStderrAndOneBuiltLine() throws {
        let recipe = try warningRecipe()
        let root = TestData.scratchFolder("batch-plain")
        // No --log-format: stderr is a pipe here, so plain.
        let r = try TestData.run(["build", recipe, "--out", root.path])
        #expect(r.status == 0, "\(r.stderr)")
        let err = lines(r.stderr), out = lines(r.stdout)
        #expect(err.count == 2 && err[0] == Self.note && err[1].wholeMatch(of: warning) != nil, "\(r.stderr)")
        #expect(out.count == 1 && out[0].wholeMatch(of: built) != nil, "\(r.stdout)")
        for byte in Array((r.stdout + r.stderr).utf8) { #expect(byte != 0x1B && byte != 0x0D) }
        let explicit = try TestData.run(["build", recipe, "--out", root.path, "--log-format", "plain"])
        #expect(lines(explicit.stderr) == err)
    }

    /// The built line says which memory limit applied: under Slurm's allocation, Slurm's.
    @Test func theBuiltLineNamesTheMemoryLimitThatApplied() throws {
        let r = try TestData.run(["build", try warningRecipe(), "--out", TestData.scratchFolder("batch-slurm").path, "--quiet"],
                                 environment: ["SLURM_MEM_PER_NODE": "1024"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r.stdout).count == 1 && r.stdout.hasSuffix(" MiB of 1.0 GiB from SLURM_MEM_PER_NODE\n"), "\(r.stdout)")
    }

    @Test func quietKeepsWarningsInBothFormats() throws {
        let recipe = try warningRecipe()
        let root = TestData.scratchFolder("batch-quiet")
        let plain = try TestData.run(["build", recipe, "--out", root.path, "--quiet"])
        #expect(plain.status == 0)
        #expect(lines(plain.stderr).count == 1 && lines(plain.stderr)[0].wholeMatch(of: warning) != nil, "\(plain.stderr)")
        #expect(lines(plain.stdout).count == 1 && lines(plain.stdout)[0].wholeMatch(of: built) != nil, "\(plain.stdout)")

        let pretty = try TestData.run(["build", recipe, "--out", root.path, "--quiet", "--log-format", "pretty"])
        #expect(pretty.status == 0)
        #expect(lines(pretty.stderr).count == 1 && lines(pretty.stderr)[0].hasPrefix("warning: region jacksboro: pack is 1."), "\(pretty.stderr)")
        #expect(pretty.stdout.isEmpty, "\(pretty.stdout)")

        // --json: stdout is the JSON alone, the warning still on stderr.
        let json = try TestData.run(["build", recipe, "--out", root.path, "--json"])
        #expect(lines(json.stderr).count == 1 && lines(json.stderr)[0].wholeMatch(of: warning) != nil, "\(json.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count == 1)
    }

    @Test func prettyPrintsTheTableOnStdoutAndDiagnosticsOnStderr() throws {
        let recipe = try warningRecipe()
        let r = try TestData.run(["build", recipe, "--out", TestData.scratchFolder("batch-pretty").path, "--log-format", "pretty"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Built region jacksboro (Jacksboro Ridges) in ") && r.stdout.contains("  terrain.bin "), "\(r.stdout)")
        #expect(!r.stdout.contains("warning") && !r.stdout.contains("note"), "\(r.stdout)")
        #expect(lines(r.stderr).count == 2 && r.stderr.contains("note: ") && r.stderr.contains("warning: region jacksboro"), "\(r.stderr)")
    }

    @Test func theCatalogLogsPlainLinesToo() throws {
        let root = TestData.scratchFolder("batch-catalog")
        #expect(try TestData.run(["build", try warningRecipe(), "--out", root.path, "--no-catalog", "--quiet"]).status == 0)
        let r = try TestData.run(["catalog", root.path])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(r.stdout == "[catalog] wrote \(root.path)/catalog.json with 1 region: jacksboro\n", "\(r.stdout)")
        let pretty = try TestData.run(["catalog", root.path, "--log-format", "pretty"])
        #expect(pretty.stdout == "Wrote \(root.path)/catalog.json with 1 region: jacksboro\n", "\(pretty.stdout)")
        #expect(try TestData.run(["catalog", root.path, "--quiet"]).stdout.isEmpty)
    }
}
