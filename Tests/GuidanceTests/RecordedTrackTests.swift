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

    @Test(arguments: ["Mojstrovka.gpx", "cerknicko-jezero.gpx", "korita-zbevnica.gpx"])
    func fewTurnsAndNoneOnStraightStretches(file: String) throws {
        let tracks = try Self.cleanedTracks(file)
        try #require(!tracks.isEmpty)
        for coords in tracks {
            let input = Fixtures.input(RoutePath(coords: coords))
            let w = try Guidance.waypoints(for: input)
            let turns = w.filter { $0.kind == .turn }
            let km = input.cumM[input.cumM.count - 1] / 1000
            // Measured: Mojstrovka 14 turns over 2.70 km (5.2/km), cerknicko-jezero 7 over 1.91 km
            // (3.7/km), korita-zbevnica 25 over 8.64 km (2.9/km) on its longest track.
            #expect(Double(turns.count) / km < 6, "\(file): \(turns.count) turns over \(km) km")
            for t in turns {
                // Checked on the resampled line with the tests' own chord measure.
                let dev = try #require(Fixtures.chordDeviationDeg(input.resampledCoords, input.cumM, at: t.i))
                #expect(abs(dev) >= 20, "\(file): turn at i=\(t.i) on a straight stretch (\(dev) degrees)")
                #expect(t.dir != .straight && t.dir != nil)
            }
            // Structure holds on real data too.
            #expect(w.first?.kind == .start)
            #expect(w.last?.kind == .end)
            #expect(w.map(\.i) == w.map(\.i).sorted())
        }
    }
}
