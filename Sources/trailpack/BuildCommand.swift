import Foundation
import PackJSON
import Pipeline

/// `trailpack build RECIPE... --out DIR`
enum BuildCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "build", flags: ["--quiet", "--json", "--no-catalog"],
                              options: ["--out", "--depfile", "--memory-limit-mib", "--lock-wait-s", "--log-format", "--glyph-cache"])
        guard !a.positionals.isEmpty else { throw UsageError(message: "'build' needs at least one RECIPE", command: "build") }
        guard let out = a.options["--out"] else { throw UsageError(message: "'build' needs --out DIR (the pack root)", command: "build") }
        if a.options["--depfile"] != nil && a.positionals.count > 1 {
            throw UsageError(message: "--depfile takes one RECIPE per build", command: "build")
        }
        let options = try buildOptions(a)
        let log = BuildLog(format: try LogFormat.parse(a.options["--log-format"], command: "build"),
                           quiet: a.flag("--quiet") || a.flag("--json"), json: a.flag("--json"))
        var summaries: [BuildSummary] = []
        for recipe in a.positionals {
            summaries.append(try build(recipe, out: out, options: options, log: log))
        }
        if a.flag("--json") {
            print(try JSONWriter().string(.array(summaries.map(jsonSummary))), terminator: "")
        }
        return ExitStatus.ok
    }

    /// The options every recipe of the command line builds with.
    /// - Throws: `UsageError` for a value out of range.
    static func buildOptions(_ a: Arguments) throws -> BuildOptions {
        var options = BuildOptions()
        options.updateCatalog = !a.flag("--no-catalog")
        options.depfile = a.options["--depfile"]
        if let raw = a.options["--memory-limit-mib"] {
            guard let mib = Double(raw), mib >= 1 else {
                throw UsageError(message: "--memory-limit-mib takes a number of MiB, at least 1 (found '\(raw)')", command: "build")
            }
            options.memoryLimitMiB = mib
        }
        options.lockWaitS = try lockWaitS(a, command: "build")
        options.glyphCacheFolder = a.options["--glyph-cache"] ?? ProcessInfo.processInfo.environment[glyphCacheKey].flatMap { $0.isEmpty ? nil : $0 }
        return options
    }

    /// The environment variable that names a glyph cache folder when `--glyph-cache` does not.
    static let glyphCacheKey = "TRAILPACK_GLYPH_CACHE"

    /// `--lock-wait-s N`: seconds, at least 0; 60 when not given.
    /// - Throws: `UsageError` for anything else.
    static func lockWaitS(_ a: Arguments, command: String) throws -> Double {
        guard let raw = a.options["--lock-wait-s"] else { return 60 }
        guard let s = Double(raw), s >= 0, s.isFinite else {
            throw UsageError(message: "--lock-wait-s takes a number of seconds, at least 0 (found '\(raw)')", command: command)
        }
        return s
    }

    /// Builds one recipe and reports it through `log`.
    /// - Throws: `LabelledFailure` with the region id (the recipe file's name stem before the
    ///   recipe is read) around the build's error.
    static func build(_ recipePath: String, out: String, options given: BuildOptions, log: BuildLog) throws -> BuildSummary {
        var label = URL(fileURLWithPath: recipePath).deletingPathExtension().lastPathComponent
        do {
            let started = Date()
            let recipe = try RecipeLoader.load(path: recipePath)
            label = recipe.id
            Interrupts.shared.setLogLabel(log.label(label))
            var options = given
            let waitS = options.lockWaitS
            options.onLockWait = { [label] file, holder in log.waiting(label: label, lockFile: file, holder: holder, waitS: waitS) }
            let progress = ConsoleProgress.make(quiet: log.quiet || log.format == .plain)
            defer { progress?.finish() }
            let summary = try PackBuilder.build(recipe: recipe, outRoot: out, options: options, progress: progress)
            progress?.finish()
            log.report(summary, wallS: Date().timeIntervalSince(started))
            return summary
        } catch {
            throw LabelledFailure(label: log.label(label), error: error)
        }
    }

    static func humanSummary(_ s: BuildSummary) -> String {
        var lines = ["Built region \(s.regionID) (\(s.regionName)) in \(s.regionFolder)"]
        for f in s.files { lines.append("  " + pad(f.path, 28) + pad(formatBytes(f.bytes), 10, right: true)) }
        if !s.routes.isEmpty {
            lines.append("")
            lines.append("  " + pad("route", 24) + ["distance", "ascent", "descent", "time"].map { pad($0, 10, right: true) }.joined())
            for r in s.routes {
                let cells = [String(format: "%.2f km", r.stats.distanceM / 1000), String(format: "%.0f m", r.stats.ascentM),
                             String(format: "%.0f m", r.stats.descentM), formatDuration(r.stats.durationS)]
                lines.append("  " + pad(r.id, 24) + cells.map { pad($0, 10, right: true) }.joined()
                             + "  sees \(s.landmarkCounts[r.id] ?? 0) landmarks")
            }
        }
        lines.append("")
        lines.append("  pack size \(formatBytes(s.totalBytes)); " + s.stageSeconds.map { String(format: "%@ %.2f s", $0.stage, $0.seconds) }.joined(separator: ", "))
        if let m = s.memoryLimit { lines.append("  memory: estimated peak \(MemoryLimit.format(s.memoryEstimateBytes)) of the limit of \(m.describe)") }
        return lines.joined(separator: "\n")
    }

    static func jsonSummary(_ s: BuildSummary) -> JSONValue {
        ["region": .string(s.regionID), "name": .string(s.regionName), "folder": .string(s.regionFolder),
         "bytes": .int(s.totalBytes),
         "files": .array(s.files.map { ["path": .string($0.path), "bytes": .int($0.bytes), "sha256": .string($0.sha256)] }),
         "routes": .array(s.routes.map { r in
             var o: JSONObject = ["id": .string(r.id), "name": .string(r.name), "distanceM": .number(r.stats.distanceM, decimals: 1),
              "ascentM": .number(r.stats.ascentM, decimals: 1), "descentM": .number(r.stats.descentM, decimals: 1),
              "durationS": .int(r.stats.durationS), "landmarks": .int(s.landmarkCounts[r.id] ?? 0)]
             if let c = s.cueCounts.first(where: { $0.routeID == r.id }) {
                 o["cues"] = ["turns": .int(c.turns), "uTurns": .int(c.uTurns), "junctions": .int(c.junctions),
                              "total": .int(c.cues), "perKm": .number(c.cuesPerKm, decimals: 2)]
             }
             return .object(o)
         }),
         "secondsPerStage": .object(JSONObject(s.stageSeconds.map { ($0.stage, .number($0.seconds, decimals: 3)) })),
         "cpuSecondsPerStage": .object(JSONObject(s.stageCPUSeconds.map { ($0.stage, .number($0.seconds, decimals: 3)) })),
         "memoryLimit": PlanCommand.memoryJSON(s.memoryLimit, estimateBytes: s.memoryEstimateBytes),
         "diagnostics": .array(s.diagnostics.map { ["level": .string($0.level.rawValue), "subject": .string($0.subject), "message": .string($0.message)] })]
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    static func formatBytes(_ n: Int) -> String {
        n >= 1_000_000 ? String(format: "%.1f MB", Double(n) / 1e6) : n >= 1000 ? String(format: "%.1f kB", Double(n) / 1e3) : "\(n) B"
    }

    /// Hours and minutes, rounded to the nearest minute.
    static func formatDuration(_ s: Int) -> String {
        let minutes = (s + 30) / 60
        return String(format: "%d:%02d h", minutes / 60, minutes % 60)
    }
}
