import Foundation
import Navigation

/// `trailpack vectors`: the navigation test vectors of a region (docs/NAVIGATION.md).
enum VectorsCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "vectors", flags: [], options: ["--out"])
        let folder = try a.requirePositionals(["region_dir"], command: "vectors")[0]
        guard let out = a.options["--out"] else { throw UsageError(message: "--out CASES.json is required", command: "vectors") }
        do throws(NavigationError) {
            let bytes = try NavigationVectors.make(folder: folder)
            try ReplayCommand.write(bytes, to: out, option: "--out")
            return 0
        } catch {
            printError("error: \(error.description)")
            return 1
        }
    }
}
