import Foundation
import Testing
import TestSupport
import Validation

@Suite("Rule catalogue")
struct ValidationRuleTests {
    @Test func idsAreUniqueAndWellFormed() {
        let ids = ValidationRule.allCases.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.wholeMatch(of: #/[a-z0-9]+(\.[a-z0-9-]+)+/#) != nil, "\(id)")
        }
    }

    @Test func exactlyTheTwelveSuspiciousCasesAreWarnings() {
        let warnings = ValidationRule.allCases.filter { $0.severity == .warning }.map(\.id).sorted()
        #expect(warnings == ["ar.coarsened", "catalog.stale-temp", "dem.source-resolution", "json.unknown-key", "pois.duplicate", "pois.summit-off-peak", "region.size-budget",
                             "region.stale-temp", "route.sparse-waypoints", "route.void-fill", "style.geojson-size", "terrain.filled-voids"])
    }

    @Test func everyRuleHasASummary() {
        #expect(ValidationRule.allCases.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func warningsSayTheyAreWarnings() {
        for rule in ValidationRule.allCases {
            #expect(rule.summary.hasPrefix("warning: ") == (rule.severity == .warning), "\(rule.id)")
        }
    }

    /// docs/VALIDATION.md's rule table is the tool's list (scripts/rule_table.py rewrites it).
    @Test func theDocsListEveryRuleAsTheToolDoes() throws {
        let docs = try String(contentsOf: TestData.repoRoot.appendingPathComponent("docs/VALIDATION.md"), encoding: .utf8)
        let missing = ValidationRule.allCases.filter { rule in
            let plain = rule.summary.hasPrefix("warning: ") ? String(rule.summary.dropFirst("warning: ".count)) : rule.summary
            let summary = plain.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
            return !docs.contains("| `\(rule.id)` | \(rule.severity == .warning ? "warning" : "error") | \(summary) |")
        }.map(\.id)
        #expect(missing.isEmpty, "docs/VALIDATION.md's rule table differs for \(missing): run scripts/rule_table.py")
    }

    /// The other way round: every rule id docs/VALIDATION.md's tables (first column) and rule
    /// bullets name is one the tool has, "(warning)" stands only beside warnings, and the rule
    /// table has one row per rule (no stale or misspelt id survives a rename).
    @Test func theDocsNameOnlyRulesTheToolHas() throws {
        let docs = try String(contentsOf: TestData.repoRoot.appendingPathComponent("docs/VALIDATION.md"), encoding: .utf8)
        let rules = Dictionary(uniqueKeysWithValues: ValidationRule.allCases.map { ($0.id, $0) })
        let lines = docs.split(separator: "\n").map(String.init)
        var named: Set<String> = []
        for line in lines where line.hasPrefix("| `") {
            let first = line.split(separator: "|", omittingEmptySubsequences: false)[1]
            let ids = first.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for id in ids {
                #expect(rules[id] != nil, "docs/VALIDATION.md's table names \(id), which is no rule")
                if first.contains("(warning)") { #expect(rules[id]?.severity == .warning, "\(id) is marked a warning") }
            }
            named.formUnion(ids)
        }
        for line in lines {
            guard let m = line.wholeMatch(of: #/- `([a-z0-9.-]+)`( \(warning\))?:.*/#) else { continue }
            #expect(rules[String(m.1)] != nil, "docs/VALIDATION.md's bullet names \(m.1), which is no rule")
            if m.2 != nil { #expect(rules[String(m.1)]?.severity == .warning, "\(m.1) is marked a warning") }
        }
        let tableRows = lines.filter { $0.hasPrefix("| `") && ($0.contains("` | error | ") || $0.contains("` | warning | ")) }
        #expect(tableRows.count == ValidationRule.allCases.count, "the rule table has \(tableRows.count) rows for \(ValidationRule.allCases.count) rules")
        #expect(named.count > 100)
    }

    /// `trailpack validate --help` lists every rule id with its summary, as the docs promise.
    @Test func validateHelpListsEveryRule() throws {
        let help = try TestData.run(["validate", "--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map(String.init)
        for rule in ValidationRule.allCases {
            #expect(lines.contains { $0.hasPrefix("  \(rule.id)  ") && $0.hasSuffix("  \(rule.summary)") }, "\(rule.id)")
        }
    }
}
