import Foundation

/// Reads the threshold tables of docs/GUIDANCE.md and checks them against a tuning value
/// (`GuidanceTuning`, `RouteCleaner.Options`): every stored number of the value is named in a
/// table row of its area, with its value, and no table names a field that does not exist.
///
/// The doc's convention: a table whose first header cell names an area in backticks
/// (`` `GuidanceTuning.bends` ``, `` `RouteCleaner.Options` ``, `` `NavigationTuning` `` in
/// docs/NAVIGATION.md) belongs to that area; a field is
/// written `` `name` `` and its standard value as a plain decimal in the field's unit (45.0 reads
/// "45", 0.9 reads "0.9", a range "30° to 150°" holds both bounds) somewhere in the same row.
public enum TuningDocTables {
    /// docs/GUIDANCE.md, the contract the tables live in.
    public static func guidanceDoc() throws -> String {
        try String(contentsOf: TestData.repoRoot.appendingPathComponent("docs/GUIDANCE.md"), encoding: .utf8)
    }

    /// docs/NAVIGATION.md, where `NavigationTuning`'s tables live.
    public static func navigationDoc() throws -> String {
        try String(contentsOf: TestData.repoRoot.appendingPathComponent("docs/NAVIGATION.md"), encoding: .utf8)
    }

    /// One markdown table: the area its header names (nil when none) and its rows after the
    /// header and separator lines.
    public struct Table: Sendable {
        public var area: String?
        public var rows: [String]
    }

    /// The tables of `doc`: each maximal run of lines starting with `|`.
    public static func tables(in doc: String) -> [Table] {
        var tables: [Table] = [], current: [String] = []
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""] {
            if line.hasPrefix("|") {
                current.append(line)
                continue
            }
            if !current.isEmpty {
                let header = current[0].split(separator: "|").first.map(String.init) ?? ""
                let area = backticked(header).first { $0.hasPrefix("GuidanceTuning.") || $0 == "RouteCleaner.Options" || $0 == "NavigationTuning" }
                tables.append(Table(area: area, rows: Array(current.dropFirst(2))))
                current = []
            }
        }
        return tables
    }

    /// The text between pairs of backticks in `text`.
    public static func backticked(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// The stored numeric fields of `value` (`Mirror`: computed properties are not seen), each
    /// with the numbers the doc must show for it: a Double as a plain decimal without a trailing
    /// ".0", an Int as is, a `ClosedRange<Double>` as both bounds. Other fields (switches) are left out.
    public static func numericFields(of value: Any) -> [(name: String, numbers: [String])] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let name = child.label, let numbers = numbers(child.value) else { return nil }
            return (name, numbers)
        }
    }

    /// The numbers the doc writes for one value, or nil for a value that is no number.
    public static func numbers(_ value: Any) -> [String]? {
        switch value {
        case let v as Double: return [decimal(v)]
        case let v as Int: return [String(v)]
        case let v as ClosedRange<Double>: return [decimal(v.lowerBound), decimal(v.upperBound)]
        default: return nil
        }
    }

    /// `v` as the doc writes it: whole numbers without a decimal point, others in Swift's
    /// shortest form (0.45 → "0.45").
    public static func decimal(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// True when `row` holds `number` as a whole number token: not part of a longer number
    /// ("5" is not in "25", "0.5" or "5.5"; "0.9" is not in "0.95").
    public static func holds(_ row: String, number: String) -> Bool {
        let chars = Array(row), target = Array(number)
        guard target.count <= chars.count else { return false }
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < chars.count && chars[i].isNumber }
        for start in 0...(chars.count - target.count) where Array(chars[start..<(start + target.count)]) == target {
            let before = start - 1, after = start + target.count
            let joinsBefore = isDigit(before) || ((chars[safe: before] == "." || chars[safe: before] == ",") && isDigit(before - 1))
            let joinsAfter = isDigit(after) || ((chars[safe: after] == "." || chars[safe: after] == ",") && isDigit(after + 1))
            if !joinsBefore && !joinsAfter { return true }
        }
        return false
    }

    /// What is wrong with the tables of `doc` for one area: each field of `fields` (name and
    /// the numbers its row must show) must be named in a row of a table of `area`, one such row
    /// holding its numbers; each backticked name in those tables that looks like a field (a
    /// lower-camel identifier ending in a word that ends a field's name: `M`, `Deg`, `Share`...)
    /// must be one of `known` (the fields of every area of the value, computed ones too); and each
    /// dotted name in the whole doc ending in one of `fields` must be `area.field` or
    /// `Area.field` (no old home such as `Retrace.nearM`). Empty when all hold.
    public static func problems(doc: String, area: String, fields: [(name: String, numbers: [String])],
                                known: Set<String>) -> [String] {
        let rows = tables(in: doc).filter { $0.area == area }.flatMap(\.rows)
        var problems: [String] = rows.isEmpty ? ["no table names `\(area)` in its first header cell"] : []
        for field in fields {
            let named = rows.filter { $0.contains("`\(field.name)`") }
            if named.isEmpty {
                problems.append("`\(field.name)` (\(area)) is named in no row of a `\(area)` table")
            } else if !named.contains(where: { row in field.numbers.allSatisfy { holds(row, number: $0) } }) {
                problems.append("no row naming `\(field.name)` shows its value \(field.numbers.joined(separator: ", "))")
            }
        }
        let endings = Set(known.compactMap(lastWord))
        for name in Set(rows.flatMap(backticked)) where isIdentifier(name) && lastWord(name).map(endings.contains) == true {
            if !known.contains(name) { problems.append("`\(name)` in a `\(area)` table is no field of it") }
        }
        let own = Set(fields.map(\.name))
        for name in Set(backticked(doc)) where name.contains(".") {
            guard let field = name.split(separator: ".").last.map(String.init), own.contains(field) else { continue }
            let home = name.dropLast(field.count + 1).lowercased(), areaName = area.lowercased()
            if home != areaName && !areaName.hasSuffix("." + home) {
                problems.append("`\(name)`: `\(field)` is a field of `\(area)`")
            }
        }
        return problems.sorted()
    }

    /// True for a lower-camel identifier with at least one capital (`nearWithinM`, not `dir`).
    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.first, first.isLowercase else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber } && s.contains { $0.isUppercase }
    }

    /// The last capitalised word of a camel-case name (`nearWithinM` → "M", `farShare` → "Share").
    static func lastWord(_ s: String) -> String? {
        guard let i = s.lastIndex(where: { $0.isUppercase }) else { return nil }
        return String(s[i...])
    }
}

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
