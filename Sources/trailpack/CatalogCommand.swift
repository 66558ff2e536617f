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
            try checkPackRoot(dir)
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

    /// `dir` is an existing pack root: a folder with a `regions/` folder (maybe empty).
    /// - Throws: `BuildError.input` naming `dir` when it is missing, a file, or has no `regions/`.
    static func checkPackRoot(_ dir: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isFolder) else {
            throw BuildError.input(file: dir, place: "", message: "no such folder; catalog needs an existing pack root (made by 'trailpack build --out \(dir)')")
        }
        guard isFolder.boolValue else { throw BuildError.input(file: dir, place: "", message: "is a file, not a pack root folder") }
        let regions = URL(fileURLWithPath: dir).appendingPathComponent("regions").path
        guard FileManager.default.fileExists(atPath: regions, isDirectory: &isFolder), isFolder.boolValue else {
            throw BuildError.input(file: dir, place: "", message: "has no regions/ folder, so it is no pack root (build a region into it with 'trailpack build --out \(dir)')")
        }
    }
}
