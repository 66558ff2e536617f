import Foundation
import PackJSON
import PackSpec
import Pipeline
import Testing
import TestSupport
@testable import Validation

@Suite("Warnings: unknown keys, stale temporary folders, filled voids")
struct NewWarningTests {
    let manifest = "regions/\(PackFixture.regionId)/manifest.json"

    func warningsOnly(_ editor: PackEditor) throws -> ValidationReport {
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.isValid, "\(ReportRenderer.text(report))")
        #expect(!report.passes(strict: true))
        return report
    }

    @Test func anUnknownKeyIsAWarning() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.set("manifest.json", "files.pois.license", "CC0")
        let report = try warningsOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.jsonUnknownKey.id])
        #expect(report.findings.first?.file == manifest)
        #expect(report.findings.first?.location.jsonPath == "files.pois.license")
    }

    @Test func anUnknownWaypointKeyIsAWarning() throws {
        let editor = try SharedPacks.fixtureCopy()
        try editor.set("routes/\(PackFixture.routeId).json", "waypoints[1].distanceM", 12)
        let report = try warningsOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.jsonUnknownKey.id])
        #expect(report.findings.first?.location.jsonPath == "waypoints[1].distanceM")
    }

    /// What builds leave: the staging folder of today's builds (`<host>-<pid>`), of older ones
    /// (`<pid>`), and a previous region moved aside by a commit that never finished.
    static let leftovers = [StagingFolder(regionId: PackFixture.regionId, kind: .staging, host: "node7", pid: 4242).name,
                            StagingFolder(regionId: PackFixture.regionId, kind: .staging, host: nil, pid: 4242).name,
                            StagingFolder(regionId: PackFixture.regionId, kind: .previous, host: "ip-10-0-0-12", pid: 1).name]

    @Test(arguments: leftovers)
    func aFolderABuildLeftIsAWarning(name: String) throws {
        let editor = try SharedPacks.fixtureCopy()
        let stale = editor.root.appendingPathComponent("regions/\(name)")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: stale.appendingPathComponent("manifest.json"))
        let report = try warningsOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.regionStaleTemp.id])
        #expect(report.findings.first?.file == "regions/\(name)")
    }

    @Test func aLargeFilledShareIsAWarningAndAFigure() throws {
        let editor = try SharedPacks.fixtureCopy()
        let g = PackFixture.terrainGeometry
        let cells = g.width * g.height / 10
        try editor.set("manifest.json", "files.terrain.filledVoids",
                       ["cells": .int(cells), "areaCount": 1, "largestCells": .int(cells), "largestBounds": [-71.36, 44.429, -71.3599, 44.43],
                        "areas": [[-71.36, 44.429, -71.3599, 44.43]]])
        let report = try warningsOnly(editor)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.terrainFilledVoids.id])
        #expect(report.findings.first?.location.jsonPath == "files.terrain.filledVoids.cells")
        let share = report.figures.first { $0.ruleId == ValidationRule.terrainFilledVoids.id }?.value
        #expect(abs((share ?? 0) - Double(cells) / Double(g.width * g.height)) < 1e-9)
    }

    @Test(arguments: [(permille: 8, warns: false), (permille: 12, warns: true)])
    func theFilledShareWarnsAboveOnePercentLikeTheBuild(permille: Int, warns: Bool) throws {
        let editor = try SharedPacks.fixtureCopy()
        let g = PackFixture.terrainGeometry
        let cells = g.width * g.height * permille / 1000
        try editor.set("manifest.json", "files.terrain.filledVoids",
                       ["cells": .int(cells), "areaCount": 1, "largestCells": .int(cells), "largestBounds": [-71.36, 44.429, -71.3599, 44.43],
                        "areas": [[-71.36, 44.429, -71.3599, 44.43]]])
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path)
        #expect(report.isValid && report.passes(strict: !warns))
        #expect(report.findings.map(\.ruleId) == (warns ? [ValidationRule.terrainFilledVoids.id] : []))
    }

    @Test func plausibleDurationsSpanTheRatesARecipeMaySet() {
        // 6.9 km with 900 m up and down. Fastest: 0.23 h flat, 0.36 h vertical -> 0.475 h.
        let range = RouteRules.plausibleDurationS(distanceM: 6900, ascentM: 900, descentM: 900)!
        let fastest = (1800.0 / 5000 + 0.5 * 6.9 / 30) * 3600
        #expect(abs(range.lowerBound - (fastest - 60)) < 1e-6)
        // Slowest: 13.8 h flat plus 180 h vertical.
        #expect(abs(range.upperBound - ((6.9 / 0.5 + 1800.0 / 10) * 3600 + 60)) < 1e-6)
        #expect(!range.contains(0))
        // The builder's own estimate at default rates (DIN per leg) lies inside.
        let din = RouteRules.dinDurationS(distanceM: 6900, ascentM: 900, descentM: 900)
        #expect(range.contains(din) && range.contains(din * 4 / 3))
    }
}

@Suite("Stale temporary folders beside a region")
struct StaleTemporaryRegionTests {
    @Test(arguments: NewWarningTests.leftovers)
    func validatingTheRegionFolderSeesWhatABuildLeftBesideIt(name: String) throws {
        let editor = try SharedPacks.fixtureCopy()
        let stale = editor.root.appendingPathComponent("regions/\(name)")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        // Another region's leftover is not this region's business.
        try FileManager.default.createDirectory(at: editor.root.appendingPathComponent("regions/.other.tmp-host-9"), withIntermediateDirectories: true)
        let report = PackValidator.validate(path: editor.region.path)
        #expect(report.findings.map(\.ruleId) == [ValidationRule.regionStaleTemp.id])
        #expect(report.findings.first?.file == "../\(name)")
        #expect(report.isValid && !report.passes(strict: true))
    }
}
