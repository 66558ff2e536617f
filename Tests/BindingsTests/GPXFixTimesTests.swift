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

    @Test func dilutionsOfGPX10And11AndAnExtensionsAccuracy() throws {
        // The repository's all-fields files: one track point with hdop 101, vdop 102, pdop 103.
        for file in ["gpx1.0_with_all_fields.gpx", "gpx1.1_with_all_fields.gpx"] {
            let records = try VectorReader.gpxFixRecords(path: TestData.path("gpx/\(file)"), tracks: [0])
            let first = try #require(records[0]?[0]?.first, "\(file)")
            #expect(first.hdop == 101 && first.vdop == 102 && first.pdop == 103 && first.accuracyM == nil, "\(file): \(first)")
        }
        let path = TestData.scratchFolder("gpx-accuracy").appendingPathComponent("a.gpx").path
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="http://example.com/x"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <trk><trkseg>
          <trkpt lat="44.5" lon="-71.4"><time>2026-06-01T08:00:00Z</time><extensions><x:hAcc>7.5</x:hAcc></extensions></trkpt>
          <trkpt lat="44.5" lon="-71.401"><pdop>3.2</pdop></trkpt>
          <trkpt lat="44.5" lon="-71.402"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
        </trkseg></trk>
        </gpx>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let fixes = try #require(try VectorReader.gpxFixRecords(path: path, tracks: [0])[0]?[0])
        #expect(fixes == [GPXFixRecord(timeS: 1_780_300_800, accuracyM: 7.5), GPXFixRecord(pdop: 3.2), GPXFixRecord()])
    }

    /// Other quantities named "..._accuracy" listed before the horizontal accuracy are not it.
    @Test func bearingSpeedAndVerticalAccuraciesAreNotTheHorizontalOne() throws {
        let path = TestData.scratchFolder("gpx-accuracy-decoys").appendingPathComponent("a.gpx").path
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="http://example.com/x">
        <trk><trkseg>
          <trkpt lat="44.5" lon="-71.4"><extensions><x:bearing_accuracy>45</x:bearing_accuracy><x:speed_accuracy>2</x:speed_accuracy>
            <x:vertical_accuracy>9</x:vertical_accuracy><x:accuracy>4</x:accuracy></extensions></trkpt>
          <trkpt lat="44.5" lon="-71.401"><extensions><x:bearing_accuracy>30</x:bearing_accuracy></extensions></trkpt>
        </trkseg></trk>
        </gpx>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let fixes = try #require(try VectorReader.gpxFixRecords(path: path, tracks: [0])[0]?[0])
        #expect(fixes.map(\.accuracyM) == [4, nil])
        for name in ["x_accuracy", "hAcc", "gpxtpx_horizontalAccuracy", "ACCURACY"] { #expect(GPXQualityFields.isAccuracy(name), "\(name)") }
        for name in ["x_bearing_accuracy", "x_speed_accuracy", "x_vertical_accuracy", "x_accuracy_m", "bearing"] {
            #expect(!GPXQualityFields.isAccuracy(name), "\(name)")
        }
    }
}
