import Foundation
import Testing
import TestSupport
import TrailpackCore

/// Writes corpus tracks as GPX files, to build packs from them with the binary and validate
/// those (the guidance rules of `trailpack validate` measured on the builder's own cues; see
/// docs/VALIDATION.md, *Guidance means what the line does*). Opt-in: runs only with
/// `TRAILPACK_CORPUS_GPX_DIR` set, optionally `TRAILPACK_CORPUS_FIRST_SEED` and
/// `TRAILPACK_CORPUS_COUNT`; the recorded hikes of data/gpx (outside the White Mountains DEM)
/// are left out.
@Suite struct CorpusGPXExport {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TRAILPACK_CORPUS_GPX_DIR"] != nil, "set TRAILPACK_CORPUS_GPX_DIR to export"))
    func exportsRecordingsAndTruthLines() throws {
        let env = ProcessInfo.processInfo.environment
        let dir = try #require(env["TRAILPACK_CORPUS_GPX_DIR"])
        let first = UInt64(env["TRAILPACK_CORPUS_FIRST_SEED"] ?? "1") ?? 1
        let count = Int(env["TRAILPACK_CORPUS_COUNT"] ?? "24") ?? 24
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for seed in first..<(first + UInt64(count)) where seed % 4 != 2 {
            let track = try NoisyTrackCorpus.make(seed: seed)
            try Self.gpx(track.recorded).write(toFile: "\(dir)/rec-\(seed).gpx", atomically: true, encoding: .utf8)
            try Self.gpx(track.truth).write(toFile: "\(dir)/truth-\(seed).gpx", atomically: true, encoding: .utf8)
        }
    }

    /// A GPX 1.1 `<trk>` of `line`.
    static func gpx(_ line: [LonLat]) -> String {
        var out = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"corpus\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for p in line { out += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"></trkpt>\n", p.lat, p.lon) }
        return out + "</trkseg></trk></gpx>\n"
    }
}
