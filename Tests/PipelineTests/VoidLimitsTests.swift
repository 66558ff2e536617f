import Foundation
@testable import Pipeline
import Testing
import TrailpackCore

/// The void refusal and the per-route note on filled terrain, as the build words them.
@Suite struct VoidLimitsTests {
    let bbox = BBox(west: -159.8, south: 22.0, east: -159.28, north: 22.24)

    @Test func oneBreachKeepsItsOwnFormAndSeveralAreOneNumberedRefusal() throws {
        #expect(VoidLimits.error([], dem: ["a.tif"], bbox: bbox) == nil)
        let region = VoidLimits.error([.region("2.4% of the region grid is void (terrain.voids.maxFilledPercent)")], dem: ["a.tif"], bbox: bbox)
        #expect(region?.description == "a.tif: region grid \(bbox): 2.4% of the region grid is void (terrain.voids.maxFilledPercent)")
        let route = VoidLimits.error([.route(id: "across", location: "r.json5:4", message: "runs over 1179 m")], dem: ["a.tif"], bbox: bbox)
        #expect(route?.description == "r.json5:4: route \"across\": runs over 1179 m")
        let all = try #require(VoidLimits.error([.region("share"), .region("distance"), .route(id: "across", location: "r.json5:4", message: "runs over")],
                                                dem: ["a.tif", "b.tif"], bbox: bbox)).description
        #expect(all == """
            a.tif, b.tif: region grid \(bbox): 3 void limits (terrain.voids) are exceeded:
              1. share
              2. distance
              3. r.json5:4: route "across": runs over
            """)
    }

    @Test func metresOverFilledTerrainAreANoteUpTo100MAndAWarningAbove() {
        #expect(VoidFiller.routeDiagnostic(.none, routeID: "r", routeLengthM: 5000) == nil)
        let short = VoidFiller.routeDiagnostic(.init(totalM: 60, longestM: 36, from: 3, to: 6), routeID: "r", routeLengthM: 5000)
        #expect(short?.level == .note && short?.subject == "route r")
        #expect(short?.message.hasPrefix("60 m of the route (1.2% of 5.0 km) runs over filled DEM voids (longest stretch 36 m, vertices 3 to 6)") == true, "\(String(describing: short))")
        let long = VoidFiller.routeDiagnostic(.init(totalM: 150, longestM: 150, from: 0, to: 12), routeID: "r", routeLengthM: 5000)
        #expect(long?.level == .warning && long?.message.hasSuffix("(over 100 m)") == true, "\(String(describing: long))")
    }

    @Test func stretchesAddUpEveryRunAndKeepTheLongest() {
        // A 2 x 2 grid: the west column filled. Vertices west, east, west, west, east.
        let grid = TerrainGrid(width: 3, height: 2, bounds: BBox(west: 0, south: 0, east: 0.002, north: 0.001), elevationsM: [0, 0, 0, 0, 0, 0])
        let filled = [true, false, false, true, false, false]
        let coords = [LonLat(0, 0.0005), LonLat(0.0019, 0.0005), LonLat(0, 0.0005), LonLat(0.0001, 0.0005), LonLat(0.0019, 0.0005)]
        let run = VoidFiller.filledStretches(coords, grid: grid, filled: filled)
        let d = Geodesic.cumulativeDistancesM(coords)
        // First stretch: vertex 0 to halfway to vertex 1; second: halfway from 1 to vertex 3 and on to halfway to 4.
        let first = d[1] / 2, second = (d[3] + d[4]) / 2 - (d[1] + d[2]) / 2
        #expect(abs(run.totalM - (first + second)) < 1e-9)
        #expect(abs(run.longestM - max(first, second)) < 1e-9 && run.from == 2 && run.to == 3)
    }
}
