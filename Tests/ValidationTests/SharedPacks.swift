import Foundation
import TestSupport
import Validation

/// Packs built once per test run and shared (read-only) by the tests; each corruption works on
/// its own copy.
enum SharedPacks {
    private static let fixture: Result<URL, any Error> = Result {
        let root = TestData.scratchFolder("validation-fixture").appendingPathComponent("pack")
        try PackFixture.write(root: root)
        return root
    }

    /// The root of the test-built valid pack (see `PackFixture`).
    static func fixtureRoot() throws -> URL { try fixture.get() }

    /// A private copy of the fixture pack to corrupt.
    static func fixtureCopy() throws -> PackEditor {
        try PackEditor.copy(try fixtureRoot(), regionId: PackFixture.regionId)
    }
}

extension ValidationReport {
    /// Errors and warnings only (notes left out), for assertions.
    var findings: [ValidationProblem] { problems.filter { $0.severity != .note } }
}
