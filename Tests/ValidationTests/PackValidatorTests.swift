import Foundation
import PackJSON
import TestSupport
import Testing
import Validation

@Suite("PackValidator on the test-built pack")
struct PackValidatorTests {
    @Test func fixturePackIsValid() throws {
        let root = try SharedPacks.fixtureRoot()
        let report = PackValidator.validate(path: root.path)
        #expect(report.kind == .packRoot)
        #expect(report.regionIds == [PackFixture.regionId])
        #expect(report.findings.isEmpty, "\(ReportRenderer.text(report))")
        #expect(report.passes(strict: true))
        // No notes either: a manifest without `filledVoids` had no voids filled.
        #expect(report.problems.isEmpty, "\(report.problems)")
    }

    @Test func regionFolderIsDetectedAndNamedRelativeToIt() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.editBytes("terrain.bin") { $0[0] = 0 }
        let report = PackValidator.validate(path: editor.region.path)
        #expect(report.kind == .region)
        #expect(report.regionIds == [PackFixture.regionId])
        let magic = report.problems(.ter1Magic)
        #expect(magic.map(\.file) == ["terrain.bin"])
        #expect(magic.first?.location.byteOffset == 0)
        #expect(report.problems(.fileSHA256).map(\.file) == ["manifest.json"])
        #expect(report.problems(.fileSHA256).first?.location.jsonPath == "files.terrain.sha256")
    }

    @Test func notAPackIsReported() {
        let empty = TestData.scratchFolder("validation-empty")
        let report = PackValidator.validate(path: empty.path)
        #expect(report.kind == .unknown)
        #expect(report.problems.map(\.ruleId) == [ValidationRule.packLayout.id])
        let missing = PackValidator.validate(path: empty.appendingPathComponent("nope").path)
        #expect(missing.problems.map(\.ruleId) == [ValidationRule.packLayout.id])
        #expect(!missing.isValid)
    }
}
