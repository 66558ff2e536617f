import Foundation
@testable import Pipeline
import Testing
import TrailGraph
import TrailpackCore
import TestSupport

/// The build's memory limit from fake `/proc/self/cgroup` and cgroup files in a temp folder and
/// fake Slurm variables: the smallest limit wins and names its source.
@Suite struct MemoryBudgetTests {
    static let gib: UInt64 = 1 << 30
    static let mib: UInt64 = 1 << 20

    /// An environment reading `files` (paths as the process sees them) from a temp folder.
    func environment(_ files: [String: String], env: [String: String] = [:], physicalBytes: UInt64 = 24 * gib) throws -> MemoryEnvironment {
        let root = TestData.scratchFolder("cgroup").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return MemoryEnvironment(readFile: { try? String(contentsOfFile: root + $0, encoding: .utf8) }, environment: env, physicalBytes: physicalBytes)
    }

    @Test func noEngineLimitAndNoExplicitOneIsHalfThePhysicalMemory() throws {
        let env = try environment(["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/memory.max": "max\n"])
        let b = MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: env)
        #expect(b == MemoryBudget(bytes: 12 * Self.gib, source: .machineHalf))
        #expect(b.describe == "12.0 GiB from half of this machine's memory")
    }

    @Test func cgroupV2NestedTheJobsLimitAppliesToItsStep() throws {
        let env = try environment(["/proc/self/cgroup": "0::/system.slice/slurmstepd.scope/job_42/step_0/user/task_0\n",
                                   "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/step_0/user/task_0/memory.max": "max\n",
                                   "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/step_0/memory.max": "max\n",
                                   "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/memory.max": "2147483648\n",
                                   "/sys/fs/cgroup/system.slice/memory.max": "max\n"])
        let b = MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: env)
        #expect(b == MemoryBudget(bytes: 2 * Self.gib, source: .cgroup(file: "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/memory.max")))
        #expect(b.describe == "2.0 GiB from the cgroup limit /sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/memory.max")
    }

    @Test func cgroupV2AnAncestorsSmallerLimitWinsOverTheOwn() throws {
        let env = try environment(["/proc/self/cgroup": "0::/kubepods/pod1/c1\n",
                                   "/sys/fs/cgroup/kubepods/pod1/c1/memory.max": "4294967296",
                                   "/sys/fs/cgroup/kubepods/pod1/memory.max": "1073741824"])
        #expect(MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: env)
                == MemoryBudget(bytes: Self.gib, source: .cgroup(file: "/sys/fs/cgroup/kubepods/pod1/memory.max")))
    }

    @Test func cgroupV1TheMemoryControllersLineAndUnlimitedIgnored() throws {
        let env = try environment(["/proc/self/cgroup": "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n1:name=systemd:/docker/abc\n0::/\n",
                                   "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "536870912\n",
                                   "/sys/fs/cgroup/memory/docker/memory.limit_in_bytes": "9223372036854771712\n",
                                   "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"])
        #expect(MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: env)
                == MemoryBudget(bytes: 512 * Self.mib, source: .cgroup(file: "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes")))
        let unlimited = try environment(["/proc/self/cgroup": "4:memory:/x\n",
                                         "/sys/fs/cgroup/memory/x/memory.limit_in_bytes": "9223372036854771712\n"])
        #expect(MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: unlimited).source == .machineHalf)
    }

    @Test func slurmPerNodeAndPerCPU() throws {
        let node = try environment([:], env: ["SLURM_MEM_PER_NODE": "2048"])
        let b = MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: node)
        #expect(b == MemoryBudget(bytes: 2 * Self.gib, source: .slurmPerNode) && b.describe == "2.0 GiB from SLURM_MEM_PER_NODE")
        let cpus = try environment([:], env: ["SLURM_MEM_PER_CPU": "1000", "SLURM_CPUS_ON_NODE": "3", "SLURM_CPUS_PER_TASK": "2"])
        #expect(MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: cpus) == MemoryBudget(bytes: 3000 * Self.mib, source: .slurmPerCPU(cpus: 3)))
        let perTask = try environment([:], env: ["SLURM_MEM_PER_CPU": "1000", "SLURM_CPUS_PER_TASK": "2"])
        let t = MemoryBudget.resolve(explicitMiB: nil, explicitSource: .flag, in: perTask)
        #expect(t == MemoryBudget(bytes: 2000 * Self.mib, source: .slurmPerCPU(cpus: 2)) && t.describe == "2.0 GiB from SLURM_MEM_PER_CPU x 2 CPUs")
    }

    @Test func anExplicitLimitIsCappedByTheEnginesAndTheMachines() throws {
        let slurm = try environment([:], env: ["SLURM_MEM_PER_NODE": "2048"])
        #expect(MemoryBudget.resolve(explicitMiB: 4096, explicitSource: .flag, in: slurm).source == .slurmPerNode)
        #expect(MemoryBudget.resolve(explicitMiB: 1024, explicitSource: .flag, in: slurm) == MemoryBudget(bytes: Self.gib, source: .flag))
        let recipe = MemoryBudget.resolve(explicitMiB: 1024, explicitSource: .recipe(file: "/r.json5"), in: slurm)
        #expect(recipe.describe == "1.0 GiB from terrain.memoryLimitMiB in /r.json5")
        let none = try environment([:], physicalBytes: 8 * Self.gib)
        #expect(MemoryBudget.resolve(explicitMiB: 100_000, explicitSource: .flag, in: none) == MemoryBudget(bytes: 8 * Self.gib, source: .machine))
        #expect(MemoryBudget.resolve(explicitMiB: 6000, explicitSource: .flag, in: none) == MemoryBudget(bytes: 6000 * Self.mib, source: .flag))
    }

    @Test func aRefusalNamesTheSourceTheRecipeAndTheKeys() throws {
        var budget = MemoryBudget(bytes: 64 * Self.mib, source: .slurmPerNode)
        budget.recipeFile = "/jobs/r.json5"
        #expect(throws: MemoryLimitError.self) {
            try MemoryLimit.check(width: 100, height: 100, bytesPerCell: 16, budget: budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
        }
        do {
            try MemoryLimit.check(width: 100, height: 100, bytesPerCell: 16, budget: budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
        } catch {
            #expect(error.message.contains("the region grid of 10000 cells (100 x 100) would need about 128 MiB")
                    && error.message.contains("over the limit of 64 MiB from SLURM_MEM_PER_NODE")
                    && error.message.contains("raise terrain.resolutionM in /jobs/r.json5") && error.message.contains("--mem"), "\(error.message)")
        }
        budget.bytes = 129 * Self.mib
        try MemoryLimit.check(width: 100, height: 100, bytesPerCell: 16, budget: budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
    }

    @Test func theSuggestedMemIsThePeakWithAQuarterMoreInWholeSteps() {
        #expect(PlanFigures.suggestedMemMiB(peakBytes: 100 * 1_048_576) == 256)
        #expect(PlanFigures.suggestedMemMiB(peakBytes: 205 * 1_048_576) == 512)
        #expect(PlanFigures.suggestedMemMiB(peakBytes: 1200 * 1_048_576) == 1536)
        #expect(MemoryLimit.buildPeakBytes(regionCells: 1_000_000, largestPatchCells: 0) == Double(128 * 1_048_576 + 18_000_000))
        #expect(MemoryLimit.buildPeakBytes(regionCells: 10, largestPatchCells: 2_000_000) == Double(128 * 1_048_576 + 24_000_000))
        // The trails come on top of the larger grid: 3 KiB a line and 320 B a vertex.
        let trails = [TrailLine(id: "a", name: nil, coords: Array(repeating: LonLat(0, 0), count: 100)),
                      TrailLine(id: "b", name: nil, coords: Array(repeating: LonLat(0, 0), count: 2))]
        #expect(MemoryLimit.trailBytes(trails) == Double(2 * 3072 + 102 * 320))
        #expect(MemoryLimit.buildPeakBytes(regionCells: 1_000_000, largestPatchCells: 0, trailBytes: 38_784)
                == Double(128 * 1_048_576 + 18_000_000 + 38_784))
    }

    @Test func theTrailsAreReservedBeforeAGridIsJudged() {
        var budget = MemoryBudget(bytes: 300 * 1_048_576, source: .flag)
        // 128 MiB + 18 B x 9M cells = 282 MiB: under 300 MiB alone, over it with 30 MiB of trails.
        #expect(throws: Never.self) {
            try MemoryLimit.check(width: 3000, height: 3000, bytesPerCell: MemoryLimit.regionBytesPerCell, budget: budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
        }
        budget.reservedBytes = 30 * 1_048_576
        let error = #expect(throws: MemoryLimitError.self) {
            try MemoryLimit.check(width: 3000, height: 3000, bytesPerCell: MemoryLimit.regionBytesPerCell, budget: budget, what: "the region grid", resolutionKey: "terrain.resolutionM")
        }
        #expect(error?.message.contains("+ 30 MiB for the trails") == true, "\(String(describing: error))")
    }
}

