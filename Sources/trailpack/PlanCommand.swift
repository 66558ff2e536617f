import Foundation
import PackJSON
import Pipeline
import TrailpackCore

/// `trailpack plan RECIPE... [--json] [--regions-file FILE] [--memory-limit-mib N]`: per recipe,
/// without building, its grids, inputs, memory and time and the problems that would stop its
/// build (`RegionPlanner`); the job list for a batch array. Exit 0 when no recipe has a
/// problem, 1 when one has, 2 on usage.
enum PlanCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "plan", flags: ["--json"], options: ["--regions-file", "--memory-limit-mib"])
        guard !a.positionals.isEmpty else { throw UsageError(message: "'plan' needs at least one RECIPE", command: "plan") }
        var flagMiB: Double?
        if let raw = a.options["--memory-limit-mib"] {
            guard let mib = Double(raw), mib >= 1 else {
                throw UsageError(message: "--memory-limit-mib takes a number of MiB, at least 1 (found '\(raw)')", command: "plan")
            }
            flagMiB = mib
        }
        let plans = RegionPlanner.plan(a.positionals, flagMiB: flagMiB)
        if let file = a.options["--regions-file"] {
            let lines = plans.filter(\.problems.isEmpty).map { $0.recipePath + "\n" }.joined()
            do throws(SafeFile.Failure) { try SafeFile.replace(file, with: Array(lines.utf8)) } catch {
                throw BuildError.safeFile(error, message: "cannot write the regions file")
            }
        }
        if a.flag("--json") { print(try JSONWriter().string(json(plans)), terminator: "") } else { print(human(plans)) }
        return plans.allSatisfy(\.problems.isEmpty) ? 0 : 1
    }

    /// The job-wide `--mem`: the largest task's, MiB; nil when no recipe has a grid.
    static func jobMemMiB(_ plans: [RegionPlan]) -> Int? { plans.compactMap(\.suggestedMemMiB).max() }

    /// "1536M", as sbatch and srun take it.
    static func memText(_ mib: Int) -> String { "\(mib)M" }

    /// A table of the plans: one block per recipe, then the job-wide suggestion.
    static func human(_ plans: [RegionPlan]) -> String {
        var lines: [String] = []
        for p in plans {
            lines.append("\(p.recipePath): region \(p.regionID ?? "?")" + (p.problems.isEmpty ? "" : "  (\(p.problems.count) problem\(p.problems.count == 1 ? "" : "s"))"))
            if let g = p.grid {
                lines.append(String(format: "  region grid   %d x %d = %d cells at %.1f m%@", g.width, g.height, p.regionCells, g.resolutionM,
                                    p.bboxDerived ? " (bbox derived from routes, trails and POIs)" : ""))
            }
            for r in p.patches {
                lines.append(String(format: "  AR patch      %@: %d x %d = %d cells at %.1f m%@", r.routeID, r.width, r.height, r.cells, r.resolutionM,
                                    r.basis == .network ? " (its path over the trail network, as the build lays it)" : ""))
            }
            if let peak = p.peakBytes, let mem = p.suggestedMemMiB, let timeS = p.timeS {
                let trails = p.trailBytes > 0 ? " (\(MemoryLimit.format(p.trailBytes)) of it for the trails)" : ""
                lines.append("  memory        estimated peak \(MemoryLimit.format(peak))\(trails); ask for --mem=\(memText(mem))")
                lines.append(String(format: "  time          about %.0f s", timeS))
            }
            if let b = p.budget { lines.append("  limit here    \(b.describe)") }
            for i in p.inputs {
                lines.append("  input         \(i.kind.rawValue) \(i.path) (" + (i.isRemote ? "remote, not checked" : i.exists == true ? "local" : "local, MISSING") + ")")
            }
            for problem in p.problems { lines.append("  problem       \(problem)") }
        }
        let good = plans.filter(\.problems.isEmpty).count
        lines.append("\(plans.count) recipe\(plans.count == 1 ? "" : "s"), \(good) without problems"
                     + (jobMemMiB(plans).map { "; job-wide --mem=\(memText($0)) (the largest task's)" } ?? ""))
        return lines.joined(separator: "\n")
    }
}
