import Foundation
import Landmarks
import RouteCore
import RouteFinish
import Testing
import TrailpackCore

/// The one route finisher, called directly: a line on the ground to elevations, stats, cues and
/// landmarks.
@Suite struct RouteFinisherTests {
    /// A 21x11 grid rising 7 m per column eastward (1000 m at the west edge).
    let grid: TerrainGrid = {
        let samples = (0..<11).flatMap { _ in (0..<21).map { Int16(1000 + 7 * $0) } }
        return TerrainGrid(width: 21, height: 11, bounds: BBox(west: 10, south: 45, east: 10.02, north: 45.01), elevationsM: samples)
    }()

    /// A drawn line due east along the grid's middle row, vertices every ~11 m.
    var eastward: GroundRoute {
        let coords = (0...120).map { LonLat(10.001 + 0.00015 * Double($0), 45.005) }
        return GroundRoute(path: RoutePath(coords: coords), coords: coords, indexOfPathVertex: Array(coords.indices), isDrawn: true)
    }

    @Test func aLineIsDrapedMeasuredAndGuided() throws {
        let route = eastward
        let done = try RouteFinisher.finish(route, terrain: grid, pois: [], model: HikingModel())
        // 7 m per 0.001 degree of longitude: the plane under each vertex, to the decimetre.
        for (p, eleM) in zip(route.coords, done.elevationsM) {
            #expect(abs(eleM - (1000 + 7 * (p.lon - 10) / 0.001)) <= 0.05 + 1e-9)
        }
        #expect(done.cumM.first == 0 && done.cumM.last == (Geodesic.lengthM(route.coords) * 10).rounded() / 10)
        #expect(abs(done.stats.ascentM - (done.elevationsM.last! - done.elevationsM.first!)) < 1e-9 && done.stats.descentM == 0)
        #expect(done.stats.distanceM == done.cumM.last)
        #expect(done.waypoints.first?.kind == .start && done.waypoints.last?.kind == .end)
        #expect(done.waypoints.last?.i == route.coords.count - 1)
    }

    @Test func aPOIOnTheLineIsPassed() throws {
        let route = eastward
        let hut = PointOfInterest(name: "Hut", kind: "hut", location: route.coords[60])
        let done = try RouteFinisher.finish(route, terrain: grid, pois: [hut], model: HikingModel())
        #expect(done.waypoints.contains { $0.name == "Hut" && $0.i == 60 }, "\(done.waypoints)")
    }

    @Test func aLineLeavingTheTerrainOrOfOnePointIsRefusedSayingWhy() {
        var route = eastward
        route.coords.append(LonLat(10.03, 45.005))
        route.indexOfPathVertex.append(route.coords.count - 1)
        route.path = RoutePath(coords: route.coords)
        let outside = #expect(throws: RouteFinishError.self) { try RouteFinisher.finish(route, terrain: grid, pois: [], model: HikingModel()) }
        #expect(outside?.description.contains("121") == true, "\(String(describing: outside))")
        let one = GroundRoute(path: RoutePath(coords: [route.coords[0]]), coords: [route.coords[0]], indexOfPathVertex: [0], isDrawn: true)
        let single = #expect(throws: RouteFinishError.self) { try RouteFinisher.finish(one, terrain: grid, pois: [], model: HikingModel()) }
        #expect(single?.description == "has a single point: its start and end are the same place")
    }

    /// A flat 1,000 m region, 41 x 41 cells over 0.02 degrees, with a 1,500 m wall along the row
    /// at 45.012 north.
    let walled: TerrainGrid = {
        let samples = (0..<41).flatMap { row in (0..<41).map { _ in Int16(row == 16 ? 1500 : 1000) } }
        return TerrainGrid(width: 41, height: 41, bounds: BBox(west: 10, south: 45, east: 10.02, north: 45.02), elevationsM: samples)
    }()

    @Test func landmarksAreSeenOverTheTerrainAndHiddenBehindAWall() throws {
        let route = eastward
        let open = Landmark(name: "Open", kind: "peak", location: LonLat(10.01, 45.001), eleM: 1050)
        let behind = Landmark(name: "Behind", kind: "peak", location: LonLat(10.01, 45.018), eleM: 1100)
        let field = LandmarkField(candidates: [behind, open], region: TerrainSurface(walled), maxDistanceM: 5000)
        let done = try RouteFinisher.finish(route, terrain: walled, pois: [], model: HikingModel(), landmarks: field)
        #expect(done.landmarks.map(\.landmark.name) == ["Open"], "\(done.landmarks)")
        let seen = try #require(done.landmarks.first)
        // Every vertex sees it over the flat ground south of the line; the nearest is due north of it.
        #expect(seen.visible == [0...(route.coords.count - 1)])
        #expect(abs(seen.nearestM - Geodesic.distanceM(LonLat(10.01, 45.005), open.location)) < 10)
        let none = try RouteFinisher.finish(route, terrain: walled, pois: [], model: HikingModel())
        #expect(none.landmarks.isEmpty)
        // Nearer than the line's distance to it, nothing is looked for.
        var near = field
        near.maxDistanceM = 300
        #expect(try RouteFinisher.finish(route, terrain: walled, pois: [], model: HikingModel(), landmarks: near).landmarks.isEmpty)
    }
}
