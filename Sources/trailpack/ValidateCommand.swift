import Foundation
import Validation

/// `trailpack validate PATH [--json] [--strict]`
enum ValidateCommand {
    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, command: "validate", flags: ["--json", "--strict", "--quiet"], options: [])
        let path = try a.requirePositionals(["path"], command: "validate")[0]
        let report = PackValidator.validate(path: path)
        if a.flag("--json") {
            print(ReportRenderer.json(report), terminator: "")
        } else if !a.flag("--quiet") || !report.isValid {
            print(ReportRenderer.text(report, strict: a.flag("--strict")), terminator: "")
        }
        return report.exitStatus(strict: a.flag("--strict"))
    }
}
