import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

/// One filled terrain per pack (issue 28, item 3), on the real Kauai tile with voids: the AR
/// patch, `terrain.bin` and the route's `ele` agree where voids were filled; every exceeded void
/// limit is in one refusal; the summary says how many metres of each route run over filled terrain.
@Suite struct FilledTerrainTests {
    typealias F = RasterInputFixtures
    static let zip = TestData.path("kauai-voids/N22W160v2.3a.hgt.zip")

    // One filled terrain: the AR patch and `terrain.bin` both resample the DEM with its voids
    // filled at its own resolution (`takeSourceFill`), so over filled cells they differ as the
    // two resolutions differ over measured ground, no more. (When a patch took its void cells
    // from `terrain.bin` they were within 0.5 m, but the finer patch then showed a seam 5 to 11.5
    // times as rough as the ground around, VoidRoughnessTests; filled on its own, 289 m apart.)

    /// The Kauai region and a track straight across the island (over the summit voids), with
    /// `extra` void limits.
    static func recipe(in dir: URL, name: String, voids: String, withRoute: Bool = true) throws -> String {
        let track = dir.appendingPathComponent("across.geojson")
        let line = stride(from: -159.62, through: -159.42, by: 0.002).map { "[\($0), 22.07]" }.joined(separator: ", ")
        try "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"name\":\"Across\"},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(line)]}}]}"
            .write(to: track, atomically: true, encoding: .utf8)
        let routes = withRoute ? "ar: { resolutionM: 30 }, routes: [{ id: \"across\", name: \"Across\", track: \"\(track.path)\" }]," : ""
        return try F.recipe(F.region(id: "kauai", bbox: "[-159.80, 22.0, -159.28, 22.24]", dem: "[\"\(zip)\"]",
                                     extra: "terrain: { resolutionM: 90, voids: { \(voids) } }, \(routes)"), in: dir, name: name)
    }

    /// The void cells of the DEM at `path` (default: the Kauai tile) warped onto `grid`'s
    /// geometry as the build warps it.
    static func voidMask(onto grid: TerrainGrid, dem path: String = zip) throws -> [Bool] {
        let dem = try DEMFile.open(path).dataset
        let raster = try RasterDataset.warp([dem], to: GridGeometry(width: grid.width, height: grid.height, bounds: grid.bounds),
                                            kernel: .cubicSpline, noData: -32768)
        return try raster.withFloat32Pixels { $0.map { !($0 > -32768) || !$0.isFinite } }
    }

