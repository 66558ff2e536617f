import Bindings
import Foundation
import Landmarks
import TrailpackCore
import XCTest

/// trailpack's sightlines against GDAL's own viewshed (`GDALViewshedGenerate`) on the real DEM
/// of the demo region: same grid, observer 1.7 m above the cell, target height 0, curvature
/// coefficient 1 - k = 0.87 (GDAL lowers each cell by coeff * d^2 / (2 a)).
final class GDALViewshedAgreementTests: XCTestCase {
    func testAgreesWithGDALViewshedOnTheDemoRoutes() throws {
        let grid = try DemoRegion.grid
        let sight = LineOfSight(region: TerrainSurface(grid))
        let landmarks = LandmarkCatalog.landmarks(pois: try DemoRegion.pois, grid: grid, options: LandmarkOptions())
        XCTAssertGreaterThan(landmarks.count, 10)
        func node(_ p: LonLat) -> (c: Int, r: Int) {
            let (c, r) = grid.gridPosition(of: p)
            return (Int(c.rounded()), Int(r.rounded()))
        }
        func point(_ n: (c: Int, r: Int)) -> LonLat { LonLat(grid.lon(column: Double(n.c)), grid.lat(row: Double(n.r))) }
        let targets = landmarks.map { node($0.location) }
        let centreLat = (grid.bounds.south + grid.bounds.north) / 2
        let metric = LocalMetric(latDeg: centreLat)
        let cellWidthM = (grid.bounds.east - grid.bounds.west) / Double(grid.width - 1) * metric.mPerDegLon
        let mid = Double(grid.height / 2)
        let cellHeightM = (grid.lat(row: mid) - grid.lat(row: mid + 1)) * metric.mPerDegLat
        let floats = grid.elevationsM.map { Float($0) }

        var pairs = 0, agree = 0, withinTwoM = 0, notGrazing = 0
        var disagreements: [String] = []
        for id in DemoRegion.routeIDs {
            let coords = try DemoRegion.vertices(id).coords
            for i in stride(from: 0, to: coords.count, by: 40) {
                let o = node(coords[i])
                let eyeM = Double(grid[column: o.c, row: o.r]) + SightConstants.eyeHeightM
                let gdal = try Viewshed.visibility(elevationsM: floats, width: grid.width, height: grid.height,
                                                   cellWidthM: cellWidthM, cellHeightM: cellHeightM, column: o.c, row: o.r,
                                                   observerHeightM: SightConstants.eyeHeightM, targetHeightM: 0,
                                                   curvatureCoefficient: 1 - SightConstants.refractionK)
                var gdalNeededM: [Double]?
                for (k, t) in targets.enumerated() where t != o && shortDistanceM(point(o), point(t)) <= 25_000 {
                    let top = Double(grid[column: t.c, row: t.r])
                    let ours = sight.isVisible(from: point(o), eyeM: eyeM, to: point(t), targetEleM: top)
                    pairs += 1
                    if ours == gdal[t.r * grid.width + t.c] {
                        agree += 1
                    } else {
                        // How far from grazing: our sightline's clearance, and the height GDAL
                        // would need the target raised by (its own miss, measured at the target).
                        let closest = sight.closestApproach(from: point(o), eyeM: eyeM, to: point(t), targetEleM: top)
                        let clearance = closest.clearanceM
                        if gdalNeededM == nil {
                            gdalNeededM = try Viewshed.minimumTargetHeightsM(
                                elevationsM: floats, width: grid.width, height: grid.height, cellWidthM: cellWidthM,
                                cellHeightM: cellHeightM, column: o.c, row: o.r, observerHeightM: SightConstants.eyeHeightM,
                                curvatureCoefficient: 1 - SightConstants.refractionK)
                        }
                        let needed = gdalNeededM![t.r * grid.width + t.c]
                        // Grazing: the sightline's closest approach is under 2 m, or lies on the
                        // top's own slope (within a cell of it), where every sightline's clearance
                        // falls to zero as it reaches the top.
                        if abs(clearance) < SightConstants.grazingM {
                            withinTwoM += 1
                        } else if closest.cellsBeforeTarget >= 1 {
                            notGrazing += 1
                        }
                        disagreements.append("\(id) vertex \(i) -> \(landmarks[k].name): ours \(ours), GDAL \(!ours); our clearance \(String(format: "%.2f m at %.0f m from the eye, %.1f cells before the top", clearance, closest.distanceM, closest.cellsBeforeTarget)), GDAL needs the top \(String(format: "%.2f", needed)) m higher")
                    }
                }
            }
        }
        let share = Double(agree) / Double(pairs)
        print(String(format: "GDAL viewshed agreement: %d of %d (vertex, landmark) pairs agree (%.2f%%)", agree, pairs, 100 * share))
        disagreements.forEach { print("  " + $0) }
        XCTAssertGreaterThan(pairs, 300)
        XCTAssertGreaterThanOrEqual(share, 0.97)
        print("disagreements: \(pairs - agree): \(withinTwoM) clear or miss by under 2 m, \(pairs - agree - withinTwoM - notGrazing) only on the top's own slope, \(notGrazing) neither")
        XCTAssertEqual(notGrazing, 0)
    }
}

extension SightConstants {
    /// In the tests, verdicts where the sightline clears or misses the terrain by less than this
    /// are grazing (two exact methods may disagree there), metres.
    static let grazingM = 2.0
}
