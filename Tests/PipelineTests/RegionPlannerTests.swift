import Foundation
import PackJSON
@testable import Pipeline
import Testing
import TestSupport

/// `trailpack plan`'s figures and problems, on recipes written into temp folders.
@Suite struct RegionPlannerTests {
    /// No batch engine, 24 GiB: the plans do not depend on the machine running the tests.
    let env = MemoryEnvironment(readFile: { _ in nil }, environment: [:], physicalBytes: 24 << 30)

    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theGridAndPatchCellsAreThoseARealBuildWrites() throws {
        let dir = TestData.scratchFolder("plan-exact")
        // Jacksboro: no bbox (derived from its track plus 2 km), a track route.
        let recipe = try write(try TestData.recipeText("jacksboro"), "jacksboro.json5", in: dir)
        let plan = try #require(RegionPlanner.plan([recipe], in: env).first)
        #expect(plan.problems.isEmpty && plan.regionID == "jacksboro" && plan.bboxDerived, "\(plan.problems)")
        let root = dir.appendingPathComponent("out")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        let manifest = try JSONParser.parse(try Data(contentsOf: root.appendingPathComponent("regions/jacksboro/manifest.json")))
        let terrain = try manifest.member("files").member("terrain")
        let grid = try #require(plan.grid)
        let (width, height) = (try terrain.member("width").int(), try terrain.member("height").int())
        #expect(grid.width == width && grid.height == height)
        let ar = try manifest.member("routes").array()[0].member("arPatch")
        let patch = try #require(plan.patches.first)
        #expect(patch.routeID == "pine-mountain-crest" && patch.basis == .track)
        let (arWidth, arHeight) = (try ar.member("width").int(), try ar.member("height").int())
        #expect(patch.width == arWidth && patch.height == arHeight)
        // The estimate the build enforces: overhead + the larger of the grids.
        #expect(plan.peakBytes == MemoryLimit.buildPeakBytes(regionCells: grid.width * grid.height, largestPatchCells: patch.cells,
                                                             allPatchCells: patch.cells))
        #expect(plan.budget == MemoryBudget(bytes: 12 << 30, source: .machineHalf, recipeFile: recipe))
    }

    @Test func viaRoutesArePlannedAsTheBuildLaysThem() throws {
        let dir = TestData.scratchFolder("plan-vias")
        let recipe = try write(try TestData.recipeText("pliny-kilkenny"), "pk.json5", in: dir)
        let plan = try #require(RegionPlanner.plan([recipe], in: env).first)
        #expect(plan.problems.isEmpty && !plan.bboxDerived, "\(plan.problems)")
        #expect(plan.grid?.width == 742 && plan.grid?.height == 966)
        #expect(plan.patches.map(\.routeID) == ["mount-cabot", "unknown-pond", "starr-king"] && plan.patches.allSatisfy { $0.basis == .network })
        // The same graph, the same cost: every patch is the one the build writes, cell for cell.
        let root = dir.appendingPathComponent("out")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        let manifest = try JSONParser.parse(try Data(contentsOf: root.appendingPathComponent("regions/pliny-kilkenny/manifest.json")))
        let built = try manifest.member("routes").array().map { r in
            (try r.member("id").string(), try r.member("arPatch").member("width").int(), try r.member("arPatch").member("height").int())
        }
        #expect(built.map(\.0) == plan.patches.map(\.routeID))
        for (patch, route) in zip(plan.patches, built) {
            #expect(patch.width == route.1 && patch.height == route.2, "\(patch.routeID): planned \(patch.width)x\(patch.height), built \(route.1)x\(route.2)")
            #expect(patch.memoryCells == route.1 * route.2)
        }
    }

    @Test func duplicateIDsMissingInputsAndBrokenRecipesAreEachTheirOwnProblems() throws {
        let dir = TestData.scratchFolder("plan-problems")
        let jacksboro = try TestData.recipeText("jacksboro")
        let a = try write(jacksboro, "a.json5", in: dir), b = try write(jacksboro, "b.json5", in: dir)
        let missing = try write(jacksboro.replacingOccurrences(of: "id: \"jacksboro\"", with: "id: \"other\"")
            .replacingOccurrences(of: "jacksboro_fault_dem.tif", with: "no-such-dem.tif"), "missing.json5", in: dir)
        let broken = try write("{ id: \"x\", name: ", "broken.json5", in: dir)
        let plans = RegionPlanner.plan([a, b, missing, broken], in: env)
        #expect(plans[0].problems.count == 1 && plans[0].problems[0].contains("also the id of \(b)"), "\(plans[0].problems)")
        #expect(plans[1].problems.count == 1 && plans[1].problems[0].contains("also the id of \(a)"), "\(plans[1].problems)")
        // The duplicates are still planned in full.
        #expect(plans[0].grid != nil && plans[0].grid == plans[1].grid)
        let dem = try #require(plans[2].inputs.first)
        #expect(dem.kind == .dem && !dem.isRemote && dem.exists == false && dem.path.hasSuffix("no-such-dem.tif"))
        #expect(plans[2].problems == ["\(missing): the dem input \(dem.path) does not exist"])
        #expect(plans[2].inputs.last?.kind == .track && plans[2].inputs.last?.exists == true)
        #expect(plans[3].regionID == nil && plans[3].grid == nil && plans[3].problems.count == 1 && plans[3].problems[0].contains(broken))
    }

    @Test func aRemoteInputIsListedNotChecked() throws {
        let dir = TestData.scratchFolder("plan-remote")
        let text = """
        { id: "r", name: "R", attribution: ["SRTM"], bbox: [-71.5, 44.4, -71.4, 44.5],
          dem: ["https://example.invalid/N44W072.tif", "/vsis3/bucket/N44W072.tif", "\(TestData.path("white-mountains/N44W072.hgt"))"] }
        """
        let loaded = try RecipeLoader.load(path: try write(text, "r.json5", in: dir))
        let inputs = RegionPlanner.inputs(of: loaded)
        #expect(inputs.map(\.path) == ["/vsicurl/https://example.invalid/N44W072.tif", "/vsis3/bucket/N44W072.tif", TestData.path("white-mountains/N44W072.hgt")])
        #expect(inputs.map(\.isRemote) == [true, true, false] && inputs.map(\.exists) == [nil, nil, true])
    }

    @Test func aLimitSetForTheBuildThatTheEstimateIsOverIsAProblem() throws {
        let dir = TestData.scratchFolder("plan-limit")
        let recipe = try write(try TestData.recipeText("jacksboro"), "j.json5", in: dir)
        let slurm = MemoryEnvironment(readFile: { _ in nil }, environment: ["SLURM_MEM_PER_NODE": "100"], physicalBytes: 24 << 30)
        let plan = try #require(RegionPlanner.plan([recipe], in: slurm).first)
        #expect(plan.problems.count == 1 && plan.problems[0].contains("over the limit of 100 MiB from SLURM_MEM_PER_NODE"), "\(plan.problems)")
        #expect(plan.grid != nil && plan.suggestedMemMiB == 256)
        let flagged = try #require(RegionPlanner.plan([recipe], flagMiB: 4096, in: env).first)
        #expect(flagged.problems.isEmpty && flagged.budget?.source == .flag)
    }
}
