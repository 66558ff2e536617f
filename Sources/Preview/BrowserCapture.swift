import Foundation
import TrailpackCore

/// The optional headless browser of `trailpack preview` that captures the 3D page's stills: a
/// command prefix (the environment variable `TRAILPACK_BROWSER`, e.g. `chromium`, split on
/// spaces) that takes Chromium's headless arguments. WebGL runs on its software renderer
/// (SwiftShader). The build never needs it; without it the page says how to get the stills.
public struct BrowserCapture: Sendable, Equatable {
    public static let environmentKey = "TRAILPACK_BROWSER"
    /// The environment variable overriding `timeoutS` (seconds).
    public static let timeoutKey = "TRAILPACK_BROWSER_TIMEOUT"

    public var command: [String]
    /// Seconds one capture may take before the browser is killed.
    public var timeoutS: Double

    public init(command: [String], timeoutS: Double = 120) {
        self.command = command
        self.timeoutS = timeoutS
    }

    /// The browser `environment` names; nil when `TRAILPACK_BROWSER` is unset or blank.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> BrowserCapture? {
        let words = (environment[environmentKey] ?? "").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return nil }
        var browser = BrowserCapture(command: words)
        if let t = environment[timeoutKey].flatMap(Double.init), t > 0 { browser.timeoutS = t }
        return browser
    }

    /// Why a preview has no flyover stills when no browser is set.
    public static let notSetMessage = "Flyover stills not made: set \(environmentKey) to a headless Chromium, "
        + "e.g. TRAILPACK_BROWSER=chromium (Debian's chromium; make demo and make preview set it)."

    /// Chromium's arguments to load `url` in a `widthPx` x `heightPx` window and write a
    /// screenshot to `outPath`, with a fresh profile in `profileDir`; `--no-sandbox` when run as
    /// root (Chromium refuses root otherwise).
    public func arguments(url: String, outPath: String, widthPx: Int, heightPx: Int, profileDir: String, asRoot: Bool) -> [String] {
        command + ["--headless", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--hide-scrollbars", "--mute-audio",
                   "--no-first-run", "--disable-extensions", "--user-data-dir=\(profileDir)", "--window-size=\(widthPx),\(heightPx)",
                   "--screenshot=\(outPath)"] + (asRoot ? ["--no-sandbox"] : []) + [url]
    }

    /// Captures `url` into `outPath`; nil on success, else why not. A symlink or special file at
    /// `outPath` is left alone and is the error (`SafeFile.check`).
    public func capture(url: String, outPath: String, widthPx: Int, heightPx: Int) -> String? {
        do throws(SafeFile.Failure) { try SafeFile.check(outPath) } catch { return error.description }
        try? FileManager.default.removeItem(atPath: outPath)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("trailpack-browser-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let args = arguments(url: url, outPath: outPath, widthPx: widthPx, heightPx: heightPx, profileDir: profile.path, asRoot: getuid() == 0)
        let run: ChildRun
        do { run = try ChildRun.run(args, timeoutS: timeoutS) } catch {
            return "cannot run \(Self.environmentKey) (\(command.joined(separator: " "))): \(error)"
        }
        if run.timedOut { return "the browser did not finish within \(Int(timeoutS)) s (killed)" }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: outPath))?[.size] as? NSNumber, size.intValue > 0 else {
            let lastLine = String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "(no message)"
            return "the browser exited \(run.status) and wrote no screenshot: \(lastLine)"
        }
        return nil
    }
}
