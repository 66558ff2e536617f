import Foundation

/// Text an author has yet to replace: what `trailpack init` writes for a DEM it does not
/// recognise ("Elevation: (DEM provider and licence)")
/// and the usual marks of a stand-in. Used on the recipe's `attribution`, which a pack carries
/// to every phone.
enum PlaceholderText {
    /// Words that mark unfinished text, matched whole and in any case.
    static let markerWords: Set<String> = ["todo", "fixme", "tbd", "xxx"]
    /// Brackets whose whole content stands in for a value: "(DEM source)", "<source>", "[name]", "{source}".
    static let brackets: [(open: Character, close: Character)] = [("(", ")"), ("<", ">"), ("[", "]"), ("{", "}")]

    /// Why `text` is a placeholder, or nil when it is not one: it holds a marker word (TODO,
    /// FIXME, TBD, XXX), an ellipsis ("..." or "…"), or, after an optional label ("Elevation:"),
    /// nothing but one bracketed text ("(DEM source)", "<source>"). A bracket beside real text
    /// ("SRTM (public domain)") is no placeholder.
    static func reason(_ text: String) -> String? {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        if let word = words.first(where: markerWords.contains) { return "it says \"\(word.uppercased())\"" }
        if text.contains("...") || text.contains("…") { return "it holds an ellipsis" }
        var value = Substring(text)
        if let colon = value.firstIndex(of: ":") { value = value[value.index(after: colon)...] }
        value = value.drop { $0.isWhitespace }
        while value.last?.isWhitespace == true { value = value.dropLast() }
        guard let first = value.first, let last = value.last, value.count >= 2,
              brackets.contains(where: { $0.open == first && $0.close == last }),
              !value.dropFirst().dropLast().contains(where: { c in brackets.contains { $0.close == c } }) else { return nil }
        return "\"\(value)\" stands in for a name"
    }
}
