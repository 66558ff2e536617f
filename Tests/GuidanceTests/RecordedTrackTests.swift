import Bindings
import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

/// Real GPS tracks (data/gpx, no trail network): guidance must not over-announce.
struct RecordedTrackTests {
    /// Every track line of the file at least `minLengthM` long, cleaned as the pipeline does.
    static func cleanedTracks(_ file: String, minLengthM: Double = 500) throws -> [[LonLat]] {
        let features = try VectorReader.read(path: TestData.path("gpx/\(file)"))
        return features.filter { $0.layer == "tracks" }
            .flatMap(\.geometry.lines)
            .map { RouteCleaner.clean($0).coords }
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

    @Test(arguments: files)
    func fewTurnsEachOnTheSideOfTheBendAndNeverTwoWithin40m(file: String) throws {
        let tracks = try Self.cleanedTracks(file)
        try #require(!tracks.isEmpty)
        for coords in tracks {
            let input = Fixtures.input(RoutePath(coords: coords))
            let w = try Guidance.waypoints(for: input)
            let turns = w.filter { $0.kind == .turn }
            let km = input.cumM[input.cumM.count - 1] / 1000
            print(String(format: "%@: %d turn cues over %.2f km (%.1f/km)", file, turns.count, km, Double(turns.count) / km))
            #expect(Double(turns.count) / km <= 4, "\(file): \(turns.count) turns over \(km) km")
            for t in turns where t.dir != .uTurn {
                // The side agrees with the 50 m bend, checked on the resampled line with the tests'
                // own chord measure; never on a small bend.
                // (clipped at the ends, as the detector's chords are).
                let total = input.cumM[input.cumM.count - 1]
                let windowM = min(50, input.cumM[t.i], total - input.cumM[t.i])
                guard let dev = Fixtures.chordDeviationDeg(input.resampledCoords, input.cumM, at: t.i, windowM: windowM) else {
                    Issue.record("\(file): no 50 m bend at the turn at i=\(t.i)")
                    continue
                }
                let right = t.dir == .right || t.dir == .sharpRight || t.dir == .slightRight
                #expect(right ? dev > 0 : dev < 0, "\(file): \(t.instruction) at i=\(t.i) where the 50 m bend is \(dev) degrees")
                #expect(abs(dev) >= 20, "\(file): turn at i=\(t.i) on a straight stretch (\(dev) degrees)")
            }
            for (a, b) in zip(turns, turns.dropFirst()) {
                #expect(input.cumM[b.i] - input.cumM[a.i] >= 40, "\(file): turns at \(input.cumM[a.i]) m and \(input.cumM[b.i]) m")
            }
            // Structure holds on real data too.
            #expect(w.first?.kind == .start)
            #expect(w.last?.kind == .end)
            #expect(w.map(\.i) == w.map(\.i).sorted())
        }
    }
}
