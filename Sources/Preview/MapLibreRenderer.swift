import Foundation
import TrailpackCore

/// The optional MapLibre Native renderer of `trailpack preview`: a command prefix (the
/// environment variable `TRAILPACK_RENDERER`, e.g. `.venv/bin/python scripts/render_style.py`,
/// split on spaces) taking `scripts/render_style.py`'s arguments and printing its JSON report.
/// The build never needs it; without it the page says how to get the renders.
public struct MapLibreRenderer: Sendable, Equatable {
    /// The environment variable holding the command prefix.
    public static let environmentKey = "TRAILPACK_RENDERER"
    /// The environment variable overriding `timeoutS` (seconds).
    public static let timeoutKey = "TRAILPACK_RENDERER_TIMEOUT"

    /// Executable and leading arguments.
    public var command: [String]
    /// Seconds one render may take before it is killed (the script's `--timeout`; the command
    /// itself is killed `graceS` later should it hang).
    public var timeoutS: Double
    /// Seconds after `timeoutS` before the renderer command itself is killed.
    public var graceS: Double = 30

    public init(command: [String], timeoutS: Double = 120) {
        self.command = command
        self.timeoutS = timeoutS
    }

    /// The renderer `environment` names; nil when `TRAILPACK_RENDERER` is unset or blank.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> MapLibreRenderer? {
        let words = (environment[environmentKey] ?? "").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return nil }
        var renderer = MapLibreRenderer(command: words)
        if let t = environment[timeoutKey].flatMap(Double.init), t > 0 { renderer.timeoutS = t }
        return renderer
    }

    /// Why a preview has no MapLibre renders when no renderer is set.
    public static let notSetMessage = "MapLibre renders not made: set \(environmentKey) to a renderer command, "
        + "e.g. TRAILPACK_RENDERER=\"$PWD/.venv/bin/python $PWD/scripts/render_style.py\" after 'make venv' (make preview sets it)."

    /// The arguments of one render of the style at `stylePath` into `outPath`.
    public func arguments(stylePath: String, view: MapLibreView, outPath: String) -> [String] {
        command + ["--style", stylePath, "--center=\(view.center.lon),\(view.center.lat)", "--zoom", "\(view.zoom)",
                   "--size", "\(view.width)x\(view.height)", "--out", outPath, "--timeout", "\(timeoutS)"]
    }

    /// Renders `view` of the style at `stylePath` into `outPath`; nil on success, else the
    /// renderer's error (its report's `errors`, or how it failed to run or report). A symlink or
    /// special file at `outPath` is left alone and is the error (`SafeFile.check`): the renderer
    /// never writes through it.
    public func render(stylePath: String, view: MapLibreView, outPath: String) -> String? {
        do throws(SafeFile.Failure) { try SafeFile.check(outPath) } catch { return error.description }
        try? FileManager.default.removeItem(atPath: outPath)
        let args = arguments(stylePath: stylePath, view: view, outPath: outPath)
        let run: ChildRun
        do { run = try ChildRun.run(args, timeoutS: timeoutS + graceS) } catch {
            return "cannot run \(Self.environmentKey) (\(command.joined(separator: " "))): \(error)"
        }
        if run.timedOut { return "the renderer did not finish within \(formatSeconds(timeoutS + graceS)) s (killed)" }
        let report = (try? JSONSerialization.jsonObject(with: run.stdout)) as? [String: Any]
        if run.status != 0 || report?["ok"] as? Bool != true {
            if let errors = report?["errors"] as? [String], !errors.isEmpty { return errors.joined(separator: "; ") }
            let lastLine = String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "(no message)"
            return "renderer exited \(run.status) with no report: \(lastLine)"
        }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: outPath))?[.size] as? NSNumber, size.intValue > 0 else {
            return "the renderer reported success but wrote no \(outPath)"
        }
        return nil
    }
}

private func formatSeconds(_ s: Double) -> String { formatNumber(s, maxDecimals: 1) }

/// A child process run to its end (or killed after a timeout), stdout and stderr kept in
/// temporary files (no pipe to fill).
struct ChildRun {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var timedOut: Bool

    /// - Throws: `ChildRunError` when the program is not found, `SafeFile.Failure` when a
    ///   temporary file cannot be made (new, never through a link), `Process`'s error.
    static func run(_ args: [String], timeoutS: Double) throws -> ChildRun {
        let temp = FileManager.default.temporaryDirectory
        let tag = "trailpack-render-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let outURL = temp.appendingPathComponent(tag + ".out"), errURL = temp.appendingPathComponent(tag + ".err")
        let outFD = try SafeFile.createNew(outURL.path)
        let outHandle = FileHandle(fileDescriptor: outFD, closeOnDealloc: true)
        defer { try? FileManager.default.removeItem(at: outURL) }
        let errFD = try SafeFile.createNew(errURL.path)
        let errHandle = FileHandle(fileDescriptor: errFD, closeOnDealloc: true)
        defer { try? FileManager.default.removeItem(at: errURL) }
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executablePath(args[0]))
        process.arguments = Array(args.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        let deadline = Date().addingTimeInterval(timeoutS)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                // SIGTERM, then SIGKILL should it still run 2 s later (a child may ignore or block SIGTERM).
                timedOut = true
                process.terminate()
                let killAt = Date().addingTimeInterval(2)
                while process.isRunning && Date() < killAt { Thread.sleep(forTimeInterval: 0.05) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        return ChildRun(status: process.terminationStatus, stdout: (try? Data(contentsOf: outURL)) ?? Data(),
                        stderr: (try? Data(contentsOf: errURL)) ?? Data(), timedOut: timedOut)
    }

    /// `name` as given when it holds a slash, else the first executable of that name on PATH.
    static func executablePath(_ name: String) throws -> String {
        if name.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: name) else { throw ChildRunError(message: "no executable file \(name)") }
            return name
        }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ChildRunError(message: "\(name) not found on PATH")
    }
}

struct ChildRunError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
