import Foundation
import Landmarks
import TrailpackCore
import XCTest

final class SummitFinderTests: XCTestCase {
    /// Two cones joined by a saddle: the higher one's prominence is its height above the grid's
    /// lowest sample, the lower one's its height above the saddle.
    func testProminenceOfTwoConesAndASaddle() {
        func cone(_ c: Int, _ r: Int, at cc: Int, _ rr: Int, top: Double) -> Double {
            top - 10 * (Double((c - cc) * (c - cc) + (r - rr) * (r - rr))).squareRoot()
        }
        let t = SyntheticTerrain(columns: 61, rows: 31, spacingM: 30) { c, r in
            Int16(max(100, cone(c, r, at: 15, 15, top: 400), cone(c, r, at: 45, 15, top: 300)).rounded())
        }
        let summits = SummitFinder.summits(in: t.grid, minProminenceM: 50)
        XCTAssertEqual(summits.count, 2)
        XCTAssertEqual(summits[0].column, 15)
        XCTAssertEqual(summits[0].prominenceM, 300)  // 400 above the 100 m floor
        XCTAssertEqual(summits[1].column, 45)
        // The cones meet at column 30 (400 - 150 = 250 there, and on the lower cone 300 - 150).
        let saddle = (15...45).map { c in max(cone(c, 15, at: 15, 15, top: 400), cone(c, 15, at: 45, 15, top: 300)).rounded() }.min()!
        XCTAssertEqual(summits[1].prominenceM, 300 - saddle)
        XCTAssertTrue(SummitFinder.summits(in: t.grid, minProminenceM: 300 - saddle + 1).map(\.column) == [15])
    }

    /// A named summit POI moves to the highest sample within 100 m; DEM summits without a POI
    /// nearby are labelled by elevation; access points are not landmarks unless included.
    func testCatalogNamesSnapsAndFilters() {
        let t = SyntheticTerrain(columns: 61, rows: 61, spacingM: 30) { c, r in
            let a = 500 - 8 * (Double((c - 20) * (c - 20) + (r - 20) * (r - 20))).squareRoot()
            let b = 450 - 8 * (Double((c - 45) * (c - 45) + (r - 45) * (r - 45))).squareRoot()
            return Int16(max(100, a, b).rounded())
        }
        let named = LonLat(t.grid.lon(column: 22), t.grid.lat(row: 21))  // about 67 m from the top
        let pois = [PointOfInterest(name: "Big Cone", kind: "summit", location: named),
                    PointOfInterest(name: "Lot", kind: "parking", location: t.point(5, 55)),
                    PointOfInterest(name: "Spring", kind: "water", location: t.point(30, 30))]
        var options = LandmarkOptions()
        options.minProminenceM = 100
        let all = LandmarkCatalog.landmarks(pois: pois, grid: t.grid, options: options)
        XCTAssertEqual(all.map(\.name), ["Big Cone", "Spring", "Summit 450 m"])
        XCTAssertEqual(all[0].location.lon, t.point(20, 20).lon, accuracy: 1e-7)
        XCTAssertEqual(all[0].location.lat, t.point(20, 20).lat, accuracy: 1e-7)
        XCTAssertEqual(all[0].eleM, 500, accuracy: 0.05)
        XCTAssertEqual(all[0].prominenceM, 500 - Double(t.grid.statistics.minM))  // the highest: above the lowest sample
        XCTAssertEqual(all[2].eleM, 450, accuracy: 0.05)
        options.include = [.poi("Lot"), .point(name: "Tower", kind: "tower", location: t.point(40, 10))]
        options.exclude = ["Summit 450 m", "Spring"]
        XCTAssertEqual(LandmarkCatalog.landmarks(pois: pois, grid: t.grid, options: options).map(\.name), ["Big Cone", "Lot", "Tower"])
    }

    /// Two unnamed summits of the same elevation get distinct labels, west to east.
    func testEqualElevationSummitsAreNumbered() {
        let t = SyntheticTerrain(columns: 81, rows: 31, spacingM: 30) { c, r in
            let a = 450 - 8 * (Double((c - 20) * (c - 20) + (r - 15) * (r - 15))).squareRoot()
            let b = 450 - 8 * (Double((c - 60) * (c - 60) + (r - 15) * (r - 15))).squareRoot()
            return Int16(max(100, a, b).rounded())
        }
        let all = LandmarkCatalog.landmarks(pois: [], grid: t.grid, options: LandmarkOptions())
        XCTAssertEqual(all.map(\.name), ["Summit 450 m", "Summit 450 m (2)"])
        XCTAssertLessThan(all[0].location.lon, all[1].location.lon)
    }

    /// A grid over the cell limit is swept on block maxima: the same summits, each on its
    /// highest sample, with prominences never above the full sweep's.
    func testLargeGridsAreSweptOnBlockMaxima() {
        let t = SyntheticTerrain(columns: 121, rows: 61, spacingM: 30) { c, r in
            let a = 800 - 6 * (Double((c - 30) * (c - 30) + (r - 30) * (r - 30))).squareRoot()
            let b = 700 - 6 * (Double((c - 90) * (c - 90) + (r - 31) * (r - 31))).squareRoot()
            return Int16(max(200, a, b).rounded())
        }
        let full = SummitFinder.summits(in: t.grid, minProminenceM: 50)
        let pooled = SummitFinder.summits(in: t.grid, minProminenceM: 50, maxCells: 1000)
        XCTAssertEqual(full.count, 2)
        XCTAssertEqual(pooled.map { [$0.column, $0.row] }, full.map { [$0.column, $0.row] })
        XCTAssertEqual(pooled.map(\.eleM), full.map(\.eleM))
        for (p, f) in zip(pooled, full) { XCTAssertLessThanOrEqual(p.prominenceM, f.prominenceM) }
        XCTAssertEqual(pooled[1].prominenceM, full[1].prominenceM, accuracy: 40)
    }
}
