import Bindings
import Foundation

/// The POI kind `init` guesses for a named point: from its tags and properties first, then from
/// whole words of its name, the strongest word winning. Kinds are those the pack's style draws
/// (docs/FORMAT.md, *Sprite*): `summit`, `trailhead`, `parking`, `junction`, `water`,
/// `spring`, `lake`, `pond`, `waterfall`, `viewpoint`, `hut`, `shelter`, `camp_site`, else `poi`.
enum StarterKinds {
    /// Properties read before the name, in order: GeoJSON `kind`, `category`, `type` (GPX
    /// `<type>` too), OSM `tourism`, `natural`, `amenity`, `highway`, `waterway`, `information`,
    /// then GPX `<sym>`.
    static let fields = ["kind", "category", "type", "tourism", "natural", "amenity", "highway", "waterway", "information", "sym"]

    /// Words and phrases (whole words, lower case, `_`/`-` read as spaces) naming a kind, with a
    /// strength: 3 names the thing itself ("Hut", "Trailhead", "Summit"), 2 a word that also
    /// names a place around it ("Mount", "Spring", "Lake": "Madison Spring Hut" is a hut, "Mount
    /// Madison Parking" a parking).
    static let words: [(phrase: String, kind: String, strength: Int)] = [
        ("trailhead", "trailhead", 3), ("trail head", "trailhead", 3), ("th", "trailhead", 2),
        ("parking", "parking", 3), ("car park", "parking", 3), ("carpark", "parking", 3),
        ("junction", "junction", 3), ("intersection", "junction", 3), ("guidepost", "junction", 3),
        ("signpost", "junction", 3), ("sign", "junction", 3), ("waymark", "junction", 3), ("fork", "junction", 2),
        ("summit", "summit", 3), ("peak", "summit", 3), ("volcano", "summit", 3),
        ("mount", "summit", 2), ("mt", "summit", 2), ("mountain", "summit", 2),
        ("waterfall", "waterfall", 3), ("falls", "waterfall", 3), ("fall", "waterfall", 2), ("cascade", "waterfall", 3), ("cascades", "waterfall", 3),
        ("drinking water", "water", 3), ("water point", "water", 3), ("fountain", "water", 3), ("water", "water", 2), ("well", "water", 2),
        ("spring", "spring", 2), ("springs", "spring", 2),
        ("lake", "lake", 2), ("lakes", "lake", 2), ("lk", "lake", 2), ("pond", "pond", 2), ("ponds", "pond", 2), ("tarn", "pond", 2),
        ("viewpoint", "viewpoint", 3), ("view point", "viewpoint", 3), ("overlook", "viewpoint", 3), ("lookout", "viewpoint", 3),
        ("vista", "viewpoint", 3), ("scenic", "viewpoint", 3),
        ("hut", "hut", 3), ("huts", "hut", 3), ("cabin", "hut", 3), ("refuge", "hut", 3), ("chalet", "hut", 3), ("lodge", "hut", 3),
        ("shelter", "shelter", 3), ("shelters", "shelter", 3), ("lean to", "shelter", 3), ("bivouac", "shelter", 3),
        ("camp site", "camp_site", 3), ("campsite", "camp_site", 3), ("tentsite", "camp_site", 3), ("tent site", "camp_site", 3),
        ("campground", "camp_site", 3), ("camping", "camp_site", 3), ("camp", "camp_site", 2),
    ]

    /// Initials of clubs that run mountain huts: a name ending "(RMC)" ("Gray Knob (RMC)") is
    /// one of their huts or cabins (Appalachian, Randolph, Green Mountain and Adirondack Mountain
    /// Clubs, Dartmouth Outing Club; the Swiss, German, Austrian, Italian, French and Slovenian
    /// alpine clubs).
    static let hutClubs: Set<String> = ["amc", "rmc", "gmc", "adk", "doc", "sac", "cas", "dav", "öav", "oeav", "avs", "cai", "caf", "ffcam", "pzs"]

    /// The kind of a point whose attribute `key` is `field(key)`, named `name`, and why (for
    /// the recipe comment).
    static func guess(field: (String) -> String?, name: String) -> (kind: String, reason: String) {
        for key in Self.fields {
            guard let value = field(key), !value.isEmpty, let hit = strongest(in: value) else { continue }
            return (hit.kind, "guessed from \(key) \"\(value)\"")
        }
        let hit = strongest(in: name)
        // A club's initials outweigh a word that also names a place ("Crag Camp (RMC)" is a cabin).
        if let club = clubInitials(name), (hit?.strength ?? 0) < 3 {
            return ("hut", "guessed from \"(\(club))\" in the name, a club that runs huts")
        }
        if let hit { return (hit.kind, "guessed from the word \"\(hit.phrase)\" in the name") }
        return ("poi", "no guess: no property or word of the name names a kind")
    }

    /// The strongest word or phrase of `text` naming a kind, with its strength; between equals, the last (a name's
    /// head noun comes last: "Spring Pond" is a pond). Nil when none.
    static func strongest(in text: String) -> (phrase: String, kind: String, strength: Int)? {
        let tokens = text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
        var best: (phrase: String, kind: String, strength: Int, at: Int)?
        for entry in words {
            let phrase = entry.phrase.split(separator: " ").map(String.init)
            guard tokens.count >= phrase.count else { continue }
            for start in 0...(tokens.count - phrase.count) where Array(tokens[start..<start + phrase.count]) == phrase {
                if best == nil || entry.strength > best!.strength || (entry.strength == best!.strength && start > best!.at) {
                    best = (entry.phrase, entry.kind, entry.strength, start)
                }
            }
        }
        return best.map { ($0.phrase, $0.kind, $0.strength) }
    }

    /// The club initials a name ends with in brackets ("Gray Knob (RMC)" → "RMC"), when they are
    /// those of a club that runs huts.
    static func clubInitials(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
        let inside = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        return hutClubs.contains(inside.lowercased()) ? inside : nil
    }
}
