import PackJSON

/// Renders a `ValidationReport` for people (text) and for tools (JSON). Both are
/// deterministic: same pack, same bytes (timing is never included).
public enum ReportRenderer {
    /// One line per problem (`file:line: severity [rule] path: expected X, found Y`), then a
    /// summary line: "valid" or "INVALID", with error and warning counts.
    public static func text(_ report: ValidationReport, strict: Bool = false) -> String {
        var lines = report.problems.map(\.description)
        let verdict = report.passes(strict: strict) ? "valid" : "INVALID"
        let what: String
        switch report.kind {
        case .packRoot: what = "pack root with \(report.regionIds.count) region(s)"
        case .region: what = "region \(report.regionIds.first ?? "?")"
        case .unknown: what = "not a pack"
        }
        lines.append("\(report.path): \(what): \(verdict): \(report.errorCount) error(s), \(report.warningCount) warning(s)"
                     + (strict ? " (strict: warnings fail)" : ""))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The problems as a JSON array of objects with keys `rule`, `severity`, `file`,
    /// `expected`, `found`, and where known `path`, `line`, `column`, `offset`. Keys sorted,
    /// pretty-printed, trailing newline.
    public static func json(_ report: ValidationReport) -> String {
        let items: [JSONValue] = report.problems.map { p in
            var object: JSONObject = ["rule": .string(p.ruleId), "severity": .string(p.severity.rawValue), "file": .string(p.file),
                                      "expected": .string(p.expected), "found": .string(p.found)]
            if let path = p.location.jsonPath { object["path"] = .string(path) }
            if let line = p.location.line { object["line"] = .int(line) }
            if let column = p.location.column { object["column"] = .int(column) }
            if let offset = p.location.byteOffset { object["offset"] = .int(offset) }
            return .object(object)
        }
        // Only strings and integers: the writer cannot fail.
        return (try? JSONWriter().string(.array(items))) ?? "[]\n"
    }
}
