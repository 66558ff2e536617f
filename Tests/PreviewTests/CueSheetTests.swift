import Foundation
@testable import Preview
import Testing
import TrailpackCore

/// The cue sheet of each route in the preview's index.html: a map with a numbered marker per
/// waypoint and a table under the same numbers.
@Suite struct CueSheetTests {
    @Test func everyWaypointHasARowAndAMarkerAtItsVertex() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        for route in pack.routes {
            let html = CueSheet.html(route)
            let check = XHTMLCheck(html)
            #expect(check.problems.isEmpty, "\(check.problems)")
            #expect(check.references.isEmpty, "the cue sheet needs nothing outside the page")
            #expect(check.elements.filter { $0 == "circle" }.count == route.waypoints.count)
            let points = CueSheet.mapPoints(route.coords)
            for (n, w) in route.waypoints.enumerated() {
                #expect(html.contains("<tr><td class=\"n\">\(n + 1)</td><td class=\"n\">\(CueSheet.distance(route.cumulativeM[w.i]))</td><td>\(HTMLText.escape(w.instruction))</td>"))
                // The marker numbered n + 1 sits on the waypoint's vertex.
                let p = points[w.i]
                #expect(html.contains(String(format: "<g id=\"cue-%@-%d\"><circle cx=\"%.1f\" cy=\"%.1f\"", route.id, n + 1, p.x, p.y)))
                #expect(p.x >= 0 && p.x <= CueSheet.mapWidth && p.y >= 0 && p.y <= CueSheet.mapHeight)
            }
        }
    }

    @Test func theMapKeepsNorthUpAndProportions() {
        // 1 km east then 1 km north: equal lengths on the map, north up.
        let a = LonLat(-71.4, 44.5)
        let b = Geodesic.destination(from: a, bearingDeg: 90, distanceM: 1000)
        let c = Geodesic.destination(from: b, bearingDeg: 0, distanceM: 1000)
        let p = CueSheet.mapPoints([a, b, c])
        #expect(p[1].x > p[0].x && abs(p[1].y - p[0].y) < 1)
        #expect(p[2].y < p[1].y)
        #expect(abs((p[1].x - p[0].x) - (p[1].y - p[2].y)) < 0.01 * (p[1].x - p[0].x))
    }

    @Test func distancesReadAsAHikerExpects() {
        #expect(CueSheet.distance(0) == "0 m")
        #expect(CueSheet.distance(849.6) == "850 m")
        #expect(CueSheet.distance(1250) == "1.25 km")
    }

    /// An out-and-back: the way back passes every cue of the way out at the same spot. Both
    /// passes' markers show: no two closer than two radii, all inside the map, a line to each
    /// moved one.
    @Test func outAndBackMarkersDoNotHideEachOther() throws {
        let fixture = try PreviewFixture.make()
        var route = try RegionPack.load(folderPath: fixture.regionURL.path).routes[0]
        let n = route.coords.count
        route.coords += route.coords.reversed().dropFirst()
        route.elevationsM += route.elevationsM.reversed().dropFirst()
        route.cumulativeM = route.coords.indices.map { Double($0) * 12 }
        let out = [0, n / 4, n / 2, 3 * n / 4, n - 1]
        route.waypoints = (out + out.reversed().dropFirst().map { 2 * (n - 1) - $0 }).map { Waypoint(i: $0, kind: .turn, instruction: "Turn") }
        let points = CueSheet.mapPoints(route.coords)
        // The test's premise: the two passes' vertices coincide on the map.
        #expect(hypot(points[n / 4].x - points[2 * (n - 1) - n / 4].x, points[n / 4].y - points[2 * (n - 1) - n / 4].y) < 0.5)
        let markers = CueSheet.markerPositions(route)
        #expect(markers.count == route.waypoints.count)
        for (k, a) in markers.enumerated() {
            #expect(a.x >= 8 && a.x <= CueSheet.mapWidth - 8 && a.y >= 8 && a.y <= CueSheet.mapHeight - 8)
            for b in markers[(k + 1)...] { #expect(hypot(a.x - b.x, a.y - b.y) >= 2 * CueSheet.markerRadiusPx, "\(a) and \(b)") }
        }
        let html = CueSheet.html(route)
        #expect(XHTMLCheck(html).problems.isEmpty)
        #expect(html.components(separatedBy: "<line ").count - 1 >= 4)
    }
}
