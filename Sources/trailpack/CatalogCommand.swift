import Foundation
import Pipeline

/// `trailpack catalog DIR`
enum CatalogCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "catalog", flags: ["--quiet"], options: ["--lock-wait-s", "--log-format"])
        let dir = try a.requirePositionals(["dir"], command: "catalog")[0]
        let format = try LogFormat.parse(a.options["--log-format"], command: "catalog")
        let waitS = try BuildCommand.lockWaitS(a, command: "catalog")
        let log = BuildLog(format: format, quiet: a.flag("--quiet"), json: false)
        let ids: [String]
        do {
            ids = try CatalogBuilder.rebuild(root: URL(fileURLWithPath: dir), lockWaitS: waitS) { holder in
                log.waiting(label: "catalog", lockFile: URL(fileURLWithPath: dir).appendingPathComponent(".catalog.lock").path, holder: holder, waitS: waitS)
            }
        } catch {
            throw LabelledFailure(label: format == .plain ? "catalog" : nil, error: error)
        }
        guard !a.flag("--quiet") else { return ExitStatus.ok }
        let listed = "\(ids.count) region\(ids.count == 1 ? "" : "s"): \(ids.joined(separator: ", "))"
        print(format == .plain ? "[catalog] wrote \(dir)/catalog.json with \(listed)" : "Wrote \(dir)/catalog.json with \(listed)")
        return ExitStatus.ok
    }
}
