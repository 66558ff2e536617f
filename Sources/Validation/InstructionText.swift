import Foundation

/// Checks of an instruction's text alone (`route.waypoint.text`): length, printable characters,
/// and no distance (clients add the distance themselves; SPEC, routes/<routeId>.json).
enum InstructionText {
    /// At most this many characters (extended grapheme clusters). The builder's longest wording,
    /// "Continue straight across X onto Z" (31 characters of its own) with two trail names, stays
    /// under it for names up to 44 characters; longer names are allowed for (`maxCharacters(for:names:)`).
    static let maxCharacters = 120

    /// The limit for an instruction that holds region names: `maxCharacters`, raised by the
    /// length of each name it holds beyond 40 characters (a name is what the source data calls
    /// a trail or POI; the builder never shortens one).
    static func maxCharacters(for text: String, names: Set<String>) -> Int {
        guard text.count > maxCharacters else { return maxCharacters }
        let extra = names.filter { $0.count > 40 && text.contains($0) }.reduce(0) { $0 + $1.count - 40 }
        return maxCharacters + extra
    }

    /// The first scalar that is no printable text: a C0 or C1 control (NUL, tab and newline
    /// included), a format character (zero-width space, byte-order mark, bidi overrides, soft
    /// hyphen), a line or paragraph separator, a surrogate or a noncharacter. Zero-width joiners
    /// and non-joiners, and the left-to-right / right-to-left marks, are text inside a word of
    /// a script or an emoji sequence (both neighbours non-ASCII and not spaces), as are the tag
    /// characters of an emoji flag.
    static func unprintable(_ text: String) -> Unicode.Scalar? {
        let scalars = Array(text.unicodeScalars)
        for (k, s) in scalars.enumerated() {
            switch s.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate:
                return s
            case .format:
                if joinsWord(scalars, at: k) { continue }
                return s
            default:
                if s.properties.isNoncharacterCodePoint { return s }
            }
        }
        return nil
    }

    private static func joinsWord(_ scalars: [Unicode.Scalar], at k: Int) -> Bool {
        let s = scalars[k].value
        if (0xE0020...0xE007F).contains(s) { return k > 0 && scalars[k - 1].value >= 0x1F000 || k > 0 && (0xE0020...0xE007F).contains(scalars[k - 1].value) }
        guard [0x200C, 0x200D, 0x200E, 0x200F].contains(s), k > 0, k + 1 < scalars.count else { return false }
        func wordy(_ u: Unicode.Scalar) -> Bool { u.value > 0x7F && !u.properties.isWhitespace && u.properties.generalCategory != .format }
        return wordy(scalars[k - 1]) && wordy(scalars[k + 1])
    }

    /// A number with a unit of length: "200 m", "0.5 km", "1,200m", "300 ft", "1 mi", "2 miles".
    static let distancePattern = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])(\d[\d,]*(?:[.]\d+)?|[.]\d+|½|¼|¾)\s?(km|m|ft|mi|yd|yds|miles?|metres?|meters?|kilometres?|kilometers?|feet|foot|yards?)(?![\p{L}\p{N}])"#,
        options: [.caseInsensitive])

    /// The distances `text` holds, with their ranges, outside any of `names`.
    static func distances(in text: String, outside names: Set<String>) -> [(text: String, range: Range<String.Index>)] {
        let ns = text as NSString
        let matches = distancePattern.matches(in: text, range: NSRange(location: 0, length: ns.length))
        guard !matches.isEmpty else { return [] }
        let nameRanges = names.filter { !$0.isEmpty && text.contains($0) }.flatMap { name in ranges(of: name, in: text) }
        return matches.compactMap { m in
            guard let r = Range(m.range, in: text) else { return nil }
            if nameRanges.contains(where: { $0.lowerBound <= r.lowerBound && r.upperBound <= $0.upperBound }) { return nil }
            return (String(text[r]), r)
        }
    }

    private static func ranges(of name: String, in text: String) -> [Range<String.Index>] {
        var out: [Range<String.Index>] = []
        var from = text.startIndex
        while from < text.endIndex, let r = text.range(of: name, range: from..<text.endIndex) {
            out.append(r)
            from = r.upperBound
        }
        return out
    }

    /// The height a summit cue names: its last number in metres ("Reach the summit, 1,234 m"
    /// → 1234), nil when it names none.
    static func heightM(in text: String) -> Double? {
        let ns = text as NSString
        let matches = distancePattern.matches(in: text, range: NSRange(location: 0, length: ns.length))
        for m in matches.reversed() {
            let unit = ns.substring(with: m.range(at: 2)).lowercased()
            guard ["m", "metre", "metres", "meter", "meters"].contains(unit) else { continue }
            return Double(ns.substring(with: m.range(at: 1)).replacingOccurrences(of: ",", with: ""))
        }
        return nil
    }

    /// True when a length in a summit cue reads as its height, not as a distance to it: in metres
    /// (or feet), and not after a word that makes it a distance ("in", "after", "for", "within").
    static func isHeight(_ match: String, range: Range<String.Index>, in text: String) -> Bool {
        let unit = match.lowercased().drop { $0.isNumber || $0 == "," || $0 == "." || $0 == " " }
        guard ["m", "metre", "metres", "meter", "meters", "ft", "feet"].contains(String(unit)) else { return false }
        let before = text[..<range.lowerBound].lowercased().split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
        return !["in", "after", "for", "within", "about", "another", "next", "ahead", "approx", "over"].contains(before)
    }
}
