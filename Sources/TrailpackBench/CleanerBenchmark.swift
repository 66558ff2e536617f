import Foundation
import RouteCore
import TestSupport
import TrailpackCore

/// `trailpack-bench cleaner`: times `RouteCleaner.clean` on one seeded recording of a shape
/// (`SyntheticRecording`: walk, stop, tangle, out-and-back) and prints a JSON object: the shape,
/// the input and output points, the edits by kind, and the best seconds of the runs. With
/// `gpxPath`, also writes the recording there as a GPX track (one fix a second from 2026-01-01),
/// for timing `trailpack build` on it.
enum CleanerBenchmark {
    static func run(shapeText: String?, points: Int, seed: UInt64, runs: Int, gpxPath: String? = nil) {
        guard let shape = SyntheticRecording.Shape(rawValue: shapeText ?? "") else {
            usageFailure("cleaner --shape \(SyntheticRecording.Shape.allCases.map(\.rawValue).joined(separator: "|")) [--points N] [--seed S] [--runs R]")
        }
        let generatedS = RouteBenchmark.nowS()
        let recording = SyntheticRecording.make(shape, points: points, seed: seed)
        RouteBenchmark.log(String(format: "%@ recording: %d fixes (%.1f s to generate)", shape.rawValue, recording.count,
                                  RouteBenchmark.nowS() - generatedS))
        if let gpxPath { writeGPX(recording, to: gpxPath) }
        var seconds: [Double] = []
        var cleaned = CleanedLine(coords: [])
        for run in 0..<max(1, runs) {
            let startS = RouteBenchmark.nowS()
            cleaned = RouteCleaner.clean(recording)
            seconds.append(RouteBenchmark.nowS() - startS)
            RouteBenchmark.log(String(format: "run %d: %.3f s, %d points kept", run + 1, seconds.last!, cleaned.coords.count))
        }
        var kinds: [String: Int] = [:]
        for edit in cleaned.edits { kinds[edit.kind.rawValue, default: 0] += 1 }
        let edits = kinds.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        let best = seconds.min() ?? 0
        print("{\"shape\": \"\(shape.rawValue)\", \"points\": \(recording.count), \"seed\": \(seed), \"keptPoints\": \(cleaned.coords.count), "
              + "\"edits\": {\(edits)}, \"runs\": \(seconds.count), \"seconds\": \(RouteBenchmark.fmt(best)), "
              + "\"microsecondsPerPoint\": \(RouteBenchmark.fmt(best / Double(max(1, recording.count)) * 1e6))}")
    }

    /// `coords` as one GPX track segment, a fix a second.
    static func writeGPX(_ coords: [LonLat], to path: String) {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"trailpack-bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><name>recording</name><trkseg>\n"
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let format = ISO8601DateFormatter()
        for (k, p) in coords.enumerated() {
            text += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>%@</time></trkpt>\n", p.lat, p.lon,
                           format.string(from: start.addingTimeInterval(Double(k))))
        }
        text += "</trkseg></trk>\n</gpx>\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { usageFailure("cannot write \(path)") }
    }
}
