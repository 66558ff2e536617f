import Foundation
import Pipeline
import Testing
import TestSupport

/// `trailpack plan` and the build's memory limit from Slurm, through the built binary.
@Suite(.serialized) struct PlanCommandTests {
    typealias F = RasterInputFixtures

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theDemosPlanWithoutProblemsAndABuildUnderTheSuggestedMemFitsIt() throws {
        let demos = ["jacksboro", "pliny-kilkenny"].map { TestData.repoRoot.appendingPathComponent("Recipes/\($0).json5").path }
        let dir = TestData.scratchFolder("plan-demos")
        let list = dir.appendingPathComponent("regions.txt").path
        let r = try TestData.run(["plan"] + demos + ["--json", "--regions-file", list])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: list, encoding: .utf8) == demos.map { $0 + "\n" }.joined())
        let plan = try json(r.stdout)
        let recipes = try #require(plan["recipes"] as? [[String: Any]])
        #expect(recipes.map { $0["region"] as? String } == ["jacksboro", "pliny-kilkenny"] && recipes.map { $0["recipe"] as? String } == demos)
        let mems = recipes.compactMap { $0["suggestedMemMiB"] as? Int }
        #expect(mems.count == 2 && mems.allSatisfy { $0 % 256 == 0 } && plan["suggestedMemMiB"] as? Int == mems.max()
                && plan["suggestedMem"] as? String == "\(mems.max()!)M" && plan["ok"] as? Bool == true, "\(r.stdout)")
        let inputs = try #require(recipes[1]["inputs"] as? [[String: Any]])
        #expect(inputs.map { $0["kind"] as? String } == ["dem", "trails"] && inputs.allSatisfy { $0["exists"] as? Bool == true && $0["remote"] as? Bool == false })

        // The build, given the plan's --mem by Slurm, runs under it and reports the plan's estimate.
        let root = TestData.scratchFolder("plan-demos-out")
        let b = try TestData.run(["build", demos[0], "--out", root.path, "--json"], environment: ["SLURM_MEM_PER_NODE": "\(mems[0])"])
        #expect(b.status == 0, "\(b.stderr)")
        let built = try #require((try JSONSerialization.jsonObject(with: Data(b.stdout.utf8)) as? [[String: Any]])?.first)
        let limit = try #require(built["memoryLimit"] as? [String: Any])
        #expect(limit["source"] as? String == "slurmPerNode" && limit["bytes"] as? Int == mems[0] * 1_048_576)
        #expect(limit["estimatedPeakBytes"] as? Int == recipes[0]["estimatedPeakBytes"] as? Int, "\(limit) \(recipes[0])")
        let terrain = try #require((try F.manifest(root, "jacksboro")["files"] as? [String: Any])?["terrain"] as? [String: Any])
        let grid = try #require(recipes[0]["grid"] as? [String: Any])
        #expect(grid["width"] as? Int == terrain["width"] as? Int && grid["height"] as? Int == terrain["height"] as? Int)
    }

    @Test func problemsExitOneEachRecipeIsStillPlannedAndOnlyTheGoodOnesAreListed() throws {
        let served = TestData.scratchFolder("plan-served")
        try F.tool("gdal_translate", ["-q", "-of", "COG", F.whiteMountainsHGT, served.appendingPathComponent("N44W072.tif").path])
        let server = try RangeServer(serving: served)
        defer { server.stop() }
        let env = ["NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1", "http_proxy": "", "HTTP_PROXY": ""]
        let dir = TestData.scratchFolder("plan-problems")
        let jacksboro = try TestData.recipeText("jacksboro")
        let a = try F.recipe(jacksboro, in: dir, name: "a.json5"), b = try F.recipe(jacksboro, in: dir, name: "b.json5")
        let url = "http://127.0.0.1:\(server.port)/N44W072.tif"
        let remote = try F.recipe(F.region(id: "wm", bbox: "[-71.50, 44.40, -71.40, 44.48]", dem: "[\"\(url)\"]"), in: dir, name: "remote.json5")
        let broken = try F.recipe("{ id: \"broken\", name: \"B\", attribution: [\"x\"], dem: [] }", in: dir, name: "broken.json5")
        let list = dir.appendingPathComponent("regions.txt").path
        let r = try TestData.run(["plan", a, b, remote, broken, "--regions-file", list, "--json"], environment: env)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(try String(contentsOfFile: list, encoding: .utf8) == remote + "\n")
        let recipes = try #require(try json(r.stdout)["recipes"] as? [[String: Any]])
        let problems = recipes.map { $0["problems"] as? [String] ?? [] }
        #expect(problems[0].count == 1 && problems[0][0].contains(b) && problems[1].count == 1 && problems[1][0].contains(a), "\(problems)")
        #expect(problems[2].isEmpty && problems[3].count == 1 && problems[3][0].contains(broken), "\(problems)")
        let input = try #require((recipes[2]["inputs"] as? [[String: Any]])?.first)
        #expect(input["path"] as? String == "/vsicurl/\(url)" && input["remote"] as? Bool == true && input["exists"] is NSNull)
        #expect((recipes[0]["grid"] as? [String: Any])?["cells"] as? Int == (recipes[1]["grid"] as? [String: Any])?["cells"] as? Int)
        // The human table names each problem too.
        let h = try TestData.run(["plan", a, b, remote, broken], environment: env)
        #expect(h.status == 1 && h.stdout.contains("problem") && h.stdout.contains("remote, not checked")
                && h.stdout.contains("4 recipes, 1 without problems"), "\(h.stdout)")
    }

    @Test func aBuildUnderSlurmsSixtyFourMBIsRefusedNamingItAndWritesNothing() throws {
        let demo = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        let root = TestData.scratchFolder("plan-slurm64")
        let r = try TestData.run(["build", demo, "--out", root.path, "--quiet"], environment: ["SLURM_MEM_PER_NODE": "64"])
        #expect(r.status == 1 && r.stderr.contains("over the limit of 64 MiB from SLURM_MEM_PER_NODE")
                && r.stderr.contains("--mem") && r.stderr.contains(demo), "\(r.stderr)")
        #expect(TestData.tree(root).isEmpty)
    }

    @Test func theBenchJudgesEveryPeakByPlansOwnEstimate() throws {
        let bench = try String(contentsOfFile: TestData.repoRoot.appendingPathComponent("scripts/bench.sh").path, encoding: .utf8)
        #expect(bench.contains("\"$trailpack\" plan \"$recipe\" --json"))
        let report = try String(contentsOfFile: TestData.repoRoot.appendingPathComponent("scripts/bench_report.py").path, encoding: .utf8)
        #expect(report.contains("planEstimateBytes") && report.contains("sys.exit(\"bench: peak memory over plan's estimate"))
    }

    /// bench_report.py on records of one case: a build within plan's estimate and a
    /// `validate --dem` run `validateKB` KiB at its peak. Its exit status and stderr.
    func benchReport(validateKB: Int, estimateBytes: Int) throws -> (status: Int32, stderr: String, results: [String: Any]) {
        let folder = TestData.scratchFolder("bench-report")
        let records = [("trailpack", 100_000), ("validate-dem", validateKB)].map { tool, kb in
            "{\"case\": \"area-1x\", \"tool\": \"\(tool)\", \"run\": 1, \"seconds\": 2.0, \"cpuSeconds\": 3.0, \"peakRSSKB\": \(kb)}"
        }
        try records.joined(separator: "\n").write(to: folder.appendingPathComponent("records.jsonl"), atomically: true, encoding: .utf8)
        try "{\"case\": \"area-1x\", \"grid\": [10, 10], \"cells\": 100, \"resolutionM\": 30, \"planEstimateBytes\": \(estimateBytes)}"
            .write(to: folder.appendingPathComponent("cases.jsonl"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestData.repoRoot.appendingPathComponent("scripts/bench_report.py").path, "results",
                             "--records", folder.appendingPathComponent("records.jsonl").path,
                             "--cases", folder.appendingPathComponent("cases.jsonl").path, "--routes", "{}",
                             "--machine", "{}", "--load-start", "0", "--load-end", "0",
                             "--out", folder.appendingPathComponent("results.json").path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let results = try json(String(contentsOf: folder.appendingPathComponent("results.json"), encoding: .utf8))
        return (process.terminationStatus, text, results)
    }

    @Test func theBenchFailsWhenValidateDEMPeaksOverPlansEstimate() throws {
        // 200,000 KiB is 204.8 MB: over an estimate of 204,000,000 bytes, within 205,000,000.
        let over = try benchReport(validateKB: 200_000, estimateBytes: 204_000_000)
        #expect(over.status == 1 && over.stderr.contains("area-1x: validate --dem peak 205 MB over plan's estimate 204 MB"), "\(over.stderr)")
        let overCase = try #require((over.results["terrain"] as? [[String: Any]])?.first)
        #expect(overCase["validateDEMWithinRSSBudget"] as? Bool == false)
        #expect(overCase["withinRSSBudget"] as? Bool == true)
        let within = try benchReport(validateKB: 200_000, estimateBytes: 205_000_000)
        #expect(within.status == 0, "\(within.stderr)")
        let withinCase = try #require((within.results["terrain"] as? [[String: Any]])?.first)
        #expect(withinCase["validateDEMWithinRSSBudget"] as? Bool == true)
        #expect(withinCase["validateDEMWorstPeakRSSMB"] as? Int == 205)
    }

    @Test func usageErrorsExitTwoAndHelpDocumentsPlan() throws {
        #expect(try TestData.run(["plan"]).status == 2)
        let demo = TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path
        #expect(try TestData.run(["plan", demo, "--memory-limit-mib", "0"]).status == 2)
        let help = try TestData.run(["plan", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--regions-file") && help.stdout.contains("--mem"))
        #expect(try TestData.run(["--help"]).stdout.contains("plan RECIPE..."))
        let build = try TestData.run(["build", "--help"])
        #expect(build.stdout.contains("SLURM_MEM_PER_NODE") && build.stdout.contains("memory.max"))
        // --mem is a value plan prints ("ask for --mem=256M"), not a flag of plan: the README and
        // both helps show it in the form printed.
        let printed = try TestData.run(["plan", demo]).stdout
        let value = try #require(printed.firstRange(of: /--mem=[0-9]+M/).map { String(printed[$0]) }, "\(printed)")
        let readme = try String(contentsOf: TestData.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let planLine = try #require(readme.split(separator: "\n").first { $0.hasPrefix("trailpack plan ") })
        for (name, text) in [("README", String(planLine)), ("trailpack --help", try TestData.run(["--help"]).stdout), ("plan --help", help.stdout)] {
            #expect(text.contains("--mem=VALUE") && !text.contains("(--mem)"), "\(name) does not show --mem as the value plan prints (\(value))")
            #expect(text.contains("--mem=") && value.hasPrefix("--mem="), "\(name)")
        }
        for option in ["--out", "--depfile", "--no-catalog", "--quiet", "--json", "--log-format", "--lock-wait-s", "--memory-limit-mib",
                       "--glyph-cache DIR", "TRAILPACK_GLYPH_CACHE"] {
            #expect(build.stdout.contains(option), "build --help does not name \(option)")
        }
    }
}
