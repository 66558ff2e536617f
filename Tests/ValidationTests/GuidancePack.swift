import Foundation
import PackJSON
import Pipeline
import TestSupport
import TrailpackCore

/// The Jacksboro demo recipe with one more route, built once per test run by the pipeline: a
/// line drawn north 300 m, right 100° for 500 m, left 90° for 400 m (two turn cues), past a
/// spring 20 m off its first leg (a `poi` cue) from a named trailhead. With the crest route's
/// summits, the guidance rules have every kind of cue to read (the demo pack has the junctions).
enum GuidancePack {
    static let regionId = "jacksboro"
    static let turnsRoute = "routes/right-then-left.json"
    static let crestRoute = "routes/pine-mountain-crest.json"
    static let start = LonLat(-84.2000, 36.3300)
    /// The legs: bearing (degrees) and length (metres).
    static let legs: [(bearingDeg: Double, lengthM: Double)] = [(0, 300), (100, 500), (10, 400)]

    /// The drawn line, a vertex every 10 m.
    static func line() -> [LonLat] {
        var out = [start]
        for leg in legs {
            let from = out[out.count - 1]
            let steps = Int(leg.lengthM / 10)
            for s in 1...steps { out.append(Geodesic.destination(from: from, bearingDeg: leg.bearingDeg, distanceM: leg.lengthM * Double(s) / Double(steps))) }
        }
        return out
    }

    /// A spring 20 m east of the middle of the first leg.
    static var spring: LonLat { Geodesic.destination(from: Geodesic.destination(from: start, bearingDeg: 0, distanceM: 150), bearingDeg: 90, distanceM: 20) }

    private static let built: Result<URL, any Error> = Result {
        let dir = TestData.scratchFolder("validation-guidance")
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"tests\" xmlns=\"http://www.topografix.com/GPX/1/1\"><rte>\n"
        for p in line() { gpx += String(format: "<rtept lat=\"%.7f\" lon=\"%.7f\"></rtept>\n", p.lat, p.lon) }
        gpx += "</rte></gpx>\n"
        let gpxPath = dir.appendingPathComponent("right-then-left.gpx").path
        try gpx.write(toFile: gpxPath, atomically: true, encoding: .utf8)
        let text = try TestData.recipeText("jacksboro")
            .replacingOccurrences(of: "pois: [", with: """
                pois: [
                    { name: "Test Trailhead", kind: "trailhead", lon: \(start.lon), lat: \(start.lat) },
                    { name: "Test Spring", kind: "spring", lon: \(spring.lon), lat: \(spring.lat) },
                """)
            .replacingOccurrences(of: "routes: [", with: """
                routes: [
                    { id: "right-then-left", name: "Right then left", track: { file: "\(gpxPath)", drawn: true } },
                """)
        let recipe = dir.appendingPathComponent("jacksboro.json5").path
        try text.write(toFile: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        return root
    }

    static func root() throws -> URL { try built.get() }

    static func copy() throws -> PackEditor { try PackEditor.copy(try root(), regionId: regionId) }
}

/// Reading and editing route files for the guidance corruptions.
extension PackEditor {
    /// The index in `waypoints` of the first waypoint of `route` that `match` accepts.
    func waypointIndex(_ route: String, where match: (JSONValue) -> Bool) throws -> Int {
        guard case .array(let w)? = try json(route)["waypoints"], let k = w.firstIndex(where: match) else {
            throw GuidanceTestError.noWaypoint(route)
        }
        return k
    }

    /// The route's coords as lon/lat and ele.
    func vertices(_ route: String) throws -> [(p: LonLat, ele: Double)] {
        guard case .array(let coords)? = try json(route)["coords"] else { throw GuidanceTestError.noWaypoint(route) }
        return coords.map { (LonLat($0[0]!.double, $0[1]!.double), $0[2]!.double) }
    }

    /// Reverses `route`'s line (coords, cum, stats' ascent and descent, in the route file, the
    /// manifest and the catalog) and keeps its waypoints as they are; its landmarks go (their
    /// ranges index the old order).
    func reverseKeepingCues(_ route: String, routeIndex: Int) throws {
        var doc = try json(route)
        guard case .array(let coords)? = doc["coords"], case .array(let cum)? = doc["cum"] else { throw GuidanceTestError.noWaypoint(route) }
        let totalM = cum.last!.double
        doc.set("coords", .array(coords.reversed()))
        doc.set("cum", .array(cum.reversed().map { .number(totalM - $0.double, decimals: 1) }))
        doc.set("landmarks", nil)
        var stats = doc["stats"]!
        let ascent = stats["ascentM"]!, descent = stats["descentM"]!
        stats.set("ascentM", descent)
        stats.set("descentM", ascent)
        doc.set("stats", stats)
        try write(route, try JSONWriter().bytes(doc))
        try set("manifest.json", "routes[\(routeIndex)].stats", stats)
        try editJSON("/catalog.json") { c in
            c.set("regions[0].routes[\(routeIndex)].ascentM", descent)
            c.set("regions[0].routes[\(routeIndex)].descentM", ascent)
        }
    }
}

enum GuidanceTestError: Error {
    case noWaypoint(String)
}

/// The demo recipe with one route, Mount Cabot then down past The Horn to Unknown Pond, built
/// once per test run: its junction with Horn Spur is a fork (Kilkenny Ridge Trail leaves 24.5°
/// left, Horn Spur 12.4° right: "Keep left at the junction with Horn Spur", `waypoints[7]`).
enum ForkPack {
    static let regionId = "pliny-kilkenny"
    static let route = "routes/over-cabot.json"

    private static let built: Result<URL, any Error> = Result {
        let dir = TestData.scratchFolder("validation-fork")
        let text = try TestData.recipeText("pliny-kilkenny")
        let routes = """
              routes: [
                { id: "over-cabot", name: "Over Mount Cabot", via: ["Bunnell Notch Trailhead", "Mount Cabot", "Unknown Pond"] },
              ],
            }

            """
        let recipe = dir.appendingPathComponent("pliny-kilkenny.json5").path
        try (String(text[..<text.range(of: "  routes: [")!.lowerBound]) + routes).write(toFile: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        return root
    }

    static func root() throws -> URL { try built.get() }

    static func copy() throws -> PackEditor { try PackEditor.copy(try root(), regionId: regionId) }
}
