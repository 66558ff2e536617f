import Testing
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

    @Test func exactlyTheEightSuspiciousCasesAreWarnings() {
        let warnings = ValidationRule.allCases.filter { $0.severity == .warning }.map(\.id).sorted()
        #expect(warnings == ["ar.coarsened", "json.unknown-key", "pois.summit-off-peak", "region.size-budget", "region.stale-temp",
                             "route.sparse-waypoints", "route.void-fill", "terrain.filled-voids"])
    }

    @Test func everyRuleHasASummary() {
        #expect(ValidationRule.allCases.allSatisfy { !$0.summary.isEmpty })
    }
}
