import Bindings
import CMalloc
import Foundation
import Pipeline

// The one place that maps errors to messages and exit codes (`ExitStatus`): 0 ok, 1 a
// permanent failure (recipe, input, validation), 2 usage, 75 transient (retry: remote read,
// full disk, lock held; the error's `FailureKind`, decided where it was made).
// Bounded memory, parallel speed: glibc gives every worker thread (warp, hillshade, contour
// passes and simplification) its own malloc arena, and the freed pieces of each stay mapped.
// One arena per core: a single arena serialised the terrain stage on its lock (one core busy
// of two, 13% of the time in futex waits), unlimited arenas (8 per core) raise the peak.
mallopt(M_ARENA_MAX, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
Interrupts.shared.install()
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    status = try dispatch(arguments)
} catch let e as UsageError {
    printError("trailpack: \(e.message)")
    printError("Run 'trailpack \(e.command.map { "\($0) " } ?? "")--help' for usage.")
    status = ExitStatus.usage
} catch {
    status = reportFailure(error)
}
exit(status)

func dispatch(_ args: [String]) throws -> Int32 {
    guard let command = args.first else {
        print(Help.overview)
        return 2
    }
    let rest = Array(args.dropFirst())
    if command == "--help" || command == "-h" || command == "help" {
        if let topic = rest.first, let text = Help.command[topic] { print(text) } else { print(Help.overview) }
        return 0
    }
    if command == "--version" {
        print("trailpack \(TrailpackVersion.current) (GDAL \(GDALEnvironment.version))")
        return 0
    }
    if rest.contains("--help") || rest.contains("-h") {
        guard let text = Help.command[command] else { throw UsageError(message: "unknown command '\(command)'", command: nil) }
        print(text)
        return 0
    }
    switch command {
    case "build": return try BuildCommand.run(rest)
    case "plan": return try PlanCommand.run(rest)
    case "validate": return try ValidateCommand.run(rest)
    case "preview": return try PreviewCommand.run(rest)
    case "catalog": return try CatalogCommand.run(rest)
    case "inspect": return try InspectCommand.run(rest)
    case "route": return try RouteCommand.run(rest)
    case "init": return try InitCommand.run(rest)
    case "replay": return try ReplayCommand.run(rest)
    case "vectors": return try VectorsCommand.run(rest)
    default: throw UsageError(message: "unknown command '\(command)'", command: nil)
    }
}