/// The recorded tracks' share of the estimate: read and cleaned before any grid exists.
@Suite struct TrackMemoryTests {
    @Test func eachTrackFileCountsOnceAtFourBytesAByte() throws {
        let dir = TestData.scratchFolder("track-memory")
        let recipe = dir.appendingPathComponent("j.json5").path
        let jacksboro = try TestData.recipeText("jacksboro")
        let gpx = TestData.url("jacksboro/pine-mountain-crest.gpx").path
        // The same route twice over one file: the file is read once per route but counted once.
        let twice = jacksboro.replacingOccurrences(of: "routes: [", with: "routes: [ { id: \"again\", name: \"Again\", track: { file: \"\(gpx)\", drawn: true } },")
        try #require(twice != jacksboro)
        try twice.write(toFile: recipe, atomically: true, encoding: .utf8)
        let loaded = try RecipeLoader.load(path: recipe)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: gpx)[.size] as? NSNumber).doubleValue
        #expect(MemoryLimit.trackBytes(loaded) == size * 4)
    }

    @Test func aBigRecordingOutweighsASmallGrid() {
        // 84 MB of GPX (2 million fixes): 336 MB to read and clean, over a 1 M-cell grid's 18 MB.
        let peak = MemoryLimit.buildPeakBytes(regionCells: 1_000_000, largestPatchCells: 0, trailBytes: 1000, trackBytes: 336_000_000)
        #expect(peak == Double(128 * 1_048_576 + 336_000_000 + 1000))
        #expect(MemoryLimit.buildPeakBytes(regionCells: 1_000_000, largestPatchCells: 0, trackBytes: 1_000)
                == Double(128 * 1_048_576 + 18_000_000))
    }
}

/// Every finished route's AR patch is held until the region is written: 300 routes over a
/// small region peaked at 143 MiB against an estimate of 131 MiB that counted only the largest.
@Suite struct HeldPatchMemoryTests {
    @Test func everyPatchAddsTwoBytesACellOnTopOfTheLargerGrid() {
        let one = MemoryLimit.buildPeakBytes(regionCells: 200_000, largestPatchCells: 300_000, allPatchCells: 300_000)
        let many = MemoryLimit.buildPeakBytes(regionCells: 200_000, largestPatchCells: 300_000, allPatchCells: 19_000_000)
        #expect(one == Double(128 * 1_048_576 + 300_000 * 12 + 300_000 * 2))
        #expect(many - one == Double((19_000_000 - 300_000) * 2))
    }
}
