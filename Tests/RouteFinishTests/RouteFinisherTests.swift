import Foundation
import RouteCore
import RouteFinish
import Testing
import TrailpackCore

/// The one route finisher, called directly: a line on the ground to elevations, stats and cues.
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
}
