import Bindings
import Foundation
import PackSpec
import RouteCore
import TrailpackCore

/// Void filling, honestly: a warped grid's voids (nodata and NaN) are filled by
/// `GDALFillNodata` only where valid data lies within `maxFillDistanceM`, in windows around the
/// void areas (time proportional to the filled area, not the grid). A grid with more than
/// `maxFilledPercent` void, or with voids no interpolation can bridge, stops the build naming
/// the areas; a route running over more than `maxRouteFilledM` of filled terrain does too.
/// Mosaics need nothing here: the warp already takes a source's voids from the next source.
enum VoidFiller {
    static let noData = Float(PackLimits.voidSentinelM)

    /// What was filled: the manifest's report and the mask of filled cells (empty when none).
    struct Fill {
        var report: VoidReport
        var filled: [Bool]
        static let none = Fill(report: .none, filled: [])
    }

    /// Fills the voids of `raster` (a warped in-memory grid over `geometry`) in place.
    /// `maxPercent` is the share limit (100 for AR patches, whose share is judged by the route
    /// check). `smallerExtent` is the advice on the recipe key that shrinks the grid ("choose a
    /// smaller bbox", "lower bboxMarginM (...)", "lower ar.marginM"). `fail` turns a message into
    /// the build error naming the grid and DEM files.
    /// - Throws: what `fail` makes, when too much would be invented; `GDALError` when GDAL fails.
    static func fill(_ raster: RasterDataset, geometry: GridGeometry, options: Recipe.VoidOptions, maxPercent: Double,
                     smallerExtent: String = "choose a smaller bbox", fail: (String) -> any Error) throws -> Fill {
        let cellCount = geometry.width * geometry.height
        // NaN holes (float DEMs without nodata) are voids like nodata cells.
        let voidCount = try raster.withMutableFloat32Pixels { pixels in
            var n = 0
            for k in 0..<pixels.count where !(pixels[k] > noData) || !pixels[k].isFinite {
                pixels[k] = noData
                n += 1
            }
            return n
        }
        guard voidCount > 0 else { return .none }
        if voidCount == cellCount { throw fail("every cell of the grid is void in the DEM") }
        let mask = try raster.withFloat32Pixels { pixels in pixels.map { $0 == noData } }
        let percent = 100 * Double(voidCount) / Double(cellCount)
        if percent > maxPercent {
            let areas = mask.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: geometry.width, height: geometry.height) }
            throw fail(String(format: "%.1f%% of the region grid is void in the DEM (%d of %d cells), over the %.0f%% that may be filled (terrain.voids.maxFilledPercent): ",
                              percent, voidCount, cellCount, maxPercent)
                       + describe(areas, geometry: geometry) + "; add a second DEM source covering these areas (dem: [...], in priority order) or \(smallerExtent)")
        }
        let distancePixels = options.maxFillDistanceM / geometry.resolutionM
        if distancePixels >= 1 {
            let windows = mask.withUnsafeBufferPointer {
                VoidAreas.fillWindows(isVoid: $0, width: geometry.width, height: geometry.height, marginCells: Int(distancePixels.rounded(.up)) + 1)
            }
            for window in windows {
                try raster.fillNoData(in: window, noData: Double(noData), maxSearchDistancePixels: distancePixels)
            }
        }
        let left = try raster.withFloat32Pixels { pixels in pixels.map { $0 == noData } }
        if left.contains(true) {
            let areas = left.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: geometry.width, height: geometry.height) }
            throw fail(String(format: "%d void cells lie farther than %.0f m from valid data (terrain.voids.maxFillDistanceM), so filling would invent them: ",
                              areas.voidCells, options.maxFillDistanceM)
                       + describe(areas, geometry: geometry) + "; add a second DEM source covering these areas (dem: [...], in priority order) or \(smallerExtent)")
        }
        let report = VoidReport.analyse(isVoid: mask, width: geometry.width, height: geometry.height) { c, r in
            LonLat(lon(geometry, column: c), lat(geometry, row: r))
        }
        return Fill(report: report, filled: mask)
    }

    static func lon(_ g: GridGeometry, column c: Int) -> Double {
        g.bounds.west + Double(c) * (g.bounds.east - g.bounds.west) / Double(g.width - 1)
    }

    static func lat(_ g: GridGeometry, row r: Int) -> Double {
        let yn = WebMercator.y(latDeg: g.bounds.north), ys = WebMercator.y(latDeg: g.bounds.south)
        return WebMercator.latDeg(y: yn - Double(r) * (yn - ys) / Double(g.height - 1))
    }

    /// The largest areas (at most 5) as lon/lat boxes with their sizes.
    static func describe(_ areas: VoidAreas, geometry: GridGeometry) -> String {
        let cellKm2 = geometry.resolutionM * geometry.resolutionM / 1e6
        let largest = areas.areas.enumerated().sorted { ($0.element.cells, -$0.offset) > ($1.element.cells, -$1.offset) }.map(\.element)
        let shown = largest.prefix(5).map { a in
            let box = BBox(west: lon(geometry, column: a.window.c0), south: lat(geometry, row: a.window.r1),
                           east: lon(geometry, column: a.window.c1), north: lat(geometry, row: a.window.r0))
            return String(format: "%@ (%d cells, %.2f km²)", box.description, a.cells, Double(a.cells) * cellKm2)
        }
        let more = largest.count > 5 ? " and \(largest.count - 5) smaller" : ""
        return "\(largest.count) area\(largest.count == 1 ? "" : "s"): " + shown.joined(separator: ", ") + more
    }

    /// The build's note or warning about filled voids of the region grid (nil when none).
    static func diagnostic(_ report: VoidReport, cellCount: Int, options: Recipe.VoidOptions) -> Diagnostic? {
        guard report.filledCells > 0 else { return nil }
        let percent = 100 * Double(report.filledCells) / Double(cellCount)
        let text = String(format: "filled %d void cells (%.2f%% of the region) in %d areas (largest %d cells%@)",
                          report.filledCells, percent, report.voidAreas, report.largestVoidCells,
                          report.largestVoidBounds.map { " at \($0)" } ?? "")
        return percent > options.warnFilledPercent
            ? Diagnostic(.warning, "terrain", text + String(format: ", over %.0f%%: elevations there are interpolated, not measured", options.warnFilledPercent))
            : Diagnostic(.note, "terrain", text)
    }

    /// The longest stretch of `coords` over filled cells of `grid` (a vertex counts as filled when
    /// any of the four cells its bilinear sample uses was filled): metres and vertex indices.
    static func longestFilledRun(_ coords: [LonLat], grid: TerrainGrid, filled: [Bool]) -> (lengthM: Double, from: Int, to: Int) {
        guard !filled.isEmpty, coords.count >= 2 else { return (0, 0, 0) }
        func onFilled(_ p: LonLat) -> Bool {
            let (c, r) = grid.gridPosition(of: p)
            let c0 = max(0, min(grid.width - 1, Int(c.rounded(.down)))), r0 = max(0, min(grid.height - 1, Int(r.rounded(.down))))
            let c1 = min(grid.width - 1, c0 + 1), r1 = min(grid.height - 1, r0 + 1)
            return filled[r0 * grid.width + c0] || filled[r0 * grid.width + c1] || filled[r1 * grid.width + c0] || filled[r1 * grid.width + c1]
        }
        let cumM = Geodesic.cumulativeDistancesM(coords)
        var best = (lengthM: 0.0, from: 0, to: 0)
        var start: Int?
        for k in 0...coords.count {
            if k < coords.count && onFilled(coords[k]) {
                if start == nil { start = k }
            } else if let s = start {
                // The stretch reaches halfway to the unfilled neighbours on either side.
                let lo = s > 0 ? (cumM[s - 1] + cumM[s]) / 2 : cumM[s]
                let hi = k < coords.count ? (cumM[k - 1] + cumM[k]) / 2 : cumM[k - 1]
                if hi - lo > best.lengthM { best = (hi - lo, s, k - 1) }
                start = nil
            }
        }
        return best
    }

    /// Stops the build when the route runs over more than `maxRouteFilledM` of filled terrain.
    static func checkRoute(_ coords: [LonLat], grid: TerrainGrid, filled: [Bool], options: Recipe.VoidOptions,
                           fail: (String) -> BuildError) throws {
        let run = longestFilledRun(coords, grid: grid, filled: filled)
        guard run.lengthM > options.maxRouteFilledM else { return }
        throw fail(String(format: "runs over %.0f m of filled DEM voids (vertices %d to %d, %@ to %@), more than the %.0f m allowed (terrain.voids.maxRouteFilledM): its elevations there would be invented; add a second DEM source covering them (dem: [...], in priority order)",
                          run.lengthM, run.from, run.to, coords[run.from].description, coords[run.to].description, options.maxRouteFilledM))
    }
}
