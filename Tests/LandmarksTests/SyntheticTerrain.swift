import Foundation
import Landmarks
import TrailpackCore

/// Synthetic grids for known-answer tests: `columns x rows` samples `spacingM` apart around
/// (lon0, lat0), elevations from a function of the sample's (column, row).
struct SyntheticTerrain {
    let grid: TerrainGrid

    init(columns: Int, rows: Int, spacingM: Double, lon0: Double = 10, lat0: Double = 45,
         elevationM: (Int, Int) -> Int16) {
        let m = LocalMetric(latDeg: lat0)
        let halfLon = Double(columns - 1) * spacingM / 2 / m.mPerDegLon
        let halfLat = Double(rows - 1) * spacingM / 2 / m.mPerDegLat
        var z: [Int16] = []
        for r in 0..<rows { for c in 0..<columns { z.append(elevationM(c, r)) } }
        grid = TerrainGrid(width: columns, height: rows,
                           bounds: BBox(west: lon0 - halfLon, south: lat0 - halfLat, east: lon0 + halfLon, north: lat0 + halfLat),
                           elevationsM: z)
    }

    /// The position of sample (column, row).
    func point(_ c: Int, _ r: Int) -> LonLat { LonLat(grid.lon(column: Double(c)), grid.lat(row: Double(r))) }

    var sight: LineOfSight { LineOfSight(region: TerrainSurface(grid)) }
}
