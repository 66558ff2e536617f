import Foundation
import Landmarks
@testable import Pipeline
import TrailpackCore
import XCTest

/// The stage's warnings for recipe names that match nothing.
final class LandmarkStageTests: XCTestCase {
    func testNamesThatMatchNothingAreWarnings() {
        let t = SyntheticTerrain(columns: 41, rows: 41, spacingM: 30) { c, r in
            Int16(max(100, 400 - 8 * (Double((c - 20) * (c - 20) + (r - 20) * (r - 20))).squareRoot()).rounded())
        }
        var options = LandmarkOptions()
        options.exclude = ["Summit 400 m", "Mount Nowhere"]
        options.include = [.poi("Lost Lot")]
        let products = LandmarkStage.run(options, pois: [], grid: t.grid, routes: [])
        XCTAssertTrue(products.candidates.isEmpty)
        XCTAssertEqual(products.diagnostics.map(\.message), [
            "exclude names \"Mount Nowhere\", which is no landmark of the region",
            "include names \"Lost Lot\", which is no POI of the region",
        ])
        XCTAssertTrue(products.diagnostics.allSatisfy { $0.level == .warning })
    }
}
