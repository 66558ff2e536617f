import Bindings
import Foundation
import PackSpec
import RouteCore
import TrailpackCore

/// Void filling, honestly: a warped grid's voids (nodata and NaN) are filled by
/// `GDALFillNodata` only where valid data lies within `maxFillDistanceM`, in windows around the
/// void areas (time proportional to the filled area, not the grid); an AR patch's voids come
/// from the filled region grid first (`FilledRegion`). A grid with more than `maxFilledPercent`
/// void, or with voids no interpolation can bridge, and a route running over more than
/// `maxRouteFilledM` of filled terrain stop the build, all in one refusal (`VoidLimits`), naming
/// the areas. Mosaics need nothing here: the warp already takes a source's voids from the next source.
enum VoidFiller {
    static let noData = Float(PackLimits.voidSentinelM)

    /// What was filled: the manifest's report, the mask of filled cells (empty when none) and
    /// the void limits the grid exceeds (`breaches`: each message names its figure, the limit and
    /// the recipe key; empty when the grid may be filled honestly).
    struct Fill {
        var report: VoidReport
        var filled: [Bool]
        var breaches: [String] = []
        static let none = Fill(report: .none, filled: [])
    }

    /// Fills the voids of `raster` (a warped in-memory grid over `geometry`) in place.
    /// `maxPercent` is the share limit (100 for AR patches, whose share is judged by the route
    /// check). `smallerExtent` is the advice on the recipe key that shrinks the grid ("choose a
    /// smaller bbox", "lower bboxMarginM (...)", "lower ar.marginM"). With `region` (an AR patch
    /// once the region grid exists) void cells the filled region grid covers take its values,
    /// sampled bilinearly as the SPEC samples `terrain.bin`, so patch, `terrain.bin` and route `ele` agree;
    /// only void cells outside the region are filled here. A grid over both limits is filled as
    /// far as it can be and its `breaches` say so; `fail` is only for a grid that is all void.
    /// - Throws: what `fail` makes for an all-void grid; `GDALError` when GDAL fails.
    static func fill(_ raster: RasterDataset, geometry: GridGeometry, options: Recipe.VoidOptions, maxPercent: Double,
                     smallerExtent: String = "choose a smaller bbox", region: FilledRegion? = nil,
                     fail: (String) -> any Error) throws -> Fill {
        let cellCount = geometry.width * geometry.height
        let voidCount = try markVoids(raster)
        guard voidCount > 0 else { return .none }
        if voidCount == cellCount && region == nil { throw fail("every cell of the grid is void in the DEM") }
        let mask = try raster.withFloat32Pixels { pixels in pixels.map { $0 == noData } }
        var breaches: [String] = []
        let percent = 100 * Double(voidCount) / Double(cellCount)
        let advice = "; add a second DEM source covering these areas (dem: [...], in priority order) or \(smallerExtent)"
        if percent > maxPercent {
            let areas = mask.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: geometry.width, height: geometry.height) }
            breaches.append(String(format: "%.1f%% of the region grid is void in the DEM (%d of %d cells), over the %.0f%% that may be filled (terrain.voids.maxFilledPercent): ",
                                   percent, voidCount, cellCount, maxPercent) + describe(areas, geometry: geometry) + advice)
        }
        if let region { try region.fillVoids(of: raster, geometry: geometry) }
        let distancePixels = options.maxFillDistanceM / geometry.resolutionM
        let remaining = try raster.withFloat32Pixels { pixels in pixels.map { $0 == noData } }
        if distancePixels >= 1, remaining.contains(true), remaining.contains(false) {
            let windows = remaining.withUnsafeBufferPointer {
                VoidAreas.fillWindows(isVoid: $0, width: geometry.width, height: geometry.height, marginCells: Int(distancePixels.rounded(.up)) + 1)
            }
            for window in windows {
                try raster.fillNoData(in: window, noData: Double(noData), maxSearchDistancePixels: distancePixels,
                                      smoothingIterations: VoidSmoothing.passes)
            }
        }
        let left = try raster.withFloat32Pixels { pixels in pixels.map { $0 == noData } }
        if left.contains(true) {
            let areas = left.withUnsafeBufferPointer { VoidAreas(isVoid: $0, width: geometry.width, height: geometry.height) }
            breaches.append(String(format: "%d void cells lie farther than %.0f m from valid data (terrain.voids.maxFillDistanceM), so filling would invent them: ",
                                   areas.voidCells, options.maxFillDistanceM) + describe(areas, geometry: geometry) + advice)
        }
        let report = VoidReport.analyse(isVoid: mask, width: geometry.width, height: geometry.height) { c, r in
            LonLat(lon(geometry, column: c), lat(geometry, row: r))
        }
        return Fill(report: report, filled: mask, breaches: breaches)
    }

    /// Sets NaN holes (float DEMs without nodata) and nodata cells to `noData`; returns how many.
    static func markVoids(_ raster: RasterDataset) throws -> Int {
        try raster.withMutableFloat32Pixels { pixels in
            var n = 0
            for k in 0..<pixels.count where !(pixels[k] > noData) || !pixels[k].isFinite {
                pixels[k] = noData
                n += 1
            }
            return n
        }
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

    typealias FilledStretches = TrailpackCore.FilledStretches

    /// Total length above which a route's run over filled terrain is a warning rather than a
    /// note, metres: about one SRTM 3" cell and eight 12 m route steps; a shorter stretch stays
    /// within the one DEM cell the interpolation bridges, a longer one is a climb the DEM never measured.
    static let warnRouteFilledM = 100.0

    /// The stretches of `coords` over filled cells of `grid` (`FilledStretches.along`).
    static func filledStretches(_ coords: [LonLat], grid: TerrainGrid, filled: [Bool]) -> FilledStretches {
        FilledStretches.along(coords, grid: grid, filled: filled)
    }

    /// The refusal of a route whose longest stretch over filled terrain is over
    /// `maxRouteFilledM` (figure, limit, key), nil within the limit.
    static func routeBreach(_ run: FilledStretches, coords: [LonLat], options: Recipe.VoidOptions) -> String? {
        guard run.longestM > options.maxRouteFilledM else { return nil }
        return String(format: "runs over %.0f m of filled DEM voids (vertices %d to %d, %@ to %@), more than the %.0f m allowed (terrain.voids.maxRouteFilledM): its elevations there would be invented; add a second DEM source covering them (dem: [...], in priority order)",
                      run.longestM, run.from, run.to, coords[run.from].description, coords[run.to].description, options.maxRouteFilledM)
    }

    /// The build's note (or, over `warnRouteFilledM`, warning) on how much of a route runs over
    /// filled terrain; nil for none.
    static func routeDiagnostic(_ run: FilledStretches, routeID: String, routeLengthM: Double) -> Diagnostic? {
        guard run.totalM > 0 else { return nil }
        let text = String(format: "%.0f m of the route (%.1f%% of %.1f km) runs over filled DEM voids (%@): its elevations there are interpolated from the region grid, not measured",
                          run.totalM, 100 * run.totalM / max(routeLengthM, 1), routeLengthM / 1000, run.vertexText)
        return run.totalM > warnRouteFilledM
            ? Diagnostic(.warning, "route \(routeID)", text + String(format: " (over %.0f m)", warnRouteFilledM))
            : Diagnostic(.note, "route \(routeID)", text)
    }
}
