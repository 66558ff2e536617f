import Foundation
import Testing
import TestSupport
import RouteCore

/// docs/GUIDANCE.md, *Track cleaning*, names every threshold of `RouteCleaner.Options` with its
/// default in a row of the table headed `RouteCleaner.Options` (`TuningDocTables`); the switch
/// `removeGPSArtifacts` is no threshold.
struct CleanerDocsTests {
    @Test func everyCleanerOptionIsTabulatedWithItsValue() throws {
        let doc = try TuningDocTables.guidanceDoc()
        let fields = TuningDocTables.numericFields(of: RouteCleaner.Options())
        #expect(fields.count >= 35, "Mirror sees the stored options")
        #expect(!fields.contains { $0.name == "removeGPSArtifacts" })
        #expect(fields.first { $0.name == "stopWalkMaxShare" }?.numbers == ["0.45"])
        let problems = TuningDocTables.problems(doc: doc, area: "RouteCleaner.Options", fields: fields,
                                                known: Set(fields.map(\.name)))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
