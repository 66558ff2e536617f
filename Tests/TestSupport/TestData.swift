import Foundation

/// Locations the tests share: the repository root, its bundled real data, scratch folders and
/// the built `trailpack` binary.
public enum TestData {
    /// The package root (the folder holding Package.swift).
    public static let repoRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// A file under the repo's `data/` folder (real DEMs and trails with their provenance).
    public static func url(_ relative: String) -> URL {
        repoRoot.appendingPathComponent("data").appendingPathComponent(relative)
    }

    /// Path of a file under `data/`.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// The text of the bundled recipe `Recipes/<name>.json5` with its `../data/` paths pointing
    /// at `dataFolder` (default: the repo's `data/`, absolute), for a copy written elsewhere.
    public static func recipeText(_ name: String, dataFolder: String? = nil) throws -> String {
        try String(contentsOfFile: repoRoot.appendingPathComponent("Recipes/\(name).json5").path, encoding: .utf8)
            .replacingOccurrences(of: "\"../data/", with: "\"\(dataFolder ?? url("").path)/")
    }

    /// A fresh empty temporary folder, unique per call, inside `scratchRoot`. Not a fixture that
    /// may fail alone: where no folder can be made in the temporary folder no test can run, so
    /// it stops the run (`try!`).
    public static func scratchFolder(_ label: String = "test") -> URL {
        let url = scratchRoot.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The test process's own temporary folder (`trailpack-tests-<pid>`), holding every scratch
    /// folder; removed when the process exits, unless `TRAILPACK_KEEP_SCRATCH=1` keeps it to look
    /// at (a run of `make test` writes about 600 MB of packs there).
    public static let scratchRoot: URL = {
        let root = scratchRoot(ofProcess: getpid())
        try? FileManager.default.removeItem(at: root)
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["TRAILPACK_KEEP_SCRATCH"] != "1" {
            atexit { try? FileManager.default.removeItem(at: TestData.scratchRoot(ofProcess: getpid())) }
        }
        return root
    }()

    static func scratchRoot(ofProcess pid: Int32) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("trailpack-tests-\(pid)")
    }
}

extension TestData {
    /// The `trailpack` executable built beside the test bundle.
    public static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("trailpack")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        for config in ["debug", "release"] {
            let u = repoRoot.appendingPathComponent(".build/\(config)/trailpack")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        fatalError("trailpack binary not found; run 'swift build' first")
    }()

    /// The result of running the binary.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `trailpack` with `arguments` (and extra environment) and waits for it; with
    /// `timeoutS`, a child still running after that many seconds is killed (SIGKILL), so a
    /// regression that hangs fails its test instead of the suite.
    public static func run(_ arguments: [String], environment: [String: String] = [:], cwd: URL? = nil,
                           timeoutS: Double? = nil) throws -> Run {
        let (status, o, e) = try runProcess(binary, arguments, environment: environment, cwd: cwd, timeoutS: timeoutS)
        return Run(status: status, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// `trailpack validate` (`--strict` unless the build warned on purpose) of a pack root or
    /// region folder the tests built: nil when it passes, else the report (so every pack the
    /// suite builds is also a false-positive check).
    public static func strictValidationFailure(_ path: URL, strict: Bool = true) -> String? {
        do {
            let result = try run(["validate", path.path] + (strict ? ["--strict"] : []))
            return result.status == 0 ? nil : "validate \(path.path) exited \(result.status):\n\(result.stdout)\(result.stderr)"
        } catch {
            return "validate \(path.path) did not run: \(error)"
        }
    }

    /// Runs `executable` with `arguments` (and extra environment) and waits: exit status, stdout, stderr.
    public static func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                                  cwd: URL? = nil, timeoutS: Double? = nil) throws -> (Int32, Data, Data) {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let pid = p.processIdentifier
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        if let timeoutS { DispatchQueue.global().asyncAfter(deadline: .now() + timeoutS, execute: killer) }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        killer.cancel()
        return (p.terminationStatus, o, e)
    }

    /// Every regular file under `folder` with its bytes, keyed by relative path.
    public static func tree(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        let e = FileManager.default.enumerator(atPath: base)
        while let rel = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            let full = base + "/" + rel
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: full)
            }
        }
        return out
    }
}
