import Foundation
import Navigation
import PackJSON
import TrailpackCore

/// `trailpack replay`: a recording played through a route of a region fix by fix, as the app's
/// navigation engine would (docs/NAVIGATION.md).
enum ReplayCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "replay", flags: [], options: ["--route", "--track", "--json", "--html"])
        let folder = try a.requirePositionals(["region_dir"], command: "replay")[0]
        guard let routeId = a.options["--route"] else { throw UsageError(message: "--route ID is required", command: "replay") }
        guard let track = a.options["--track"] else { throw UsageError(message: "--track WALK.gpx is required", command: "replay") }
        do {
            let region = try NavigationRegion(folder: folder, routeId: routeId)
            let fixes = try RecordingFixes.read(path: track)
            let clock = ContinuousClock()
            let started = clock.now
            let replay = Replay.run(route: region.route, fixes: fixes) { at, from in region.rejoinAnswer(at: at, from: from) }
            let took = clock.now - started
            if let out = a.options["--json"] { try write(try JSONWriter().bytes(replay.json(routeId: routeId)), to: out, option: "--json") }
            if let out = a.options["--html"] {
                let page = ReplayPage(region: region, replay: replay, track: track).html()
                try write(Array(page.utf8), to: out, option: "--html")
            }
            print(ReplaySummary.text(replay, route: region.route, seconds: Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18))
            return 0
        } catch let e as NavigationError {
            printError("error: \(e.description)")
            return 1
        }
    }

    /// Writes `bytes` to `out` (`-`: standard output) through `SafeFile.replace`.
    /// - Throws: `NavigationError.argument` naming the option and the file.
    static func write(_ bytes: [UInt8], to out: String, option: String) throws(NavigationError) {
        if out == "-" { FileHandle.standardOutput.write(Data(bytes)); return }
        do throws(SafeFile.Failure) { try SafeFile.replace(out, with: bytes) } catch {
            throw .argument(name: option, message: "cannot write \(out): \(error.message)")
        }
    }
}
