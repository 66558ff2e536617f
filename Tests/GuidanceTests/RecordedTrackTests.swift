import Bindings
import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// Real GPS tracks (data/gpx, no trail network): guidance must not over-announce.
struct RecordedTrackTests {
    /// Every track line of the file at least `minLengthM` long, cleaned as the pipeline does
    /// (and thinned to the ground, unless `onTheGround` is false).
    static func cleanedTracks(_ file: String, minLengthM: Double = 500, onTheGround: Bool = true) throws -> [[LonLat]] {
        let features = try VectorReader.read(path: TestData.path("gpx/\(file)"))
        return features.filter { $0.layer == "tracks" }
            .flatMap(\.geometry.lines)
            .map { onTheGround ? GroundLine.thinned(RouteCleaner.clean($0).coords) : RouteCleaner.clean($0).coords }
            .filter { $0.count >= 3 && Geodesic.lengthM($0) >= minLengthM }
    }

    /// Every GPX file of data/gpx with a track line of at least 500 m.
    static let files: [String] = {
        let folder = TestData.path("gpx")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
            .filter { !((try? cleanedTracks($0)) ?? []).isEmpty }
    }()

    @Test func theRecordedHikesAreFound() {
        #expect(Self.files.contains("Mojstrovka.gpx") && Self.files.contains("korita-zbevnica.gpx") && Self.files.contains("cerknicko-jezero.gpx"))
    }

    /// What guidance did on one cleaned track: its turn cues, length, and every broken invariant.
    struct Audit {
        var turns: Int
        var uTurns: Int
        var km: Double
        var problems: [String]
    }

    /// Guidance on one cleaned track, checked: at most 4 turn cues per km, each turn's side
    /// agrees with the 50 m bend of the resampled line (measured by the tests' own chord walk)
    /// and that bend is at least 20 degrees, no two turns within 40 m, start first, end last.
    static func audit(_ coords: [LonLat], label: String) throws -> Audit {
        let input = Fixtures.input(RoutePath(coords: coords))
        let w = try Guidance.waypoints(for: input)
        let turns = w.filter { $0.kind == .turn }
        let total = input.cumM[input.cumM.count - 1]
        let km = total / 1000
        var problems: [String] = []
        if Double(turns.count) / km > 4 { problems.append(String(format: "%@: %d turns over %.2f km", label, turns.count, km)) }
        for t in turns where t.dir != .uTurn {
            // Clipped at the ends, as the detector's chords are.
            let windowM = min(50, input.cumM[t.i], total - input.cumM[t.i])
            guard let dev = Fixtures.chordDeviationDeg(input.resampledCoords, input.cumM, at: t.i, windowM: windowM) else {
                problems.append("\(label): no 50 m bend at the turn at i=\(t.i)")
                continue
            }
            let right = t.dir == .right || t.dir == .sharpRight || t.dir == .slightRight
            if right ? dev <= 0 : dev >= 0 {
                problems.append(String(format: "%@: %@ at %.0f m where the 50 m bend is %.0f degrees", label, t.instruction, input.cumM[t.i], dev))
            } else if abs(dev) < 20 {
                problems.append(String(format: "%@: turn at %.0f m on a straight stretch (%.0f degrees)", label, input.cumM[t.i], dev))
            }
        }
        for (a, b) in zip(turns, turns.dropFirst()) where input.cumM[b.i] - input.cumM[a.i] < 40 {
            problems.append(String(format: "%@: turns at %.0f m and %.0f m", label, input.cumM[a.i], input.cumM[b.i]))
        }
        if w.first?.kind != .start || w.last?.kind != .end || w.map(\.i) != w.map(\.i).sorted() {
            problems.append("\(label): waypoints out of structure")
        }
        return Audit(turns: turns.count, uTurns: turns.filter { $0.dir == .uTurn }.count, km: km, problems: problems)
    }

    @Test(arguments: files)
    func fewTurnsEachOnTheSideOfTheBendAndNeverTwoWithin40m(file: String) throws {
        let tracks = try Self.cleanedTracks(file)
        try #require(!tracks.isEmpty)
        for coords in tracks {
            let a = try Self.audit(coords, label: file)
            print(String(format: "%@: %d turn cues over %.2f km (%.1f/km)", file, a.turns, a.km, Double(a.turns) / a.km))
            for p in a.problems { Issue.record("\(p)") }
        }
    }

    /// The same checks on every GPX file of the folder `TRAILPACK_AUDIT_GPX_DIR` names (recorded
    /// tracks that are not in the repository); without it, nothing runs. Prints one line per
    /// track and a summary, and records every broken invariant.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TRAILPACK_AUDIT_GPX_DIR"] != nil, "set TRAILPACK_AUDIT_GPX_DIR to a folder of GPX files"))
    func auditOfAFolderOfRecordedTracks() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["TRAILPACK_AUDIT_GPX_DIR"])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.lowercased().hasSuffix(".gpx") }.sorted()
        var tracks = 0, turns = 0, uTurns = 0, km = 0.0, broken = 0, unreadable = 0
        var removedM = 0.0, rawM = 0.0
        for file in files {
            let features: [VectorFeature]
            do { features = try VectorReader.read(path: folder + "/" + file) } catch { unreadable += 1; continue }
            let lines = features.filter { $0.layer == "tracks" }.flatMap(\.geometry.lines)
            for (k, raw) in lines.enumerated() {
                let cleaned = RouteCleaner.clean(raw)
                // The line the pipeline guides along (RouteStage): cleaned, then thinned to the ground.
                let line = GroundLine.thinned(cleaned.coords)
                guard line.count >= 3, Geodesic.lengthM(line) >= 500 else { continue }
                let label = "\(file)#\(k)"
                let a = try Self.audit(line, label: label)
                tracks += 1; turns += a.turns; uTurns += a.uTurns; km += a.km
                removedM += cleaned.lengthRemovedM; rawM += Geodesic.lengthM(raw)
                if !a.problems.isEmpty { broken += 1 }
                print(String(format: "%@: %d points -> %d, %.0f m removed; %d turn cues (%d U-turns) over %.2f km (%.1f/km)",
                             label, raw.count, cleaned.coords.count, cleaned.lengthRemovedM, a.turns, a.uTurns, a.km, Double(a.turns) / a.km))
                for p in a.problems { Issue.record("\(p)") }
            }
        }
        print(String(format: "Audit of %@: %d tracks of %d files (%d unreadable), %.1f km; %d turn cues (%.2f/km), %d U-turns; cleaning removed %.0f of %.0f m; %d tracks break an invariant",
                     folder, tracks, files.count, unreadable, km, turns, Double(turns) / max(km, 1e-9), uTurns, removedM, rawM, broken))
    }
}
