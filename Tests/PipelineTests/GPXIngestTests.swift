import Bindings
import Foundation
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

/// Every real GPX file in `data/gpx` either loads as a route source or fails with a clear message.
/// Expected counts were taken from the files' XML (`<trk>`, `<trkseg>`, `<trkpt>`, `<rte>`,
/// `<rtept>`, `<wpt>`), independently of OGR.
@Suite struct GPXIngestTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var trackPoints: [[Int]]   // per track, per segment
        var routePoints: [Int]
        var waypoints: Int
        var description: String { file }
    }

    static let files: [Expected] = [
        Expected(file: "Mojstrovka.gpx", trackPoints: [[184]], routePoints: [], waypoints: 0),
        Expected(file: "around-visnjan-with-car.gpx", trackPoints: [[104]], routePoints: [], waypoints: 0),
        Expected(file: "cerknicko-jezero-without-elevations.gpx", trackPoints: [[0], [173], [52], [2], [44], [2], [2], [21]], routePoints: [], waypoints: 7),
        Expected(file: "cerknicko-jezero.gpx", trackPoints: [[0], [173], [52], [2], [44], [2], [2], [21]], routePoints: [], waypoints: 7),
        Expected(file: "gpx1.0_with_all_fields.gpx", trackPoints: [[1, 0], []], routePoints: [3, 2], waypoints: 2),
        Expected(file: "gpx1.1_with_all_fields.gpx", trackPoints: [[1, 0], []], routePoints: [3, 2], waypoints: 2),
        Expected(file: "gpx1.1_with_extensions.gpx", trackPoints: [], routePoints: [], waypoints: 1),
        Expected(file: "gpx_with_garmin_extension.gpx", trackPoints: [], routePoints: [], waypoints: 1),
        Expected(file: "korita-zbevnica.gpx", trackPoints: [[0], [358], [176], [337]], routePoints: [], waypoints: 2),
        Expected(file: "route.gpx", trackPoints: [], routePoints: [55], waypoints: 0),
        Expected(file: "track-with-empty-segment.gpx", trackPoints: [[9, 0]], routePoints: [], waypoints: 0),
        Expected(file: "unicode.gpx", trackPoints: [], routePoints: [], waypoints: 6),
        Expected(file: "unicode_with_bom.gpx", trackPoints: [], routePoints: [], waypoints: 1),
    ]

    @Test(arguments: files)
    func readsTheRightTracksSegmentsAndPoints(expected: Expected) throws {
        let features = try VectorReader.read(path: TestData.path("gpx/\(expected.file)"))
        let tracks = features.filter { $0.layer == "tracks" }
        let routes = features.filter { $0.layer == "routes" }
        #expect(features.filter { $0.layer == "waypoints" }.count == expected.waypoints)
        #expect(tracks.count == expected.trackPoints.count)
        // OGR drops empty segments; the non-empty ones must match point for point.
        #expect(tracks.map { $0.geometry.lines.map(\.count).filter { $0 > 0 } } == expected.trackPoints.map { $0.filter { $0 > 0 } })
        #expect(routes.map { $0.geometry.lines.map(\.count).reduce(0, +) } == expected.routePoints)
    }

    func route(_ file: String, select: RouteRecipe.TrackSelector = .first) throws -> RoutePath {
        let recipe = RouteRecipe(id: "r", name: "r", blurb: "", source: .track(path: TestData.path("gpx/\(file)"), select: select, reversed: false),
                                 location: "test.json5:1")
        let inputs = LoadedInputs(dem: [], trails: [], pois: [], files: [], diagnostics: [])
        return try RouteStage.routePath(recipe, inputs: inputs, network: nil) { BuildError.route(id: "r", location: "test.json5:1", message: $0) }.0
    }

    @Test func routeSourcesLoadFromTracksAndRoutes() throws {
        #expect(try route("Mojstrovka.gpx").coords.count >= 170)           // 184 recorded, minus duplicates/spikes
        #expect(try route("route.gpx").coords.count == 55)                  // a planned route keeps its points
        // 9 fixes; on the ground (GroundLine, 5 m) the one 4.6 m after its neighbour and the
        // last but one, 0.8 m before the end, go.
        #expect(try route("track-with-empty-segment.gpx").coords.count == 7)
        #expect(try route("cerknicko-jezero.gpx").coords.count > 150)        // skips the empty first track
        #expect(try route("korita-zbevnica.gpx", select: .index(2)).coords.count > 300)
        #expect(try route("gpx1.1_with_all_fields.gpx").coords.count == 3)  // one-point track: the first route instead
    }

    /// A planned route (`<rte>`) is drawn: guidance takes only a way back on the way out for a
    /// U-turn; a recorded track allows for GPS error.
    @Test func aPlannedRouteIsDrawnAndARecordedTrackIsNot() throws {
        func isDrawn(_ file: String) throws -> Bool {
            let recipe = RouteRecipe(id: "r", name: "r", blurb: "", source: .track(path: TestData.path("gpx/\(file)"), select: .first, reversed: false),
                                     location: "test.json5:1")
            let inputs = LoadedInputs(dem: [], trails: [], pois: [], files: [], diagnostics: [])
            return try RouteStage.routePath(recipe, inputs: inputs, network: nil) { BuildError.route(id: "r", location: "test.json5:1", message: $0) }.isDrawn
        }
        #expect(try isDrawn("route.gpx"))
        #expect(try !isDrawn("Mojstrovka.gpx"))
    }

    @Test(arguments: ["gpx1.1_with_extensions.gpx", "gpx_with_garmin_extension.gpx", "unicode.gpx", "unicode_with_bom.gpx"])
    func waypointOnlyFilesSayTheyHaveNoTrack(file: String) throws {
        do {
            _ = try route(file)
            Issue.record("\(file) loaded as a route")
        } catch let e as BuildError {
            #expect(e.description.contains(file) && e.description.contains("has no track or route") && e.description.contains("waypoint"), "\(e)")
        }
    }

    @Test func aMissingTrackNameListsTheNamesThereAre() throws {
        do {
            _ = try route("korita-zbevnica.gpx", select: .name("No such track"))
            Issue.record("loaded a missing track")
        } catch let e as BuildError {
            #expect(e.description.contains("no track or route named \"No such track\""), "\(e)")
        }
    }
}
