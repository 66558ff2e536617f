import Testing
import TestSupport
import TrailpackCore
@testable import RouteCore

/// The cleaner on long recordings of the shapes that made it quadratic (issue 40): a device left
/// on in one place for 14 hours (50,000 fixes, once 30 s of cleaning; `make bench` times 2
/// million) and a walk criss-crossing itself inside 60 m. What they clean to; the time per fix
/// at 0.5 and 2 million fixes is `make bench`'s.
struct CleanerScalingTests {
    @Test func aDeviceLeftOnInOnePlaceIsOneStop() throws {
        let recording = SyntheticRecording.make(.stop, points: 50_000, seed: 1)
        let cleaned = RouteCleaner.clean(recording)
        let stops = cleaned.edits.filter { $0.kind == .stop }
        #expect(stops.count == 1)
        // The stand is fixes 300..<49,700, between the walks in and out.
        let stop = try #require(stops.first)
        #expect(stop.firstIndex <= 300 && stop.lastIndex >= 49_699, "\(stop)")
        #expect(cleaned.coords.count < 700, "\(cleaned.coords.count) points kept")
    }

    @Test func aWalkCrissCrossingItselfKeepsItsWalk() {
        let recording = SyntheticRecording.make(.tangle, points: 50_000, seed: 1)
        let cleaned = RouteCleaner.clean(recording)
        #expect(cleaned.coords.count + cleaned.droppedTotal == recording.count)
        // It walks on: most of its fixes stay, its loops and stands go.
        #expect(cleaned.coords.count > recording.count / 2, "\(cleaned.coords.count) points kept")
        #expect(cleaned.edits.contains { $0.kind == .loop } && cleaned.edits.contains { $0.kind == .stop })
    }
}
