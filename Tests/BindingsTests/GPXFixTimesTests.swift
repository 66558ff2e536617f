@testable import Bindings
import Foundation
import Testing
import TestSupport

/// `VectorReader.gpxFixTimes`: every fix's time by track and segment, zones applied.
@Suite struct GPXFixTimesTests {
    @Test func timesBySegmentInUTCWithZonesAndMissingTimes() throws {
        let dir = TestData.scratchFolder("gpx-times")
        let path = dir.appendingPathComponent("t.gpx").path
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg><trkpt lat="44.5" lon="-71.4"><time>2026-06-01T08:00:00Z</time></trkpt></trkseg></trk>
        <trk><trkseg>
          <trkpt lat="44.5" lon="-71.4"><time>2026-06-01T10:00:30+02:00</time></trkpt>
          <trkpt lat="44.5" lon="-71.401"/>
        </trkseg><trkseg>
          <trkpt lat="44.5" lon="-71.402"><time>2026-06-01T03:50:15.5-05:00</time></trkpt>
        </trkseg></trk>
        </gpx>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let t0 = 1_780_300_800.0   // 2026-06-01T08:00:00Z
        let times = try VectorReader.gpxFixTimes(path: path, tracks: [1])
        #expect(Set(times.keys) == [1])
        #expect(times[1]?[0] == [t0 + 30, nil])
        #expect(times[1]?[1] == [t0 + 3000 + 15.5])
        #expect(try VectorReader.gpxFixTimes(path: path, tracks: [0])[0]?[0] == [t0])
        // t0 as Foundation reads the same instant.
        #expect(ISO8601DateFormatter().date(from: "2026-06-01T08:00:00Z")?.timeIntervalSince1970 == t0)
    }
}
