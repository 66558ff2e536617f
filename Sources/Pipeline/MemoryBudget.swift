import Foundation

/// Where a build's memory limit came from.
public enum MemorySource: Equatable, Sendable {
    /// `--memory-limit-mib`.
    case flag
    /// `terrain.memoryLimitMiB` in the recipe at this path.
    case recipe(file: String)
    /// The process's own cgroup (or an ancestor's) limit: the file that gave it.
    case cgroup(file: String)
    /// Slurm's `SLURM_MEM_PER_NODE` (MiB).
    case slurmPerNode
    /// Slurm's `SLURM_MEM_PER_CPU` (MiB) times the job's CPUs on this node.
    case slurmPerCPU(cpus: Int)
    /// The machine's physical memory (an explicit limit above it).
    case machine
    /// Half the physical memory: no limit given and none from a batch engine.
    case machineHalf

    /// A short machine-readable name (`build --json`, `plan --json`).
    public var key: String {
        switch self {
        case .flag: "flag"
        case .recipe: "recipe"
        case .cgroup: "cgroup"
        case .slurmPerNode: "slurmPerNode"
        case .slurmPerCPU: "slurmPerCPU"
        case .machine: "machine"
        case .machineHalf: "machineHalf"
        }
    }

    /// What the limit is, in words ("SLURM_MEM_PER_NODE").
    public var phrase: String {
        switch self {
        case .flag: "--memory-limit-mib"
        case .recipe(let file): "terrain.memoryLimitMiB in \(file)"
        case .cgroup(let file): "the cgroup limit \(file)"
        case .slurmPerNode: "SLURM_MEM_PER_NODE"
        case .slurmPerCPU(let cpus): "SLURM_MEM_PER_CPU x \(cpus) CPU\(cpus == 1 ? "" : "s")"
        case .machine: "this machine's memory"
        case .machineHalf: "half of this machine's memory"
        }
    }

    /// How to raise the limit of a build of `recipeFile`, for refusals.
    func advice(recipeFile: String) -> String {
        switch self {
        case .flag: "raise --memory-limit-mib"
        case .recipe(let file): "raise terrain.memoryLimitMiB in \(file) (or pass --memory-limit-mib)"
        case .cgroup: "give the container or job more memory (its cgroup's limit)"
        case .slurmPerNode, .slurmPerCPU: "ask Slurm for more memory (sbatch/srun --mem; 'trailpack plan' suggests a value)"
        case .machine: "use a machine with more memory"
        case .machineHalf: "set terrain.memoryLimitMiB in \(recipeFile) (or --memory-limit-mib) up to this machine's memory"
        }
    }
}

/// A build's memory limit: bytes and the source that set it (the smallest of every limit that applies).
public struct MemoryBudget: Equatable, Sendable {
    public var bytes: UInt64
    public var source: MemorySource
    /// The recipe whose keys make the grids smaller, for refusals (nil: "the recipe").
    public var recipeFile: String?
    /// Bytes already taken whatever the grid: the trails, once read (`MemoryLimit.trailBytes`).
    public var reservedBytes: Double = 0

    public init(bytes: UInt64, source: MemorySource, recipeFile: String? = nil) {
        self.bytes = bytes
        self.source = source
        self.recipeFile = recipeFile
    }

    /// "2.0 GiB from SLURM_MEM_PER_NODE".
    public var describe: String { "\(MemoryLimit.format(Double(bytes))) from \(source.phrase)" }
}

/// What the memory limit is read from; injectable so tests feed fake `/proc/self/cgroup`, cgroup
/// files and Slurm variables.
public struct MemoryEnvironment: Sendable {
    /// The text of a file, nil when it cannot be read.
    public var readFile: @Sendable (String) -> String?
    public var environment: [String: String]
    public var physicalBytes: UInt64
    /// Where cgroup file systems are mounted (`/sys/fs/cgroup`).
    public var cgroupRoot: String

    public init(readFile: @escaping @Sendable (String) -> String?, environment: [String: String], physicalBytes: UInt64,
                cgroupRoot: String = "/sys/fs/cgroup") {
        self.readFile = readFile
        self.environment = environment
        self.physicalBytes = physicalBytes
        self.cgroupRoot = cgroupRoot
    }

    /// This process's files, environment and physical memory.
    public static var current: MemoryEnvironment {
        MemoryEnvironment(readFile: { try? String(contentsOfFile: $0, encoding: .utf8) },
                          environment: ProcessInfo.processInfo.environment, physicalBytes: ProcessInfo.processInfo.physicalMemory)
    }
}
