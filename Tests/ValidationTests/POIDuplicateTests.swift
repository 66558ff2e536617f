import Foundation
import PackJSON
import Testing
import TestSupport
import Validation

/// `pois.duplicate`: one place given twice in pois.geojson (a pack built before POIs were
/// merged, or edited by hand) is a warning; the same name farther apart is two places.
@Suite struct POIDuplicateTests {
    /// The demo pack with pois.geojson's first feature added again at `offsetDeg` north of it.
    func demoWithRepeatedFirstPOI(offsetDeg: Double) throws -> PackEditor {
        let editor = try DemoPack.copy()
        try editor.editJSON("pois.geojson") { doc in
            guard case .array(var features) = doc.get("features"), var copy = features.first,
                  case .array(let c) = copy.get("geometry.coordinates"), case .number(let lat) = c[1] else { return }
            copy.set("geometry.coordinates[1]", .number(lat + offsetDeg, decimals: 7))
            features.append(copy)
            doc.set("features", .array(features))
        }
        try PackSigner.resign(root: editor.root)
        return editor
    }

    @Test func theSamePlaceTwiceIsAWarningNamingBothPOIs() throws {
        let editor = try demoWithRepeatedFirstPOI(offsetDeg: 0.0002)  // 22 m north
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let report = PackValidator.validate(path: editor.root.path)
        let found = report.problems(.poiDuplicate)
        #expect(report.isValid && !report.passes(strict: true), "\(ReportRenderer.text(report))")
        #expect(found.count == 1)
        #expect(found.first?.found.contains("22 m from the one at features[0]") == true, "\(found)")
    }

    @Test func theSameNameFarApartIsTwoPlaces() throws {
        let editor = try demoWithRepeatedFirstPOI(offsetDeg: 0.002)  // 222 m north
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.problems(.poiDuplicate).isEmpty, "\(ReportRenderer.text(report))")
    }
}
