import Foundation

extension MemoryBudget {
    /// The limit of one build of `recipe`: the flag (`flagMiB`, `--memory-limit-mib`) or else the
    /// recipe's `terrain.memoryLimitMiB`, against the batch engine's limits (`resolve`).
    public static func forBuild(_ recipe: Recipe, flagMiB: Double?, in env: MemoryEnvironment = .current) -> MemoryBudget {
        var budget = flagMiB.map { resolve(explicitMiB: $0, explicitSource: .flag, in: env) }
            ?? resolve(explicitMiB: recipe.terrain.memoryLimitMiB, explicitSource: .recipe(file: recipe.path), in: env)
        budget.recipeFile = recipe.path
        return budget
    }

    /// The smallest of: the process's own cgroup limits (v2 and v1, its ancestors' included),
    /// Slurm's `SLURM_MEM_PER_NODE` and `SLURM_MEM_PER_CPU` x CPUs, the explicit limit (MiB,
    /// from `explicitSource`) and the physical memory. With neither an explicit limit nor one
    /// of the engine's: half the physical memory. The first of equal limits names the source.
    public static func resolve(explicitMiB: Double?, explicitSource: MemorySource, in env: MemoryEnvironment = .current) -> MemoryBudget {
        var candidates = cgroupLimits(env) + slurmLimits(env)
        if let explicitMiB {
            candidates.insert(MemoryBudget(bytes: UInt64(max(0, explicitMiB) * 1_048_576), source: explicitSource), at: 0)
        }
        guard !candidates.isEmpty else { return MemoryBudget(bytes: env.physicalBytes / 2, source: .machineHalf) }
        candidates.append(MemoryBudget(bytes: env.physicalBytes, source: .machine))
        return candidates.min { $0.bytes < $1.bytes }!
    }

    /// The limits of the process's own cgroups: v2 (`0::/path`, `memory.max`) and v1 (the
    /// `memory` controller's line, `memory/<path>/memory.limit_in_bytes`), each cgroup's and
    /// every ancestor's (an ancestor's limit applies too). "max", 0 and v1's "unlimited" (2^62
    /// and more) are no limit.
    static func cgroupLimits(_ env: MemoryEnvironment) -> [MemoryBudget] {
        guard let text = env.readFile("/proc/self/cgroup") else { return [] }
        var out: [MemoryBudget] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2]).trimmingCharacters(in: .whitespaces)
            if fields[0] == "0" && fields[1].isEmpty {
                out += walkUp(root: env.cgroupRoot, path: path, file: "memory.max", env: env)
            } else if fields[1].split(separator: ",").contains("memory") {
                out += walkUp(root: env.cgroupRoot + "/memory", path: path, file: "memory.limit_in_bytes", env: env)
            }
        }
        return out
    }

    /// The limit in `file` of the cgroup at `path` under `root` and of each of its ancestors.
    static func walkUp(root: String, path: String, file: String, env: MemoryEnvironment) -> [MemoryBudget] {
        var components = path.split(separator: "/").map(String.init)
        var out: [MemoryBudget] = []
        while true {
            let location = ([root] + components + [file]).joined(separator: "/")
            if let bytes = limitValue(env.readFile(location)) { out.append(MemoryBudget(bytes: bytes, source: .cgroup(file: location))) }
            if components.isEmpty { return out }
            components.removeLast()
        }
    }

    /// A cgroup limit file's bytes; nil for "max", 0, v1's "unlimited" or unreadable text.
    static func limitValue(_ text: String?) -> UInt64? {
        guard let raw = text?.trimmingCharacters(in: .whitespacesAndNewlines), let bytes = UInt64(raw),
              bytes > 0, bytes < 1 << 62 else { return nil }
        return bytes
    }

    /// Slurm's allocation on this node: `SLURM_MEM_PER_NODE` (MiB, Slurm's "MB"), and
    /// `SLURM_MEM_PER_CPU` (MiB) times `SLURM_CPUS_ON_NODE`, else `SLURM_CPUS_PER_TASK`, else 1.
    static func slurmLimits(_ env: MemoryEnvironment) -> [MemoryBudget] {
        func positive(_ name: String) -> UInt64? {
            guard let raw = env.environment[name], let v = UInt64(raw.trimmingCharacters(in: .whitespaces)), v > 0 else { return nil }
            return v
        }
        var out: [MemoryBudget] = []
        if let mib = positive("SLURM_MEM_PER_NODE") { out.append(MemoryBudget(bytes: mib * 1_048_576, source: .slurmPerNode)) }
        if let mib = positive("SLURM_MEM_PER_CPU") {
            let cpus = positive("SLURM_CPUS_ON_NODE") ?? positive("SLURM_CPUS_PER_TASK") ?? 1
            out.append(MemoryBudget(bytes: mib * cpus * 1_048_576, source: .slurmPerCPU(cpus: Int(cpus))))
        }
        return out
    }
}
