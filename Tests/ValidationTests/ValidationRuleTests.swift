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

    @Test func exactlyTheNineSuspiciousCasesAreWarnings() {
        let warnings = ValidationRule.allCases.filter { $0.severity == .warning }.map(\.id).sorted()
        #expect(warnings == ["ar.coarsened", "dem.source-resolution", "json.unknown-key", "pois.summit-off-peak", "region.size-budget",
                             "region.stale-temp", "route.sparse-waypoints", "route.void-fill", "terrain.filled-voids"])
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
