import Foundation
import Pipeline
import Validation

/// `trailpack validate PATH [--json] [--strict] [--dem DEM...] [--recipes RECIPE...]`
enum ValidateCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let (rest, lists) = try takeLists(args, names: ["--dem", "--recipes"], command: "validate")
        let a = try Arguments(rest, command: "validate", flags: ["--json", "--strict", "--quiet"], options: [])
        let path = try a.requirePositionals(["path"], command: "validate")[0]
        var options = ValidationOptions(demPaths: lists["--dem"] ?? [])
        // Each recipe's region is compared with its own DEMs and resampling kernel, and held to
        // what its recipe accepts (AR resolution, size budget, void warnings).
        for recipePath in lists["--recipes"] ?? [] {
            let recipe = try RecipeLoader.load(path: recipePath)
            options.demByRegion[recipe.id] = DEMSource(paths: recipe.dem, kernel: recipe.terrain.kernel,
                                                          verticalUnits: recipe.demVerticalUnits)
            options.expectationsByRegion[recipe.id] = recipe.expectations
        }
        let report = PackValidator.validate(path: path, options: options)
        if a.flag("--json") {
            print(ReportRenderer.json(report, strict: a.flag("--strict")), terminator: "")
        } else if !a.flag("--quiet") || !report.isValid {
            print(ReportRenderer.text(report, strict: a.flag("--strict")), terminator: "")
        }
        return report.exitStatus(strict: a.flag("--strict"))
    }

    /// Removes each `--name A B ...` (every argument up to the next one starting with `-`) from
    /// `args`; an option given with no value is a usage error. With no positional left, a
    /// folder at the end of a list is the PATH (`validate --dem a.tif packs`), not a list entry.
    static func takeLists(_ args: [String], names: Set<String>, command: String) throws -> ([String], [String: [String]]) {
        var (rest, lists) = try takeListValues(args, names: names, command: command)
        for name in names.sorted() where !rest.contains(where: { !$0.hasPrefix("-") }) {
            var isDirectory: ObjCBool = false
            if let last = lists[name]?.last, lists[name]!.count > 1,
               FileManager.default.fileExists(atPath: last, isDirectory: &isDirectory), isDirectory.boolValue {
                lists[name]!.removeLast()
                rest.append(last)
            }
        }
        return (rest, lists)
    }

    private static func takeListValues(_ args: [String], names: Set<String>, command: String) throws -> ([String], [String: [String]]) {
        var rest: [String] = []
        var lists: [String: [String]] = [:]
        var k = 0
        while k < args.count {
            let a = args[k]
            k += 1
            guard names.contains(a) else { rest.append(a); continue }
            var values: [String] = []
            while k < args.count, !args[k].hasPrefix("-") { values.append(args[k]); k += 1 }
            guard !values.isEmpty else { throw UsageError(message: "\(a) needs at least one path", command: command) }
            lists[a, default: []] += values
        }
        return (rest, lists)
    }
}
