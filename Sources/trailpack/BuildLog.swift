import Foundation
import Pipeline

/// How `build` and `catalog` write their logs (`--log-format`): `pretty` for a person at a
/// terminal (progress line, file and route table), `plain` for batch logs (no progress, every
/// line `[<region id>] ...`, one line per warning or note, one `built:` line per region).
enum LogFormat: String {
    case pretty, plain

    /// The format `--log-format` names, else `pretty` when stderr is a terminal, `plain` otherwise.
    /// - Throws: `UsageError` for any other value.
    static func parse(_ value: String?, command: String) throws -> LogFormat {
        guard let value else { return isatty(STDERR_FILENO) != 0 ? .pretty : .plain }
        guard let format = LogFormat(rawValue: value) else {
            throw UsageError(message: "--log-format takes plain or pretty (found '\(value)')", command: command)
        }
        return format
    }

    /// `text` as plain log lines: each line of it `[label] `-prefixed (none without a label).
    static func plainLine(_ text: String, label: String?) -> String {
        guard let label else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { "[\(label)] \($0)" }.joined(separator: "\n")
    }

    /// `text` on one line: line breaks (and the indentation after them) become "; ".
    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

/// Where a build's output goes: warnings, notes and errors to stderr, the summary to stdout.
/// `--quiet` drops the progress line, the file table and the notes, never a warning.
struct BuildLog {
    var format: LogFormat
    var quiet: Bool
    /// `--json`: stdout holds the JSON summary alone.
    var json: Bool

    /// The label of the region's lines in plain logs; nil in pretty ones.
    func label(_ regionID: String) -> String? { format == .plain ? regionID : nil }

    /// The build's warnings (always) and notes (unless quiet) on stderr, then its summary on
    /// stdout: the table (pretty, unless quiet or --json) or the `built:` line (plain, unless --json).
    func report(_ s: BuildSummary, wallS: Double) {
        for d in s.diagnostics where d.level == .warning || !quiet {
            printError(format == .plain ? LogFormat.plainLine(LogFormat.oneLine(d.description), label: s.regionID) : d.description)
        }
        guard !json else { return }
        switch format {
        case .pretty where !quiet: print(BuildCommand.humanSummary(s))
        case .pretty: break
        case .plain: print(LogFormat.plainLine(Self.builtLine(s, wallS: wallS), label: s.regionID))
        }
    }

    /// "built: 3 routes, 12.3 MB, 41.2 s, memory 290 MiB of 2.0 GiB from SLURM_MEM_PER_NODE"
    /// (wall-clock seconds of the whole build, waits included; the estimated peak and the limit
    /// that applied, so a batch log says which one did).
    static func builtLine(_ s: BuildSummary, wallS: Double) -> String {
        let memory = s.memoryLimit.map { ", memory \(MemoryLimit.format(s.memoryEstimateBytes)) of \($0.describe)" } ?? ""
        return String(format: "built: %d route%@, %.1f MB, %.1f s", s.routes.count, s.routes.count == 1 ? "" : "s",
                      Double(s.totalBytes) / 1e6, wallS) + memory
    }

    /// Says on stderr (in every format, quiet too) that the build waits for a lock another build holds.
    func waiting(label regionID: String, lockFile: String, holder: String, waitS: Double) {
        let text = "waiting for \(lockFile), held by \(holder) (up to \(String(format: "%g", waitS)) s, --lock-wait-s)"
        printError(format == .plain ? LogFormat.plainLine(text, label: regionID) : "trailpack: \(text)")
    }
}
