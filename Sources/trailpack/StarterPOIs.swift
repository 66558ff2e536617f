import Bindings
import Foundation
import TrailpackCore

/// The POIs of a starter recipe: the points of `--trails` files (GPX waypoints `<wpt>`, GeoJSON
/// Point features, KML placemarks), written inline (`{ name, kind, lon, lat }`) with a kind
/// guessed by `StarterKinds` from the point's properties and name, so an author sees and
/// corrects each guess before a sign post becomes an AR landmark.
struct StarterPOIs {
    /// Recipe lines so far, one POI per named waypoint.
    private(set) var text = ""
    private(set) var count = 0
    /// Every waypoint location written (for the region's extent).
    private(set) var locations: [LonLat] = []

    /// Adds the named points of one file's features; points without a name are counted in a
    /// comment.
    mutating func add(features: [VectorFeature], file: String) {
        let waypoints = features.filter { if case .point = $0.geometry { true } else { false } }
        var unnamed = 0
        var first = true
        for f in waypoints {
            guard case .point(let p) = f.geometry else { continue }
            guard let name = f.name else { unnamed += 1; continue }
            if first {
                text += "\n    // The points of \(file). Kinds are GUESSED from each one's properties (kind, category, type, OSM tags, <sym>), then the words of its name: check them."
                    + " trailhead, parking and junction are no landmarks (access points, sign posts); poi, summit, water... are."
                first = false
            }
            let (kind, reason) = StarterKinds.guess(field: f.field, name: name)
            count += 1
            locations.append(p)
            text += "\n    { name: \"\(StarterRoutes.escaped(name))\", kind: \"\(kind)\", "
                + String(format: "lon: %.6f, lat: %.6f }, ", p.lon, p.lat) + "// \(reason)"
        }
        if unnamed > 0 { text += "\n    // \(file): \(unnamed) point\(unnamed == 1 ? "" : "s") without a name left out (a POI needs one)." }
    }
}