    @Test func arPatchTerrainAndRouteEleAgreeOverFilledCellsAndTheSummaryGivesTheMetres() throws {
        let dir = TestData.scratchFolder("filled-agree")
        let root = TestData.scratchFolder("filled-agree-out")
        let r = try TestData.run(["build", try Self.recipe(in: dir, name: "kauai.json5", voids: "maxRouteFilledM: 5000"), "--out", root.path])
        #expect(r.status == 0, "\(r.stderr)")
        let region = root.appendingPathComponent("regions/kauai")
        let patch = try TER1.decode([UInt8](Data(contentsOf: region.appendingPathComponent("ar/across.bin"))))
        let filled = try Self.voidMask(onto: patch)
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: region.appendingPathComponent("routes/across.json"))) as? [String: Any]
        let coords = try #require(doc?["coords"] as? [[Double]])
        let a = try Self.agreement(region: region, routeID: "across", dem: Self.zip)
        #expect(a.filled.count > 500 && a.eleFilled.count > 50, "\(a)")
        Self.expectNoWorseOverFilled(a)

        // The summary: metres over filled terrain, recounted from the patch's void cells (a
        // vertex on filled terrain when any of its four cells is; half of each step it shares).
        let figure = try #require(r.stderr.firstMatch(of: /warning: route across: (\d+) m of the route \([\d.]+% of [\d.]+ km\) runs over filled DEM voids/)
            .flatMap { Double($0.1) }, "\(r.stderr)")
        let own = Self.metresOverFilled(coords.map { LonLat($0[0], $0[1]) }, patch: patch, filled: filled)
        #expect(abs(figure - own) <= 1, "build says \(figure) m, recounted \(own) m")
        #expect(figure > 100, "over the 100 m warning length")
    }

    /// Metres of `coords` over filled patch cells: a step between two filled vertices counts
    /// whole, a step with one filled end counts half.
    static func metresOverFilled(_ coords: [LonLat], patch: TerrainGrid, filled: [Bool]) -> Double {
        func onFilled(_ p: LonLat) -> Bool {
            let (col, row) = patch.gridPosition(of: p)
            let c0 = max(0, min(patch.width - 1, Int(col))), r0 = max(0, min(patch.height - 1, Int(row)))
            let c1 = min(patch.width - 1, c0 + 1), r1 = min(patch.height - 1, r0 + 1)
            return [(c0, r0), (c1, r0), (c0, r1), (c1, r1)].contains { filled[$0.1 * patch.width + $0.0] }
        }
        let flags = coords.map(onFilled)
        return (1..<coords.count).reduce(0.0) { sum, k in
            let share = (flags[k - 1] ? 0.5 : 0) + (flags[k] ? 0.5 : 0)
            return sum + share * Geodesic.distanceM(coords[k - 1], coords[k])
        }
    }

    @Test func everyExceededVoidLimitIsInOneRefusalAndThePreviousPackStays() throws {
        let dir = TestData.scratchFolder("filled-limits")
        let good = try Self.recipe(in: dir, name: "good.json5", voids: "", withRoute: false)
        // 2.35% void over a 2% limit, voids farther than 100 m from data, 1.2 km of the route over them.
        let bad = try Self.recipe(in: dir, name: "bad.json5", voids: "maxFilledPercent: 2, maxFillDistanceM: 100")
        let r = try F.failureKeepsPrevious(good: good, bad: bad)
        let e = r.stderr
        #expect(e.contains(Self.zip) && e.contains("region grid [-159.8"), "\(e)")
        #expect(e.contains("3 void limits (terrain.voids) are exceeded"), "\(e)")
        #expect(e.contains("2.4% of the region grid is void") && e.contains("over the 2% that may be filled (terrain.voids.maxFilledPercent)"), "\(e)")
        #expect(e.contains("lie farther than 100 m from valid data (terrain.voids.maxFillDistanceM)"), "\(e)")
        #expect(e.contains("bad.json5:") && e.contains("route \"across\": runs over") && e.contains("more than the 300 m allowed (terrain.voids.maxRouteFilledM)"), "\(e)")

        // With the region's limits met, the route's limit alone is the refusal, naming its recipe line.
        let routeOnly = try F.failureKeepsPrevious(good: good, bad: try Self.recipe(in: dir, name: "route.json5", voids: ""))
        #expect(routeOnly.stderr.contains("route.json5:") && routeOnly.stderr.contains("route \"across\"")
                && routeOnly.stderr.contains("maxRouteFilledM") && !routeOnly.stderr.contains("void limits"), "\(routeOnly.stderr)")
    }

    /// Differences (m) between a pack's grid and `terrain.bin` sampled by the SPEC sampler:
    /// worst, RMS and how many compared.
    struct Gap: CustomStringConvertible {
        var worstM = 0.0, sumSq = 0.0, count = 0
        var rmsM: Double { (sumSq / Double(max(count, 1))).squareRoot() }
        mutating func add(_ d: Double) { (worstM, sumSq, count) = (max(worstM, d), sumSq + d * d, count + 1) }
        var description: String { "worst \(worstM) m, RMS \(rmsM) m over \(count)" }
    }

    /// |AR patch - terrain.bin| over the patch's filled and its measured cells, and |ele -
    /// terrain.bin| at vertices whose four patch cells are all filled and all measured, for a built region.
    static func agreement(region: URL, routeID: String, dem: String) throws -> (filled: Gap, measured: Gap, eleFilled: Gap, eleMeasured: Gap) {
        let terrain = try TER1.decode([UInt8](Data(contentsOf: region.appendingPathComponent("terrain.bin"))))
        let patch = try TER1.decode([UInt8](Data(contentsOf: region.appendingPathComponent("ar/\(routeID).bin"))))
        let filled = try voidMask(onto: patch, dem: dem)
        var onFilled = Gap(), onMeasured = Gap()
        for row in 0..<patch.height {
            for column in 0..<patch.width {
                let p = LonLat(patch.lon(column: Double(column)), patch.lat(row: Double(row)))
                guard let t = terrain.elevationM(at: p) else { continue }
                let d = abs(Double(patch[column: column, row: row]) - t)
                if filled[row * patch.width + column] { onFilled.add(d) } else { onMeasured.add(d) }
            }
        }
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: region.appendingPathComponent("routes/\(routeID).json"))) as? [String: Any]
        var eleFilled = Gap(), eleMeasured = Gap()
        for c in doc?["coords"] as? [[Double]] ?? [] {
            let p = LonLat(c[0], c[1])
            let (col, row) = patch.gridPosition(of: p)
            let c0 = min(Int(col), patch.width - 2), r0 = min(Int(row), patch.height - 2)
            let four = [(c0, r0), (c0 + 1, r0), (c0, r0 + 1), (c0 + 1, r0 + 1)].map { filled[$0.1 * patch.width + $0.0] }
            guard let t = terrain.elevationM(at: p) else { continue }
            if four.allSatisfy({ $0 }) { eleFilled.add(abs(c[2] - t)) } else if !four.contains(true) { eleMeasured.add(abs(c[2] - t)) }
        }
        return (onFilled, onMeasured, eleFilled, eleMeasured)
    }

    /// Over filled cells the patch and the route's `ele` are no farther from `terrain.bin` than
    /// over the measured cells of the same patch (worst and RMS).
    static func expectNoWorseOverFilled(_ a: (filled: Gap, measured: Gap, eleFilled: Gap, eleMeasured: Gap)) {
        #expect(a.filled.worstM <= a.measured.worstM && a.filled.rmsM <= a.measured.rmsM, "patch - terrain.bin: filled \(a.filled), measured \(a.measured)")
        #expect(a.eleFilled.worstM <= a.eleMeasured.worstM, "ele - terrain.bin: filled \(a.eleFilled), measured \(a.eleMeasured)")
    }

    @Test func aNaNHolePunchedUnderTheJacksboroRidgeRouteIsOneFilledTerrain() throws {
        let dir = TestData.scratchFolder("filled-ridge")
        // A float GeoTIFF with NaN holes (no nodata): 1 km of the drawn ridge route over them.
        let holed = dir.appendingPathComponent("ridge-nan.tif").path
        try F.tool("gdal_translate", ["-q", "-ot", "Float32", F.jacksboroTIF, holed])
        try F.burn(holed, value: "nan", boxes: [[-84.175, 36.34, -84.165, 36.40]], scratch: dir)
        let demo = try TestData.recipeText("jacksboro")
        let demLine = "dem: [\"\(TestData.url("").path)/jacksboro/jacksboro_fault_dem.tif\"]"
        let terrainLine = "terrain: { resolutionM: 30, contourIntervalM: 20 },"
        #expect(demo.contains(demLine) && demo.contains(terrainLine), "the demo recipe changed; this fixture no longer swaps its lines")
        let text = demo.replacingOccurrences(of: demLine, with: "dem: [\"\(holed)\"]")
            .replacingOccurrences(of: terrainLine, with: "terrain: { resolutionM: 30, contourIntervalM: 20, voids: { maxRouteFilledM: 5000 } },")
        let root = TestData.scratchFolder("filled-ridge-out")
        let r = try TestData.run(["build", try F.recipe(text, in: dir, name: "ridge.json5"), "--out", root.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: route pine-mountain-crest: ") && r.stderr.contains("m of the route"), "\(r.stderr)")
        // AR patch at 10 m, region at 30 m.
        let a = try Self.agreement(region: root.appendingPathComponent("regions/jacksboro"), routeID: "pine-mountain-crest", dem: holed)
        #expect(a.filled.count > 1000 && a.eleFilled.count > 20, "\(a)")
        Self.expectNoWorseOverFilled(a)
    }
}
