import Foundation
import TrailpackCore

/// A route's cue sheet for `index.html`: every waypoint in route order with its distance along
/// the route, the instruction a hiker hears, and a link that opens the place on a map
/// (OpenStreetMap, marker at the waypoint), so an author can review the guidance cue by cue.
public enum CueSheet {
    /// The map link of a place: an OpenStreetMap page with a marker at `p`, zoom 17.
    public static func mapURL(_ p: LonLat) -> String {
        let lat = String(format: "%.6f", p.lat), lon = String(format: "%.6f", p.lon)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)"
    }

    /// "0 m", "850 m", "1.25 km": metres below one kilometre, else kilometres with 2 decimals.
    public static func distance(_ metres: Double) -> String {
        metres < 1000 ? String(format: "%.0f m", metres) : String(format: "%.2f km", metres / 1000)
    }

    /// The XHTML table (escaped) of `route`'s waypoints, with a heading giving the cue count per km.
    public static func html(_ route: PackRoute) -> String {
        let e = HTMLText.escape
        let cues = route.waypoints.filter { $0.kind == .turn || $0.kind == .junction }.count
        let km = (route.cumulativeM.last ?? 0) / 1000
        var h = "<h4>Cue sheet</h4>\n<p>\(cues) turn and junction cue(s)"
        if km > 0 { h += String(format: ", %.1f per km", Double(cues) / km) }
        h += ".</p>\n<table>\n<tr><th>#</th><th>At</th><th>Instruction</th><th>Kind</th><th>Dir</th><th>Ele (m)</th><th>i</th><th>Map</th></tr>\n"
        for (n, w) in route.waypoints.enumerated() where route.coords.indices.contains(w.i) {
            let at = route.cumulativeM.indices.contains(w.i) ? distance(route.cumulativeM[w.i]) : "?"
            let ele = route.elevationsM.indices.contains(w.i) ? String(format: "%.0f", route.elevationsM[w.i]) : ""
            h += "<tr id=\"cue-\(e(route.id))-\(n + 1)\"><td class=\"n\">\(n + 1)</td><td class=\"n\">\(e(at))</td><td>\(e(w.instruction))</td>"
            h += "<td>\(e(w.kind.rawValue))</td><td>\(e(w.dir?.rawValue ?? ""))</td><td class=\"n\">\(ele)</td><td class=\"n\">\(w.i)</td>"
            h += "<td><a href=\"\(e(mapURL(route.coords[w.i])))\">map</a></td></tr>\n"
        }
        return h + "</table>\n"
    }
}
