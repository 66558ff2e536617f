// trailpack-bench: helpers for `make bench` (scripts/bench.sh).
//   trailpack-bench grid --bbox W,S,E,N --resolution METRES
//       prints the SPEC grid's GDAL arguments (for the GDAL command-line chain)
//   trailpack-bench routes [--points N] [--seed S] [--runs R]
//       times route processing on a synthetic random-walk track, prints JSON
//   trailpack-bench cleaner --shape walk|stop|tangle|out-and-back [--points N] [--seed S] [--runs R] [--gpx FILE]
//       times the track cleaner on a seeded recording of that shape, prints JSON
//   trailpack-bench routing [--runs R] [--seed S]
//       routing.json size and load/query times on a synthetic 600 km trail grid, prints JSON
//   trailpack-bench landmarks [--runs R]
//       times the landmark stage (demo region; 20 km track with 100 landmarks), prints JSON
//   trailpack-bench tile-designs --dem FILE --bbox W,S,E,N [--resolution M] [--interval M] [--runs R]
//                                [--per-tile-trace-simplify-m M]
//       contour tiles cut two ways (the build's clipping vs per-tile tracing), timed, prints JSON
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

/// Prints `message` to standard error and exits with status 2.
func usageFailure(_ message: String) -> Never {
    FileHandle.standardError.write(Data("trailpack-bench: \(message)\n".utf8))
    exit(2)
}

/// The value following `name` in the arguments, if present.
func option(_ name: String) -> String? {
    guard let k = arguments.firstIndex(of: name), k + 1 < arguments.count else { return nil }
    return arguments[k + 1]
}

switch arguments.first {
case "grid":
    GridCommand.run(bboxText: option("--bbox"), resolutionText: option("--resolution"))
case "routes":
    let points = Int(option("--points") ?? "1000000") ?? 1_000_000
    let seed = UInt64(option("--seed") ?? "8") ?? 8
    let runs = Int(option("--runs") ?? "3") ?? 3
    RouteBenchmark.run(inputPoints: points, seed: seed, runs: runs)
case "cleaner":
    CleanerBenchmark.run(shapeText: option("--shape"), points: Int(option("--points") ?? "2000000") ?? 2_000_000,
                         seed: UInt64(option("--seed") ?? "1") ?? 1, runs: Int(option("--runs") ?? "1") ?? 1, gpxPath: option("--gpx"))
case "routing":
    RoutingBenchmark.run(runs: Int(option("--runs") ?? "3") ?? 3, seed: UInt64(option("--seed") ?? "42") ?? 42)
case "landmarks":
    LandmarkBenchmark.run(runs: Int(option("--runs") ?? "3") ?? 3)
case "tile-designs":
    TileDesigns.run(demText: option("--dem"), bboxText: option("--bbox"), resolutionText: option("--resolution"),
                    intervalText: option("--interval"), runsText: option("--runs"),
                    perTileTraceToleranceText: option("--per-tile-trace-simplify-m"))
default:
    usageFailure("usage: trailpack-bench grid --bbox W,S,E,N --resolution M | routes [--points N] [--seed S] [--runs R]")
}
