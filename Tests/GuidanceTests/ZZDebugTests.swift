import Foundation
import RouteCore
import Testing
import TestSupport
import TrailpackCore
@testable import Guidance

struct ZZDebugTests {
    @Test func debugCorpus() throws {
        for (name, e) in [("none", NoisyTrackCorpus.Effects())] as [(String, NoisyTrackCorpus.Effects)] {
            print("== \(name)")
            _ = try NoisyTrackCorpusTests.evaluate(NoisyTrackCorpus.tracks(count: 48, effects: e), verbose: true)
        }
    }
}
