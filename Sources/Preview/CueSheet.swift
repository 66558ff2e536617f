import Foundation
import TrailpackCore

/// A route's cue sheet for `index.html`: a small map of the route (inline SVG, no outside
/// resource) with a numbered marker at every waypoint, and a table listing each waypoint under
/// the same number with its distance along the route and the instruction a hiker hears, so an
/// author can review the guidance cue by cue.
public enum CueSheet {
    /// Width and height of the map, CSS pixels.
    public static let mapWidth = 640.0, mapHeight = 400.0
    static let marginPx = 16.0

    /// "0 m", "850 m", "1.25 km": metres below one kilometre, else kilometres with 2 decimals.
    public static func distance(_ metres: Double) -> String {
        metres < 999.5 ? MetresFormat.wholeMetres(metres) : String(format: "%.2f km", metres / 1000)
    }

    /// Map position (x right, y down, pixels) of every vertex of `coords`: longitude scaled by the
    /// cosine of the middle latitude, fitted into the map with a margin, north up.
    public static func mapPoints(_ coords: [LonLat]) -> [(x: Double, y: Double)] {
        guard let box = BBox(covering: coords) else { return [] }
        let k = cos((box.south + box.north) / 2 * Double.pi / 180)
        let spanX = max((box.east - box.west) * k, 1e-9), spanY = max(box.north - box.south, 1e-9)
        let scale = min((mapWidth - 2 * marginPx) / spanX, (mapHeight - 2 * marginPx) / spanY)
        let offX = (mapWidth - spanX * scale) / 2, offY = (mapHeight - spanY * scale) / 2
        return coords.map { (offX + ($0.lon - box.west) * k * scale, offY + (box.north - $0.lat) * scale) }
    }

    /// Radius of a numbered marker, CSS pixels.
    public static let markerRadiusPx = 8.0

    /// Centre of each listed waypoint's marker (waypoints whose vertex exists, in order): on its
    /// vertex, or, when an earlier marker is nearer than two radii plus 2 px (the two passes
    /// of an out-and-back), moved to the first free spot on rings 20, 40 and 60 px around it,
    /// inside the map; a line joins a moved marker to its vertex.
    public static func markerPositions(_ route: PackRoute) -> [(x: Double, y: Double)] {
        let points = mapPoints(route.coords)
        let minimumPx = 2 * markerRadiusPx + 2
        var out: [(x: Double, y: Double)] = []
        for w in route.waypoints where points.indices.contains(w.i) {
            let p = points[w.i]
            func free(_ q: (x: Double, y: Double)) -> Bool {
                q.x >= markerRadiusPx && q.x <= mapWidth - markerRadiusPx && q.y >= markerRadiusPx && q.y <= mapHeight - markerRadiusPx
                    && !out.contains { hypot($0.x - q.x, $0.y - q.y) < minimumPx }
            }
            var spots = [p]
            for ring in 1...3 {
                for k in 0..<12 {
                    let a = Double(k) * Double.pi / 6
                    spots.append((p.x + cos(a) * 20 * Double(ring), p.y - sin(a) * 20 * Double(ring)))
                }
            }
            out.append(spots.first(where: free) ?? p)
        }
        return out
    }

    /// The map and table (XHTML, escaped) of `route`'s waypoints, with the cue count per km.
    public static func html(_ route: PackRoute) -> String {
        let e = HTMLText.escape
        let cues = route.waypoints.filter { $0.kind == .turn || $0.kind == .junction }.count
        let km = (route.cumulativeM.last ?? 0) / 1000
        var h = "<h4>Cue sheet</h4>\n<p>\(cues) turn and junction cue(s)"
        if km > 0 { h += String(format: ", %.1f per km", Double(cues) / km) }
        h += "; numbers on the map match the table.</p>\n"
        let points = mapPoints(route.coords)
        let listed = route.waypoints.enumerated().filter { route.coords.indices.contains($0.element.i) }
        if points.count >= 2 {
            h += String(format: "<p><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"Cue map of %@\">\n",
                        mapWidth, mapHeight, mapWidth, mapHeight, e(route.name))
            h += "<rect x=\"0\" y=\"0\" width=\"\(Int(mapWidth))\" height=\"\(Int(mapHeight))\" fill=\"#f4f4f0\" stroke=\"#999\"/>\n"
            h += "<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" points=\""
                + points.map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: " ") + "\"/>\n"
            let markers = markerPositions(route)
            for (k, (n, w)) in listed.enumerated() {
                let p = markers[k]
                if p.x != points[w.i].x || p.y != points[w.i].y {
                    h += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\" stroke-width=\"1\"/>\n",
                                points[w.i].x, points[w.i].y, p.x, p.y)
                }
                let colour = w.kind == .turn || w.kind == .junction ? "#1a5fb4" : "#333"
                h += String(format: "<g id=\"cue-%@-%d\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%@\" stroke=\"#fff\"/>", e(route.id), n + 1, p.x, p.y, colour)
                h += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">%d</text></g>\n", p.x, p.y + 3, n + 1)
            }
            h += "</svg></p>\n"
        }
        h += "<table>\n<tr><th>#</th><th>At</th><th>Instruction</th><th>Kind</th><th>Dir</th><th>Ele (m)</th><th>i</th></tr>\n"
        for (n, w) in listed {
            let at = route.cumulativeM.indices.contains(w.i) ? distance(route.cumulativeM[w.i]) : "?"
            let ele = route.elevationsM.indices.contains(w.i) ? MetresFormat.wholeNumber(route.elevationsM[w.i]) : ""
            h += "<tr><td class=\"n\">\(n + 1)</td><td class=\"n\">\(e(at))</td><td>\(e(w.instruction))</td>"
            h += "<td>\(e(w.kind.rawValue))</td><td>\(e(w.dir?.rawValue ?? ""))</td><td class=\"n\">\(ele)</td><td class=\"n\">\(w.i)</td></tr>\n"
        }
        return h + "</table>\n"
    }
}
