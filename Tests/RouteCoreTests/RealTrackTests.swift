import Foundation
import Testing
import Bindings
import TestSupport
import TrailpackCore
import RouteCore

/// One track or route read from `data/gpx`, as its segments.
struct RealTrack: CustomStringConvertible, Sendable {
    var file: String
    var layer: String
    var index: Int
    var segments: [[LonLat]]
    var description: String { "\(file) \(layer)[\(index)]" }

    /// Every track and route with at least one point in every GPX file of `data/gpx`.
    static let all: [RealTrack] = {
        let folder = TestData.path("gpx")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".gpx") }.sorted() ?? []
        return files.flatMap { file -> [RealTrack] in
            let features = (try? VectorReader.read(path: folder + "/" + file)) ?? []
            return features.compactMap { f -> RealTrack? in
                guard f.layer == "tracks" || f.layer == "routes" else { return nil }
                let segments = f.geometry.lines.filter { !$0.isEmpty }
                return segments.isEmpty ? nil : RealTrack(file: file, layer: f.layer, index: f.index, segments: segments)
            }
        }
    }()
}

/// The real White Mountains SRTM tile, read once.
let whiteMountains: HGTTile? = try? HGTTile(path: TestData.path("white-mountains/N44W072.hgt"))

@Suite struct RealTrackTests {
    @Test func everyGPXTrackIsFound() {
        // Tracks with points (ogrinfo): Mojstrovka 1, around-visnjan 1, cerknicko-jezero 7 (and
        // 7 in its copy without elevations), gpx1.0/1.1 all-fields 1 track + 2 routes each,
        // korita-zbevnica 3, route.gpx 1 route, track-with-empty-segment 1.
        #expect(RealTrack.all.count == 27)
        #expect(RealTrack.all.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.count } } >= 1600)
    }

    @Test(arguments: RealTrack.all)
    func realTrackResamplesWithinBoundsAndClimbIdentityHolds(_ track: RealTrack) throws {
        let parts = track.segments.enumerated().map { TrackPart(label: "segment \($0.offset)", coords: $0.element) }
        let joined = try TrackChainer.chain(parts).coords
        let cleaned = RouteCleaner.clean(joined)
        #expect(cleaned.coords.count + cleaned.droppedTotal == joined.count)
        let line = try Resampler.resample(cleaned.coords)
        #expect(line.coords.first == cleaned.coords.first && line.coords.last == cleaned.coords.last)
        #expect(line.indexOfInput.count == cleaned.coords.count)
        #expect(zip(line.indexOfInput, line.indexOfInput.dropFirst()).allSatisfy { $0 <= $1 })
        // The all-fields samples are synthetic 100+ km legs; the shape check is for real trails.
        if line.coords.count > 1, line.lengthM < 50_000 {
            let steps = GeometryChecks.stepsM(GeometryChecks.rounded7(line.coords))
            #expect(steps.max()! <= 12.0 && steps.min()! >= 0.5)
            let hausdorffM = GeometryChecks.hausdorffM(cleaned.coords, line.coords)
            #expect(hausdorffM <= 2.0, "Hausdorff \(hausdorffM) m")
        }

        // Drape on a window of the real White Mountains DEM of about the track's ground size,
        // relabelled to cover the track's box.
        let tile = try #require(whiteMountains)
        let box = BBox(covering: line.coords)!.expanded(byMetres: 100)
        let midLat = (box.south + box.north) / 2
        let widthM = Geodesic.distanceM(LonLat(box.west, midLat), LonLat(box.east, midLat))
        let heightM = Geodesic.distanceM(LonLat(box.west, box.south), LonLat(box.west, box.north))
        let columns = min(max(Int(widthM / 67) + 2, 2), 800), rows = min(max(Int(heightM / 93) + 2, 2), 800)
        let grid = tile.window(column: 300, row: 300, width: columns, height: rows, relabelledAs: box)
        let elevationsM = try ElevationDraper.drape(line.coords, on: grid)
        let stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: line.cumM)
        #expect(abs((stats.ascentM - stats.descentM) - (elevationsM.last! - elevationsM.first!)) < 1e-6)
        #expect(stats.distanceM == line.cumM.last)
        #expect(stats.minEleM >= 115 && stats.maxEleM <= 1908)
        #expect(stats.durationS >= 0)
    }
}
