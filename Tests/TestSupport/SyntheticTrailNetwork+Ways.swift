import Foundation
import TrailpackCore

/// One grid line of the synthetic network cut into tagged ways: split at some crossings, cut
/// open by gaps (two dead ends), and broken by its bridges (each a way of its own).
struct SyntheticLine {
    /// A way in the grid's planar metres, before it becomes lon/lat.
    struct CutWay {
        var vertices: [PlanarM]
        var tags: [String: String]
        /// For a bridge way: the crossing it passes over, and its index along the line.
        var bridgeCrossing: PlanarM? = nil
        var crossingIndex: Int = 0
    }

    var line: Int
    var ways: [CutWay] = []

    /// Cuts `pieces` (between consecutive `stations`) into ways and tags them.
    static func cut(line: Int, stations: [(PlanarM, SyntheticStation)], pieces: [[PlanarM]],
                    options: SyntheticTrailNetwork.Options,
                    geometryRng g: inout SeededRandom, tagRng t: inout SeededRandom) -> SyntheticLine {
        var out = SyntheticLine(line: line)
        let lineTags = Self.lineTags(line: line, options: options, rng: &t)
        var current: [PlanarM] = []
        func close() {
            if current.count >= 2 { out.ways.append(CutWay(vertices: current, tags: wayTags(lineTags, options, &t))) }
            current = []
        }
        func append(_ vertices: [PlanarM]) { current += current.isEmpty ? vertices : Array(vertices.dropFirst()) }
        for (k, piece) in pieces.enumerated() {
            let gapRoll = g.unit(), splitRoll = g.unit()
            let inner = k > 0 && k < pieces.count - 1 && stations[k].1 == .shared && stations[k + 1].1 == .shared
            if inner, gapRoll < options.gapShare, let (head, tail) = gapParts(piece) {
                append(head)
                close()
                current = tail
            } else {
                append(piece)
            }
            switch stations[k + 1].1 {
            case .end: close()
            case .bridgeLower: break
            case .shared:
                guard splitRoll < options.splitShare else { break }
                let joint = current.last!
                close()
                current = [joint]
            case .bridgeUpper:
                close()
                var tags = lineTags
                tags["bridge"] = "yes"
                tags["layer"] = "1"
                out.ways.append(CutWay(vertices: [piece.last!, pieces[k + 1].first!], tags: tags,
                                       bridgeCrossing: stations[k + 1].0, crossingIndex: k))
            }
        }
        return out
    }

    /// The piece with its middle (35-65 % along the chord) cut out, or nil when a part would
    /// have fewer than two vertices.
    static func gapParts(_ piece: [PlanarM]) -> ([PlanarM], [PlanarM])? {
        let a = piece.first!, chord = piece.last! - a, chordSq = chord.dot(chord)
        let head = piece.filter { ($0 - a).dot(chord) / chordSq <= 0.35 }
        let tail = piece.filter { ($0 - a).dot(chord) / chordSq >= 0.65 }
        guard head.count >= 2, tail.count >= 2 else { return nil }
        return (head, tail)
    }

    /// Tags every way of a line starts from: `highway`, usually `name`, sometimes `sac_scale`.
    static func lineTags(line: Int, options: SyntheticTrailNetwork.Options, rng r: inout SeededRandom) -> [String: String] {
        let northSouth = line < options.linesPerAxis, number = line % options.linesPerAxis + 1
        let kindRoll = r.unit(), nameRoll = r.unit(), sacRoll = r.unit(), sacLevel = r.unit()
        let highway = kindRoll < 0.65 ? "path" : kindRoll < 0.8 ? "footway" : "track"
        var tags = ["highway": highway]
        if nameRoll >= options.unnamedLineShare {
            let base = switch highway {
            case "path": northSouth ? "Ridge Trail" : "Brook Path"
            case "footway": northSouth ? "Pond Loop" : "Ledge Walk"
            default: northSouth ? "Logging Road" : "Notch Road"
            }
            tags["name"] = "\(base) \(number)"
        }
        if highway == "path", sacRoll < 0.35 {
            tags["sac_scale"] = ["hiking", "mountain_hiking", "demanding_mountain_hiking"][min(2, Int(sacLevel * 3))]
        }
        return tags
    }

    /// A way's tags: the line's, with at most one of oneway:foot, oneway (cyclists), a closure,
    /// access=private + foot=yes, or steps; sometimes without its name.
    static func wayTags(_ lineTags: [String: String], _ o: SyntheticTrailNetwork.Options,
                        _ r: inout SeededRandom) -> [String: String] {
        var tags = lineTags
        let roll = r.unit(), variant = min(3, Int(r.unit() * 4)), unnamedRoll = r.unit()
        let bounds = [o.onewayFootShare, o.onewayCyclistShare, o.closedShare, o.privateFootYesShare, o.stepsShare]
            .reduce(into: [Double]()) { $0.append(($0.last ?? 0) + $1) }
        switch bounds.firstIndex(where: { roll < $0 }) {
        case 0: tags["oneway:foot"] = "yes"
        case 1: tags["oneway"] = "yes"
        case 2:
            let closures = [["foot": "no"], ["access": "private"], ["access": "no"], ["access": "private", "foot": "no"]]
            tags.merge(closures[variant]) { $1 }
        case 3: tags.merge(["access": "private", "foot": "yes"]) { $1 }
        case 4:
            tags["highway"] = "steps"
            tags["sac_scale"] = nil
        default: break
        }
        if unnamedRoll < o.unnamedWayShare { tags["name"] = nil }
        return tags
    }
}
