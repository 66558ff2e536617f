import Foundation
import Landmarks
import TestSupport
import TrailpackCore
import XCTest

/// Known answers on synthetic terrain.
final class LineOfSightTests: XCTestCase {
    let c = SightConstants.curvaturePerM2

    /// A north-south ridge (300 m) at column 100 between flat ground (0 m) on both sides; a
    /// 400 m peak at column 150. From the peak's side of the ridge it shows; from the far side
    /// the ridge hides it.
    func testRidgeHidesPeakFromOneSideOnly() {
        let t = SyntheticTerrain(columns: 201, rows: 41, spacingM: 30) { col, row in
            if col == 150 && row == 20 { return 400 }
            return col == 100 ? 300 : 0
        }
        let peak = t.point(150, 20)
        for col in [10, 40, 80, 95] {
            XCTAssertFalse(t.sight.isVisible(from: t.point(col, 20), eyeM: 1.7, to: peak, targetEleM: 400), "column \(col)")
            XCTAssertLessThan(t.sight.clearanceM(from: t.point(col, 20), eyeM: 1.7, to: peak, targetEleM: 400), -SightConstants.grazingM)
        }
        for col in [105, 120, 140, 190, 200] {
            XCTAssertTrue(t.sight.isVisible(from: t.point(col, 20), eyeM: 1.7, to: peak, targetEleM: 400), "column \(col)")
        }
        // High enough above the far side, the eye looks over the ridge: the ridge top at 300 m
        // blocks unless the eye exceeds what the line through the crest requires.
        let from = t.point(40, 20)
        let dRidge = shortDistanceM(from, t.point(100, 20)), dPeak = shortDistanceM(from, peak)
        let f = dRidge / dPeak
        let eyeNeeded = (300 - c * dRidge * dRidge - (400 - c * dPeak * dPeak) * f) / (1 - f)
        XCTAssertFalse(t.sight.isVisible(from: from, eyeM: eyeNeeded - 0.5, to: peak, targetEleM: 400))
        XCTAssertTrue(t.sight.isVisible(from: from, eyeM: eyeNeeded + 0.5, to: peak, targetEleM: 400))
    }

    /// Flat ground at 0 m and one 50 m peak: over a sphere with refraction an eye at h sees a top
    /// at H up to sqrt(h/c) + sqrt(H/c), with c = (1 - k) / 2R: about 32.1 km here.
    func testPeakBeyondTheCurvatureHorizonIsHidden() {
        let rows = 361
        let t = SyntheticTerrain(columns: 3, rows: rows, spacingM: 100) { col, row in col == 1 && row == 0 ? 50 : 0 }
        let peak = t.point(1, 0)
        let horizonM = (1.7 / c).squareRoot() + (50 / c).squareRoot()
        XCTAssertEqual(horizonM, 32_069, accuracy: 10)
        func clearance(_ row: Int) -> (distanceM: Double, engine: Double, formula: Double) {
            let from = t.point(1, row)
            let d = shortDistanceM(from, peak)
            // The line from the eye to the lowered top, over the lowered ground: smallest gap.
            let end = 50 - c * d * d
            let formula = stride(from: 0.0, through: d, by: 1).map { x in 1.7 + (end - 1.7) * x / d + c * x * x }.min()!
            return (d, t.sight.clearanceM(from: from, eyeM: 1.7, to: peak, targetEleM: 50), formula)
        }
        var lastVisibleM = 0.0, firstHiddenM = Double.infinity
        for row in stride(from: 250, to: rows, by: 5) {
            let (d, engine, formula) = clearance(row)
            XCTAssertEqual(engine, formula, accuracy: 0.05, "row \(row) at \(d) m")
            if t.sight.isVisible(from: t.point(1, row), eyeM: 1.7, to: peak, targetEleM: 50) {
                lastVisibleM = max(lastVisibleM, d)
            } else {
                firstHiddenM = min(firstHiddenM, d)
            }
        }
        XCTAssertLessThan(lastVisibleM, horizonM)
        XCTAssertGreaterThan(firstHiddenM, horizonM)
        XCTAssertEqual(lastVisibleM, horizonM, accuracy: 500)
        XCTAssertEqual(firstHiddenM, horizonM, accuracy: 500)
        print("curvature horizon: formula \(Int(horizonM)) m, engine visible to \(Int(lastVisibleM)) m, hidden from \(Int(firstHiddenM)) m")
    }

    /// A knife-edge crest (whole metres, on a grid row) exactly on the sightline: the clearance
    /// is zero for the eye height the geometry gives, and the verdict flips within centimetres.
    func testLandmarkExactlyGrazingACrest() {
        let t = SyntheticTerrain(columns: 3, rows: 201, spacingM: 30) { col, row in
            if row == 20 { return 900 }
            return row == 120 ? 600 : 0
        }
        let from = t.point(1, 190), crest = t.point(1, 120), top = t.point(1, 20)
        let d = shortDistanceM(from, top)
        let f = 70.0 / 170.0  // rows are linear in web-mercator Y, as the sightline is
        let eyeGrazing = (600 - c * f * f * d * d - (900 - c * d * d) * f) / (1 - f)
        XCTAssertEqual(t.sight.clearanceM(from: from, eyeM: eyeGrazing, to: top, targetEleM: 900), 0, accuracy: 0.001)
        XCTAssertTrue(t.sight.isVisible(from: from, eyeM: eyeGrazing + 0.02, to: top, targetEleM: 900))
        XCTAssertFalse(t.sight.isVisible(from: from, eyeM: eyeGrazing - 0.02, to: top, targetEleM: 900))
        XCTAssertEqual(shortDistanceM(from, crest) / d, f, accuracy: 1e-3)
    }

    /// The AR patch, where it covers the sightline, decides over the region grid.
    func testPatchCoversTheNearPartOfTheSightline() {
        let region = SyntheticTerrain(columns: 101, rows: 101, spacingM: 30) { _, _ in 0 }
        let patchGrid = SyntheticTerrain(columns: 21, rows: 21, spacingM: 10) { _, row in row == 5 ? 50 : 0 }
        let sight = LineOfSight(region: TerrainSurface(region.grid), patch: TerrainSurface(patchGrid.grid))
        let from = patchGrid.point(10, 15), top = LonLat(from.lon, region.grid.bounds.north - 0.001)
        XCTAssertTrue(region.sight.isVisible(from: from, eyeM: 1.7, to: top, targetEleM: 20))
        XCTAssertFalse(sight.isVisible(from: from, eyeM: 1.7, to: top, targetEleM: 20))
        XCTAssertEqual(sight.terrainM(at: patchGrid.point(3, 5))!, 50, accuracy: 1e-6)
    }

    /// The fast verdict equals the sign of the exact clearance on random terrain.
    func testFastVerdictMatchesExactClearance() {
        var rng = SeededRandom(seed: 14)
        let t = SyntheticTerrain(columns: 120, rows: 90, spacingM: 30) { _, _ in Int16(rng.next() % 60) }
        var rng2 = SeededRandom(seed: 41)
        var checked = 0
        for _ in 0..<400 {
            let a = t.point(Int(rng2.next() % 120), Int(rng2.next() % 90)), b = t.point(Int(rng2.next() % 120), Int(rng2.next() % 90))
            let eye = Double(rng2.next() % 100), top = Double(rng2.next() % 100)
            let exact = t.sight.clearanceM(from: a, eyeM: eye, to: b, targetEleM: top)
            guard abs(exact) > 1e-9 else { continue }
            XCTAssertEqual(t.sight.isVisible(from: a, eyeM: eye, to: b, targetEleM: top), exact > 0)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 350)
    }
}
