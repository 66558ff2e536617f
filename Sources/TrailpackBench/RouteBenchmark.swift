import Foundation
import Guidance
import RouteCore
import TrailpackCore

/// `trailpack-bench routes`: times route processing (the RouteStage steps, no I/O) on one
/// thread and prints a JSON object with the median seconds per step and input points per second.
enum RouteBenchmark {
    /// Monotonic clock in seconds.
    static func nowS() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func run(inputPoints: Int, seed: UInt64, runs: Int) {
        let setupStartS = nowS()
        let track = SyntheticTrack(inputPoints: inputPoints, seed: seed)
        log(String(format: "synthetic track: %d points, terrain %dx%d (%.1f s to generate)",
                   track.coords.count, track.terrain.width, track.terrain.height, nowS() - setupStartS))
        let steps = ["clean", "resample", "elevation", "stats", "waypoints"]
        var secondsByStep: [String: [Double]] = [:]
        var totals: [Double] = []
        var counts: (cleaned: Int, resampled: Int, waypoints: Int) = (0, 0, 0)
        for run in 0..<max(1, runs) {
            var lap = nowS()
            let startS = lap
            func record(_ step: String) {
                let t = nowS()
                secondsByStep[step, default: []].append(t - lap)
                lap = t
            }
            do {
                // The same calls, in the same order, as RouteStage does for a recorded track.
                let cleaned = RouteCleaner.clean(track.coords)
                let path = RoutePath(coords: GroundLine.thinned(cleaned.coords))
                record("clean")
                let line = try Resampler.resample(path.coords)
                let coords = line.coords.map(\.rounded7)
                let cumM = Geodesic.cumulativeDistancesM(coords).map { ($0 * 10).rounded() / 10 }
                record("resample")
                let elevationsM = try ElevationDraper.drape(coords, on: track.terrain)
                record("elevation")
                let stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cumM, model: HikingModel())
                record("stats")
                let waypoints = try Guidance.waypoints(for: GuidanceInput(
                    path: path, resampledCoords: coords, cumM: cumM, elevationsM: elevationsM,
                    resampledIndexOfPathVertex: line.indexOfInput, pois: track.pois))
                record("waypoints")
                totals.append(nowS() - startS)
                counts = (cleaned.coords.count, coords.count, waypoints.count)
                log(String(format: "run %d: %.3f s, %.0f km, %d waypoints", run + 1, totals.last!, stats.distanceM / 1000, waypoints.count))
            } catch {
                log("route processing failed: \(error)")
                exit(1)
            }
        }
        let totalS = median(totals)
        var fields: [String] = [
            "\"inputPoints\": \(track.coords.count)", "\"cleanedPoints\": \(counts.cleaned)",
            "\"resampledPoints\": \(counts.resampled)", "\"waypoints\": \(counts.waypoints)",
            "\"runs\": \(totals.count)", "\"totalSeconds\": \(fmt(totalS))",
            "\"inputPointsPerSecond\": \(Int((Double(track.coords.count) / totalS).rounded()))",
        ]
        fields.append("\"stepSeconds\": {" + steps.map { "\"\($0)\": \(fmt(median(secondsByStep[$0] ?? [])))" }.joined(separator: ", ") + "}")
        print("{" + fields.joined(separator: ", ") + "}")
    }


    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func fmt(_ v: Double) -> String { String(format: "%.4f", v) }

    static func log(_ message: String) {
        FileHandle.standardError.write(Data("trailpack-bench: \(message)\n".utf8))
    }
}
