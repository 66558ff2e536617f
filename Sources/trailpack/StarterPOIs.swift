import Bindings
import Foundation
import TrailpackCore

/// The POIs of a starter recipe: the points of `--trails` files (GPX waypoints `<wpt>`, GeoJSON
/// Point features, KML placemarks), written inline (`{ name, kind, lon, lat }`) with a kind
/// guessed from the point's `<sym>` (GPX), `<type>` (GPX) or `kind`/`type` property, and name, so
/// an author sees and corrects each guess before a sign post becomes an AR landmark.
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
                text += "\n    // The points of \(file). Kinds are GUESSED from each one's <sym>, <type> (or kind) and name: check them."
                    + " trailhead, parking and junction are no landmarks (access points, sign posts); poi, summit, water... are."
                first = false
            }
            let (kind, reason) = Self.guessKind(symbol: f.field("sym"), type: f.field("type") ?? f.field("kind"), name: name)
            count += 1
            locations.append(p)
            text += "\n    { name: \"\(StarterRoutes.escaped(name))\", kind: \"\(kind)\", "
                + String(format: "lon: %.6f, lat: %.6f }, ", p.lon, p.lat) + "// \(reason)"
        }
        if unnamed > 0 { text += "\n    // \(file): \(unnamed) point\(unnamed == 1 ? "" : "s") without a name left out (a POI needs one)." }
    }

    /// Kinds guessed from words of a waypoint's symbol, type or name (a word starting so; one
    /// ending in a space is a whole word), first match wins.
    static let rules: [(words: [String], kind: String)] = [
        (["trailhead", "trail head"], "trailhead"),
        (["parking", "car park", "carpark"], "parking"),
        (["junction", "sign", "crossing", "intersection", "fork", "guidepost", "waymark"], "junction"),
        (["summit", "peak", "mountain", "mount ", "mt "], "summit"),
        (["water", "spring", "fountain", "well"], "water"),
        (["viewpoint", "scenic", "overlook", "vista", "lookout"], "viewpoint"),
        (["shelter", "hut", "lean-to", "cabin"], "shelter"),
        (["camp"], "campsite"),
    ]

    /// The kind for a waypoint and why (for the recipe comment): the symbol and type are read
    /// before the name, each against `rules` in order; "poi" when nothing matches.
    static func guessKind(symbol: String?, type: String?, name: String) -> (kind: String, reason: String) {
        for (label, value) in [("sym", symbol), ("type", type), ("name", name)] {
            guard let value, !value.isEmpty else { continue }
            // Words start after a space: "Drinking Water" is water, "Wellington Peak" no well.
            let words = " " + String(value.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }) + " "
            if let rule = rules.first(where: { rule in rule.words.contains { words.contains(" " + $0) } }) {
                return (rule.kind, "guessed from \(label) \"\(value)\"")
            }
        }
        return ("poi", "no guess: sym, type and name name no known kind")
    }
}
