import Testing
import TestSupport
@testable import Navigation

/// docs/NAVIGATION.md tabulates every number of the engine: each stored field of
/// `NavigationTuning.standard` is named in a row of a `NavigationTuning` table with its value,
/// and the tables name no field that does not exist (`TuningDocTables`, as for GUIDANCE.md).
@Suite struct NavigationDocsTests {
    @Test func everyNavigationNumberIsTabulatedWithItsValue() throws {
        let fields = TuningDocTables.numericFields(of: NavigationTuning.standard)
        #expect(fields.count >= 26, "Mirror sees the stored fields")
        let problems = TuningDocTables.problems(doc: try TuningDocTables.navigationDoc(), area: "NavigationTuning", fields: fields,
                                                known: Set(fields.map(\.name)))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theCheckerCatchesAWrongValue() {
        let doc = "| `NavigationTuning` x | value |\n|---|---|\n| `corridorMinM` | 40 m |\n"
        let problems = TuningDocTables.problems(doc: doc, area: "NavigationTuning", fields: [("corridorMinM", ["50"])], known: ["corridorMinM"])
        #expect(problems == ["no row naming `corridorMinM` shows its value 50"])
    }
}
