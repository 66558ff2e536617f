import Foundation
import Preview

/// `trailpack preview PATH [--out DIR]`
enum PreviewCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "preview", flags: ["--quiet"], options: ["--out"])
        let path = try a.requirePositionals(["path"], command: "preview")[0]
        // Never inside the pack: a region folder holds exactly the files its manifest lists.
        let out = a.options["--out"] ?? URL(fileURLWithPath: "previews").appendingPathComponent(URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent).path
        let result = try PreviewRenderer.render(packPath: path, outDir: out)
        if !a.flag("--quiet") {
            print("Wrote \(result.files.count) files for \(result.regionIds.joined(separator: ", ")); open \(result.indexPath)")
        }
        return 0
    }
}
