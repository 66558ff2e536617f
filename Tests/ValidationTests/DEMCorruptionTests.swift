import Bindings
import Foundation
import PackJSON
import Testing
import TestSupport
import TrailpackCore
import Validation

private let demoRegion = "regions/\(DemoPack.regionId)/"
private let demoRoute = "routes/mount-cabot.json"
private let demoAR = "ar/mount-cabot.bin"
/// The DEM Recipes/pliny-kilkenny.json5 reads.
private let demoDEM = TestData.path("white-mountains/N44W072.hgt")

/// Corruptions of the demo pack's content that leave the pack consistent with itself: only a
/// look at the source DEM (`validate --dem`) can tell (the dense ones in `demContentCases`).
var demCorruptionsCovered: [Corruption] { demBasicCorruptions + demContentCases.map(\.corruption) }

private let demBasicCorruptions: [Corruption] = [
    Corruption(name: "dem: terrain raised 30 m", rule: .demTerrain, file: demoRegion + "terrain.bin") {
        try raiseTER1($0, "terrain.bin", by: 30)
    },
    Corruption(name: "dem: AR patch raised 30 m, route ele and stats moved to match", rule: .demARPatch, file: demoRegion + demoAR) {
        try raiseTER1($0, demoAR, by: 30)
        try $0.editJSON(demoRoute) { r in
            guard case .array(let coords) = r["coords"]! else { return }
            for k in coords.indices { r.set("coords[\(k)][2]", .number(coords[k][2]!.double + 30, decimals: 1)) }
            for key in ["stats.minEleM", "stats.maxEleM"] { r.set(key, .number(r.get(key)!.double + 30, decimals: 1)) }
        }
        try $0.set("manifest.json", "routes[0].stats", try $0.json(demoRoute).get("stats")!)
    },
    Corruption(name: "dem: contours shifted two intervals", rule: .demContours, file: demoRegion + "contours.geojson",
               path: "features[0].properties.ele") {
        let interval = try $0.json("manifest.json").get("files.contours.intervalM")!.double
        try $0.editJSON("contours.geojson") { c in
            guard case .array(let features) = c["features"]! else { return }
            for k in features.indices {
                let ele = c.get("features[\(k)].properties.ele")!.double + 2 * interval
                c.set("features[\(k)].properties.ele", .number(ele))
                c.set("features[\(k)].properties.index", .bool((ele / (5 * interval)).rounded() * 5 * interval == ele))
            }
        }
    },
    Corruption(name: "dem: inverted hillshade", rule: .demHillshade, file: demoRegion + "hillshade.png") {
        let image = try PNGImage.decode(try $0.bytes("hillshade.png"))
        try $0.write("hillshade.png", try PNGImage(width: image.width, height: image.height, channels: image.channels,
                                                   pixels: image.pixels.map { 255 - $0 }).encoded())
    },
    Corruption(name: "dem: POI ele 30 m off", rule: .demPOIEle, file: demoRegion + "pois.geojson", path: "features[2].properties.ele") {
        try $0.editJSON("pois.geojson") { p in p.set("features[2].properties.ele", .number(p.get("features[2].properties.ele")!.double + 30)) }
    },
]

@Suite("The demo pack against its source DEM")
struct DEMCorruptionTests {
    @Test func theDemoPackMatchesItsDEMWithFiguresForEachComparison() throws {
        let report = PackValidator.validate(path: try DemoPack.root().path, options: ValidationOptions(demPaths: [demoDEM]))
        #expect(report.passes(strict: true), "\(ReportRenderer.text(report))")
        #expect(!report.problems.contains { $0.ruleId.hasPrefix("dem.") }, "\(ReportRenderer.text(report))")
        func figure(_ rule: ValidationRule, _ file: String, _ name: String) -> Double? {
            report.figures.first { $0.ruleId == rule.id && $0.file == demoRegion + file && $0.name == name }?.value
        }
        // Same grid, same kernel, every cell: only whole-metre rounding separates the grids.
        let rms = try #require(figure(.demTerrain, "terrain.bin", "rmsM"))
        #expect(rms > 0.25 && rms < 0.32)
        #expect(try #require(figure(.demTerrain, "terrain.bin", "worstM")) <= 0.5 + 1e-4)
        #expect(try #require(figure(.demTerrain, "terrain.bin", "cellsCompared")) > 500_000)
        #expect(try #require(figure(.demARPatch, demoAR, "rmsM")) < 0.32)
        #expect(try #require(figure(.demARPatch, demoAR, "worstM")) <= 0.5 + 1e-4)
        #expect(try #require(figure(.demContours, "contours.geojson", "worstM")) < 0.02)
        #expect(try #require(figure(.demContours, "contours.geojson", "verticesCompared")) > 10_000)
        // The same GDAL call on the same pixels: the hillshade is identical.
        #expect(try #require(figure(.demHillshade, "hillshade.png", "meanAbsLevels")) == 0)
        #expect(try #require(figure(.demHillshade, "hillshade.png", "contrastScale")) == 1)
        #expect(try #require(figure(.demPOIEle, "pois.geojson", "worstM")) < 0.6)
        for file in ["terrain.bin", "hillshade.png", demoAR] {
            #expect(figure(.demShift, file, "bestDx") == 0 && figure(.demShift, file, "bestDy") == 0, "\(file)")
        }
        // Every figure reaches --json.
        let json = try JSONParser.parse(ReportRenderer.json(report))
        #expect(try json.member("figures").array().count == report.figures.count)
    }

    @Test func aDEMThatDoesNotCoverTheRegionIsAnError() throws {
        let other = TestData.path("jacksboro/jacksboro_fault_dem.tif")
        let report = PackValidator.validate(path: try DemoPack.root().path, options: ValidationOptions(demPaths: [other]))
        #expect(report.problems(.demRead).first?.file == demoRegion + "manifest.json", "\(ReportRenderer.text(report))")
        #expect(!report.isValid)
    }

    @Test(arguments: demBasicCorruptions.map { DEMCase(corruption: $0) } + demContentCases)
    func corruptionIsReportedWithTheDEM(_ c: DEMCase) throws {
        let editor = try DemoPack.copy()
        defer { try? FileManager.default.removeItem(at: editor.root.deletingLastPathComponent()) }
        let offset = try c.offset?(editor)
        let height = try TER1.decode(try editor.bytes("terrain.bin")).height
        try c.corruption.apply(editor)
        try PackSigner.resign(root: editor.root)
        let report = PackValidator.validate(path: editor.root.path, options: ValidationOptions(demPaths: [demoDEM]))
        let corruption = c.corruption
        let match = report.problems(corruption.rule).first { p in
            p.file == corruption.file && (corruption.path == nil || p.location.jsonPath == corruption.path)
        }
        #expect(match?.severity == .error, "\(ReportRenderer.text(report))")
        if let found = c.found { #expect(match?.found.contains(found) == true, "\(match?.found ?? "")") }
        if let offset { #expect(match?.location.byteOffset == offset, "\(String(describing: match))") }
        if let rows = c.rows, let at = match?.location.byteOffset {
            let width = try TER1.decode(try editor.bytes("terrain.bin")).width
            let row = Double((at - TER1.headerBytes) / 2 / width) / Double(height)
            #expect(rows.contains(row), "worst at \(row) of the height")
        }
        #expect(!report.isValid)
    }
}
