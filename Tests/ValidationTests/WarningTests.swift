import Foundation
import PackJSON
import PackSpec
import Testing
import TrailpackCore
import Validation

@Suite("Warnings: legal but suspicious")
struct WarningTests {
    let routeFile = "routes/\(PackFixture.routeId).json"
    let manifest = "regions/\(PackFixture.regionId)/manifest.json"

    /// Validates, checks the pack is valid but fails `--strict`, returns the report.
    func validateWarningOnly(_ editor: PackEditor, options: ValidationOptions = ValidationOptions()) throws -> ValidationReport {
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path, options: options)
        #expect(report.isValid, "\(ReportRenderer.text(report))")
        #expect(report.passes(strict: false))
        #expect(!report.passes(strict: true))
        return report
    }

    /// Replaces the route's AR patch with one of the same area at `resolutionM`, its entries
    /// updated in the route file and the manifest.
    func writeARPatch(_ editor: PackEditor, resolutionM: Double) throws {
        let geometry = GridGeometry(bounds: PackFixture.arGeometry.bounds, resolutionM: resolutionM)
        let patch = PackFixture.grid(geometry)
        try editor.write("ar/\(PackFixture.routeId).bin", TER1.encode(patch))
        for (file, prefix) in [(routeFile, "arPatch"), ("manifest.json", "routes[0].arPatch")] {
            try editor.set(file, "\(prefix).width", .int(patch.width))
            try editor.set(file, "\(prefix).height", .int(patch.height))
            try editor.set(file, "\(prefix).resolutionM", .number(geometry.resolutionM, decimals: 2))
        }
    }

    @Test func coarsenedARPatch() throws {
        let editor = try SharedPacks.fixtureCopy()
        try writeARPatch(editor, resolutionM: 20)
        let report = try validateWarningOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.arCoarsened.id])
        #expect(report.findings.first?.file == manifest)
        #expect(report.findings.first?.location.jsonPath == "routes[0].arPatch.resolutionM")
        #expect(report.findings.first?.severity == .warning)
    }

    @Test func arPatchWithinOneMetreOfTheDefaultIsFine() throws {
        let editor = try SharedPacks.fixtureCopy()
        try writeARPatch(editor, resolutionM: 10.9)
        try PackSigner.resign(root: editor.root)
        #expect(PackValidator.validate(path: editor.root.path).findings.isEmpty)
    }

    @Test func regionOverItsSizeBudget() throws {
        let editor = try SharedPacks.fixtureCopy()
        let report = try validateWarningOnly(editor, options: ValidationOptions(expectations: { var e = RegionExpectations(); e.sizeBudgetMB = 0.001; return e }()))
        #expect(report.findings.map(\.ruleId) == [ValidationRule.regionSizeBudget.id])
        #expect(report.findings.first?.file == "regions/\(PackFixture.regionId)")
    }

    @Test func routeOverAVoidFilledArea() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.set("manifest.json", "files.terrain.filledVoids",
                       ["cells": 12, "areas": 1, "largestCells": 12, "largestBounds": [-71.393, 44.407, -71.391, 44.409]])
        let report = try validateWarningOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.routeVoidFill.id])
        #expect(report.findings.first?.location.jsonPath == "coords[0]")
        // The manifest now records voids: no "skipped" note.
        #expect(report.problems.allSatisfy { $0.severity != .note })
    }

    @Test func voidFilledAreaAwayFromTheRouteIsFine() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.set("manifest.json", "files.terrain.filledVoids",
                       ["cells": 12, "areas": 1, "largestCells": 12, "largestBounds": [-71.399, 44.428, -71.398, 44.429]])
        try PackSigner.resign(root: editor.root)
        #expect(PackValidator.validate(path: editor.root.path).problems.isEmpty)
    }

    @Test func summitOffThePeak() throws {
        let editor = try SharedPacks.fixtureCopy()
        let spot = LonLat(PackFixture.hillTop.lon + 0.004, PackFixture.hillTop.lat)
        var added = 0
        try editor.editJSON("pois.geojson") { pois in
            guard case .array(let features) = pois["features"]! else { return }
            added = features.count
            pois.set("features", .array(features + [PackFixture.feature(["type": "Point", "coordinates": PackFixture.position(spot)],
                                                                        ["name": "Mt Wrong", "kind": "summit", "ele": 529.0])]))
        }
        let report = try validateWarningOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.poiSummitOffPeak.id])
        #expect(report.findings.first?.location.jsonPath == "features[\(added)].properties.name")
    }

    @Test func longRouteWithoutWaypointsBetweenStartAndEnd() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.set(routeFile, "waypoints[1]", nil)
        try PackSigner.resign(root: editor.root)
        // Under 5 km: no warning.
        #expect(PackValidator.validate(path: editor.root.path).findings.isEmpty)

        try editor.editJSON(routeFile) { r in
            guard case .array(let cum) = r["cum"]! else { return }
            r.set("cum", .array(cum.map { .number($0.double * 3, decimals: 1) }))
        }
        let report = PackValidator.validate(path: editor.root.path)
        let sparse = report.problems(.routeSparseWaypoints)
        #expect(sparse.count == 1)
        #expect(sparse.first?.location.jsonPath == "waypoints")
        #expect(sparse.first?.severity == .warning)
    }
}
