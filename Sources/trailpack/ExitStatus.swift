import Foundation
import TrailpackCore

/// trailpack's exit statuses, for people and batch engines (Slurm, Kubernetes, make).
enum ExitStatus {
    /// Success.
    static let ok: Int32 = 0
    /// A permanent failure: fix the recipe, the input data or the pack (validation failed).
    static let failed: Int32 = 1
    /// A usage error: fix the command line.
    static let usage: Int32 = 2
    /// A transient failure (EX_TEMPFAIL of sysexits.h): a remote read failed on the way, the disk
    /// or quota filled, a network file system failed, a lock stayed held; run it again.
    static let transient: Int32 = 75

    /// The status for a failure of `kind`.
    static func of(_ kind: FailureKind) -> Int32 {
        kind == .transient ? transient : failed
    }
}

/// An error of one region's build (or of the catalog) with the label plain logs put before
/// its line: the region id, or the recipe file's name stem before the recipe is read.
struct LabelledFailure: Error {
    var label: String?
    var error: any Error
}

/// Prints a failure on stderr and gives its exit status: "error: <what>", with
/// " (transient: retry)" when a retry may succeed, and "[label] " first in plain logs.
func reportFailure(_ error: any Error) -> Int32 {
    var label: String?
    var underlying = error
    if let labelled = error as? LabelledFailure {
        label = labelled.label
        underlying = labelled.error
    }
    let kind = FailureKind.of(underlying)
    let text = "error: \(underlying)" + (kind == .transient ? " (transient: retry)" : "")
    printError(LogFormat.plainLine(text, label: label))
    return ExitStatus.of(kind)
}
