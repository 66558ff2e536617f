import Foundation
import Testing
import TestSupport
@testable import Validation

/// `validate --dem` on a region built from two DEM tiles side by side (issue 40: `make bench`'s
/// synthetic 2x2 mosaic failed `dem.contours` at its seams). The build and the validator warp the
/// tiles through the same `RasterDataset.warp`, so their grids agree (hillshades recomputed from
/// them are identical); what differs at a seam is the ground: where two tiles disagree the warp
/// has a cliff there, and a contour vertex written to 7 decimals, up to half a step off its traced
/// place, lands tenths of a metre off its level on it. The rule allows what that rounding moves
/// the DEM, so a valid pack passes on a cliff too.
@Suite struct MosaicSeamTests {
    static let hgt = TestData.path("white-mountains/N44W072.hgt")

    /// A window of the 3-arc-second tile (`columns` x 121 pixels from column `x`, row 480) as a
    /// GeoTIFF, placed at `ulx` (its west pixel edge; nil: where it lies) and raised `raiseM` metres.
    func tile(_ name: String, in dir: URL, x: Int, ulx: Double? = nil, raiseM: Int = 0) throws -> String {
        let out = dir.appendingPathComponent(name).path
        var args = ["gdal_translate", "-q", "-srcwin", "\(x)", "480", "121", "121"]
        if raiseM != 0 { args += ["-ot", "Int16", "-scale", "0", "1", "\(raiseM)", "\(raiseM + 1)"] }
        if let ulx {
            let north = 45 + 1.0 / 2400 - 480.0 / 1200
            args += ["-a_ullr", "\(ulx)", "\(north)", "\(ulx + 121.0 / 1200)", "\(north - 121.0 / 1200)"]
        }
        let (status, _, stderr) = try TestData.runProcess(URL(fileURLWithPath: "/usr/bin/env"), args + [Self.hgt, out])
        #expect(status == 0, "gdal_translate: \(String(decoding: stderr, as: UTF8.self))")
        return out
    }

    /// Builds the region across the seam at -71.5 from `dem` and validates it against `dem`.
    func buildAndValidate(_ dem: [String], in dir: URL, id: String) throws -> ValidationReport {
        let recipe = dir.appendingPathComponent("\(id).json5")
        try """
        { id: "\(id)", name: "mosaic seam", attribution: ["SRTM (public domain)"],
          bbox: [-71.55, 44.52, -71.45, 44.58], dem: [\(dem.map { "\"\($0)\"" }.joined(separator: ", "))],
          terrain: { resolutionM: 30, contourIntervalM: 20 } }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        let root = dir.appendingPathComponent("pack-\(id)")
        _ = try TestData.build(recipePath: recipe.path, outRoot: root.path)
        return PackValidator.validate(path: root.path, options: ValidationOptions(demPaths: dem))
    }

    func figure(_ report: ValidationReport, _ rule: String, _ name: String) throws -> Double {
        try #require(report.figures.first { $0.ruleId == rule && $0.name == name }?.value)
    }

    @Test func tilesThatDisagreeAtTheSeamMakeACliffWhoseContoursStillPass() throws {
        let dir = TestData.scratchFolder("mosaic-cliff")
        // West: the tile's columns 480-600; east: columns 780-900 raised 1,000 m, placed so its
        // first column lies on the west tile's last one (as the bench's shifted copies overlapped).
        let west = try tile("west.tif", in: dir, x: 480)
        let east = try tile("east.tif", in: dir, x: 780, ulx: -72 - 1.0 / 2400 + 600.0 / 1200, raiseM: 1000)
        let report = try buildAndValidate([west, east], in: dir, id: "cliff")
        #expect(report.problems.filter { $0.ruleId.hasPrefix("dem.") }.isEmpty, "\(ReportRenderer.text(report))")
        // The same warp on both sides: the hillshades agree to the level, terrain.bin is the
        // validator's grid rounded to whole metres.
        #expect(try figure(report, "dem.hillshade", "meanAbsLevels") == 0)
        #expect(try figure(report, "dem.terrain", "worstM") <= 0.5)
        // The cliff: some vertex lies more than the fixed 0.1 m off its level, all of it the
        // 7-decimal rounding's (worstM is what is left beyond that allowance).
        #expect(try figure(report, "dem.contours", "worstDifferenceM") > DEMRules.contourWorstLimitM)
        #expect(try figure(report, "dem.contours", "worstM") <= DEMRules.contourWorstLimitM)
    }

    @Test func tilesCutFromOneSurfaceShareTheirSeamColumnAndNeedNoAllowance() throws {
        let dir = TestData.scratchFolder("mosaic-consistent")
        // Two windows of the tile sharing column 600, as a provider's neighbours share their edge.
        let west = try tile("west.tif", in: dir, x: 480), east = try tile("east.tif", in: dir, x: 600)
        let report = try buildAndValidate([west, east], in: dir, id: "consistent")
        #expect(report.problems.filter { $0.ruleId.hasPrefix("dem.") }.isEmpty, "\(ReportRenderer.text(report))")
        #expect(try figure(report, "dem.contours", "worstDifferenceM") < 0.05)
        #expect(try figure(report, "dem.contours", "verticesCompared") > 1000)
    }
}
