import Foundation
import Preview
import Testing
import TrailpackCore

/// The cue sheet of each route in the preview's index.html.
@Suite struct CueSheetTests {
    @Test func listsEveryWaypointWithDistanceInstructionAndAMapLink() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        for route in pack.routes {
            let html = CueSheet.html(route)
            let check = XHTMLCheck(html)
            #expect(check.problems.isEmpty, "\(check.problems)")
            let links = check.references.filter { $0.hasPrefix("https://www.openstreetmap.org/") }
            #expect(links.count == route.waypoints.count)
            for (w, link) in zip(route.waypoints, links) {
                #expect(html.contains("<td>\(HTMLText.escape(w.instruction))</td>"))
                #expect(html.contains(">\(CueSheet.distance(route.cumulativeM[w.i]))<"))
                // The link's marker is the waypoint's vertex.
                let p = route.coords[w.i]
                #expect(link.contains(String(format: "mlat=%.6f", p.lat)) && link.contains(String(format: "mlon=%.6f", p.lon)), "\(link)")
            }
        }
    }

    @Test func distancesReadAsAHikerExpects() {
        #expect(CueSheet.distance(0) == "0 m")
        #expect(CueSheet.distance(849.6) == "850 m")
        #expect(CueSheet.distance(1250) == "1.25 km")
    }
}
