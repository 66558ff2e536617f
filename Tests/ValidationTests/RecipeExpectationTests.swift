import Foundation
import PackJSON
import PackSpec
import Pipeline
import Testing
@testable import Validation

/// `validate --recipes` holds each region to what its recipe accepts; other regions to the
/// recipe defaults.
@Suite("What a recipe lets a pack be")
struct RecipeExpectationTests {
    let routeFile = "routes/\(PackFixture.routeId).json"

    /// Without a recipe, route.duration-range and route.climb bound a pack by the fastest and
    /// slowest rates and the climb thresholds a recipe may set: the loader's own ranges.
    @Test func theBoundsWithoutARecipeAreTheLoadersRanges() {
        #expect(RouteRules.fastestFlatKmh == RecipeNumber.flatSpeedKmh.range.upperBound)
        #expect(RouteRules.slowestFlatKmh == RecipeNumber.flatSpeedKmh.range.lowerBound)
        for rate in [RecipeNumber.ascentMPerH, .descentMPerH] {
            #expect(RouteRules.fastestVerticalMPerH == rate.range.upperBound && RouteRules.slowestVerticalMPerH == rate.range.lowerBound)
        }
        #expect(RouteClimbRules.thresholdRangeM == RecipeNumber.thresholdM.range)
    }

    static func expectations(_ edit: (inout RegionExpectations) -> Void) -> RegionExpectations {
        var e = RegionExpectations()
        edit(&e)
        return e
    }

    func validate(_ editor: PackEditor, recipe: RegionExpectations?) throws -> ValidationReport {
        try PackSigner.resign(root: editor.root)
        var options = ValidationOptions()
        if let recipe { options.expectationsByRegion[PackFixture.regionId] = recipe }
        return PackValidator.validate(path: editor.root.path, options: options)
    }

    @Test func aSizeBudgetIsTheRegionsOwn() throws {
        let editor = try SharedPacks.fixtureCopy()
        var options = ValidationOptions(expectations: Self.expectations { $0.sizeBudgetMB = 0.001 })
        #expect(PackValidator.validate(path: editor.root.path, options: options).findings.map(\.ruleId) == [ValidationRule.regionSizeBudget.id])
        options.expectationsByRegion[PackFixture.regionId] = Self.expectations { $0.sizeBudgetMB = 1000 }
        #expect(PackValidator.validate(path: editor.root.path, options: options).findings.isEmpty)
    }

    @Test func aFilledShareTheRecipeAcceptsIsNoWarning() throws {
        let editor = try SharedPacks.fixtureCopy()
        let g = PackFixture.terrainGeometry
        let cells = g.width * g.height * 3 / 100
        try editor.set("manifest.json", "files.terrain.filledVoids",
                       ["cells": .int(cells), "areaCount": 1, "largestCells": .int(cells), "largestBounds": [-71.36, 44.429, -71.3599, 44.43],
                        "areas": [[-71.36, 44.429, -71.3599, 44.43]]])
        #expect(try validate(editor, recipe: nil).findings.map(\.ruleId) == [ValidationRule.terrainFilledVoids.id])
        #expect(try validate(editor, recipe: Self.expectations { $0.warnFilledPercent = 5 }).findings.isEmpty)
        #expect(try validate(editor, recipe: Self.expectations { $0.warnFilledPercent = 2 }).findings.map(\.ruleId)
            == [ValidationRule.terrainFilledVoids.id])
    }

    @Test func aRouteOverFilledVoidsTheBuildAcceptedIsNoWarning() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.set("manifest.json", "files.terrain.filledVoids",
                       ["cells": 12, "areas": 1, "largestCells": 12, "largestBounds": [-71.393, 44.407, -71.391, 44.409]])
        #expect(try validate(editor, recipe: nil).findings.map(\.ruleId) == [ValidationRule.routeVoidFill.id])
        #expect(try validate(editor, recipe: Self.expectations { $0.maxRouteFilledM = 300 }).findings.isEmpty)
    }
}
