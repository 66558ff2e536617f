import Foundation
import Testing
import TestSupport
import TrailpackCore
@testable import RouteCore

/// The cleaner's output on every real track in data/gpx, pinned bit for bit: a refactor of
/// `RouteCleaner` (its passes split, its numbers named) must leave every coordinate, count and
/// edit as it was. The digests were taken before the cleaner was restructured (issue 30).
struct CleanerOutputPinTests {
    /// Every real track, its segments chained as the pipeline does, cleaned with the default options.
    static func digests() throws -> [String] {
        try RealTrack.all.map { track in
            let parts = track.segments.enumerated().map { TrackPart(label: "segment \($0.offset)", coords: $0.element) }
            let joined = try TrackChainer.chain(parts).coords
            return "\(track): " + CleanerDigest.digest(RouteCleaner.clean(joined))
        }
    }

    /// The digests of the cleaner before issue 30's refactor (the track, then coords/edits/hash).
    static let pinned: [String] = [
        "Mojstrovka.gpx tracks[0]: 184/0/bc432bbcfb407a7b",
        "around-visnjan-with-car.gpx tracks[0]: 104/0/9159eb9de7c4ab",
        "cerknicko-jezero-without-elevations.gpx tracks[1]: 172/0/44547091bcb43832",
        "cerknicko-jezero-without-elevations.gpx tracks[2]: 52/0/f5a56767083cb5f3",
        "cerknicko-jezero-without-elevations.gpx tracks[3]: 2/0/33d60f4f7f39dd80",
        "cerknicko-jezero-without-elevations.gpx tracks[4]: 44/0/d87d541f20cd8f2",
        "cerknicko-jezero-without-elevations.gpx tracks[5]: 2/0/7658cf1092eeba5b",
        "cerknicko-jezero-without-elevations.gpx tracks[6]: 2/0/7912499ae83ba5fd",
        "cerknicko-jezero-without-elevations.gpx tracks[7]: 21/0/a363d128a8795e77",
        "cerknicko-jezero.gpx tracks[1]: 172/0/44547091bcb43832",
        "cerknicko-jezero.gpx tracks[2]: 52/0/f5a56767083cb5f3",
        "cerknicko-jezero.gpx tracks[3]: 2/0/33d60f4f7f39dd80",
        "cerknicko-jezero.gpx tracks[4]: 44/0/d87d541f20cd8f2",
        "cerknicko-jezero.gpx tracks[5]: 2/0/7658cf1092eeba5b",
        "cerknicko-jezero.gpx tracks[6]: 2/0/7912499ae83ba5fd",
        "cerknicko-jezero.gpx tracks[7]: 21/0/a363d128a8795e77",
        "gpx1.0_with_all_fields.gpx routes[0]: 3/0/72f7fb0f86c18360",
        "gpx1.0_with_all_fields.gpx routes[1]: 2/0/5bbd1f2e495de914",
        "gpx1.0_with_all_fields.gpx tracks[0]: 1/0/1c1501bcd9d75ae9",
        "gpx1.1_with_all_fields.gpx routes[0]: 3/0/72f7fb0f86c18360",
        "gpx1.1_with_all_fields.gpx routes[1]: 2/0/5bbd1f2e495de914",
        "gpx1.1_with_all_fields.gpx tracks[0]: 1/0/1c1501bcd9d75ae9",
        "korita-zbevnica.gpx tracks[1]: 358/0/f02b6da1e68b97e1",
        "korita-zbevnica.gpx tracks[2]: 176/0/2433d0ebd3a2c26f",
        "korita-zbevnica.gpx tracks[3]: 337/0/862cc6812b7eba60",
        "route.gpx routes[0]: 55/0/a09c681b198574e0",
        "track-with-empty-segment.gpx tracks[0]: 9/0/10d374cb796db25c"
    ]

    @Test func theCleanersOutputOnEveryRealTrackIsAsPinned() throws {
        #expect(try Self.digests() == Self.pinned)
    }
}
