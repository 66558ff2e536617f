import PackJSON

/// `route.landmark.name`: a landmark's `name` and `kind` are labels the AR view draws, so each is
/// a non-empty string with something visible in it and no control, format or line-separator
/// characters (a stray U+0000, a byte-order mark or a bidi override would garble the label).
/// The zero-width joiner and non-joiner (U+200D, U+200C) are allowed: emoji sequences and
/// Persian or Indic names need them.
enum LandmarkNameCheck {
    /// Reports `route.landmark.name` for `key` ("name" or "kind") of one landmark.
    static func check(_ value: String, key: String, node: JSONNode, file: String, log: ProblemLog) {
        if let problem = problem(in: value) {
            log.add(.landmarkName, file: file, node: node, expected: "a non-empty printable \(key)", found: problem)
        }
    }

    /// What is wrong with `value` as a label, or nil when nothing is.
    static func problem(in value: String) -> String? {
        if value.isEmpty { return "an empty string" }
        if let bad = value.unicodeScalars.first(where: { !isPrintable($0) }) {
            return "\(JSONWriter.quoted(value)) holds U+\(hex(bad.value)) (\(bad.properties.generalCategory))"
        }
        if value.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            return "\(JSONWriter.quoted(value)), only white space"
        }
        return nil
    }

    /// True for scalars a label may hold.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return false
        default: return true
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
