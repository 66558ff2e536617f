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
        let products = LandmarkStage.run(options, pois: [], grid: t.grid, hasRoutes: false)
        XCTAssertNil(products.field)
        XCTAssertEqual(products.diagnostics.map(\.message), [
            "exclude names \"Mount Nowhere\", which is no landmark of the region",
            "include names \"Lost Lot\", which is no POI of the region",
        ])
        XCTAssertTrue(products.diagnostics.allSatisfy { $0.level == .warning })
    }

    /// With routes, the field holds the candidates: the grid's one prominent summit, unless excluded.
    func testTheFieldHoldsTheCandidatesEveryRouteLooksFor() throws {
        let t = SyntheticTerrain(columns: 41, rows: 41, spacingM: 30) { c, r in
            Int16(max(100, 400 - 8 * (Double((c - 20) * (c - 20) + (r - 20) * (r - 20))).squareRoot()).rounded())
        }
        var options = LandmarkOptions()
        options.maxDistanceM = 3000
        let field = try XCTUnwrap(LandmarkStage.run(options, pois: [], grid: t.grid, hasRoutes: true).field)
        XCTAssertEqual(field.candidates.map(\.eleM), [400])
        XCTAssertEqual(field.maxDistanceM, 3000)
        options.exclude = field.candidates.map(\.name)
        XCTAssertEqual(LandmarkStage.run(options, pois: [], grid: t.grid, hasRoutes: true).field?.candidates.count, 0)
    }
}
