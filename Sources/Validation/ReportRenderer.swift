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

    /// An object `{ "problems": [...], "figures": [...], "valid": bool }`. Each problem has keys
    /// `rule`, `severity`, `file`, `expected`, `found`, and where known `path`, `line`,
    /// `column`, `offset`; each figure `rule`, `file`, `name`, `value` and, when the rule has
    /// one, `limit`. Keys sorted, pretty-printed, trailing newline.
    public static func json(_ report: ValidationReport, strict: Bool = false) -> String {
        let items: [JSONValue] = report.problems.map { p in
            var object: JSONObject = ["rule": .string(p.ruleId), "severity": .string(p.severity.rawValue), "file": .string(p.file),
                                      "expected": .string(p.expected), "found": .string(p.found)]
            if let path = p.location.jsonPath { object["path"] = .string(path) }
            if let line = p.location.line { object["line"] = .int(line) }
            if let column = p.location.column { object["column"] = .int(column) }
            if let offset = p.location.byteOffset { object["offset"] = .int(offset) }
            return .object(object)
        }
        let figures: [JSONValue] = report.figures.map { f in
            var object: JSONObject = ["rule": .string(f.ruleId), "file": .string(f.file), "name": .string(f.name),
                                      "value": .number(f.value, decimals: 4)]
            if let limit = f.limit { object["limit"] = .number(limit, decimals: 4) }
            return .object(object)
        }
        let root: JSONObject = ["problems": .array(items), "figures": .array(figures), "valid": .bool(report.passes(strict: strict))]
        // Only strings, booleans and finite numbers: the writer cannot fail.
        return (try? JSONWriter().string(.object(root))) ?? "{}\n"
    }
}
