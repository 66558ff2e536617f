import Bindings
import Foundation
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

/// Filled voids look like ground (issue 41, item 2): the roughness of filled cells (RMS of the
/// discrete Laplacian, `FillRoughness`) against the measured ring around them, on the region grid
/// and on an AR patch, over the real Kauai voids and over voids punched into the real White
/// Mountains DEM (where the truth is known).
@Suite struct VoidRoughnessTests {
    static let kauai = "/vsizip/" + TestData.path("kauai-voids/N22W160v2.3a.hgt.zip")
    /// Around Waialeale's summit voids (the route across of `FilledTerrainTests` runs through it).
    static let kauaiBox = BBox(west: -159.62, south: 22.0, east: -159.40, north: 22.16)

    /// The region grid over `box` at `resolutionM` filled as the build fills it: elevations
    /// unrounded and as written (whole metres), and the filled mask.
    static func region(_ sources: [RasterDataset], box: BBox, resolutionM: Double) throws -> TerrainStage.FilledRegionRaster {
        var options = Recipe.TerrainOptions()
        options.resolutionM = resolutionM
        return try TerrainStage.fillRegion(bbox: box, sources: sources, options: options, progress: nil)
    }

    static func roughness(_ raster: RasterDataset, geometry: GridGeometry, filled: [Bool], rounded: Bool) throws -> FillRoughness {
        let values: [Double] = rounded ? try raster.roundedInt16().map(Double.init) : try raster.withFloat32Pixels { $0.map(Double.init) }
        return FillRoughness.measure(values, width: geometry.width, height: geometry.height, filled: filled)
    }

    /// The documented factors (Recipes/README.md, *Voids, by example*): filled cells of the
    /// region grid (with the measured cells next to them) at most this many times as rough as
    /// the measured ring around them. Measured: Kauai 1.9 (90 m) and 3.0 (30 m), punched White
    /// Mountains voids 1.0 and 1.9; without smoothing 2.8, 8.8, 2.5 and 14.
    static let regionFactor = 3.5
    /// The same for an AR patch (10 m) over Kauai's voids from the default 30 m region grid:
    /// 5.0 measured (5.75 without smoothing): the seam where the patch's own warp meets the
    /// region grid's fill dominates (issue 41: filling at the source resolution is left to do).
    static let patchFactor = 5.5

    @Test func kauaiRegionGridAndPatchFillsStayWithinTheirFactors() throws {
        let dem = try RasterDataset.open(path: Self.kauai)
        for resolutionM in [90.0, 30.0] {
            let region = try Self.region([dem], box: Self.kauaiBox, resolutionM: resolutionM)
            #expect(region.fill.report.filledCells > 1000)
            for rounded in [false, true] {
                let r = try Self.roughness(region.raster, geometry: region.geometry, filled: region.fill.filled, rounded: rounded)
                #expect(r.filledCells > 1000 && r.ringCells > 1000, "\(r)")
                #expect(r.ratio <= Self.regionFactor, "Kauai region \(resolutionM) m (rounded: \(rounded)): \(r), ratio \(r.ratio)")
            }
        }
        // AR patch at 10 m through the summit voids, its voids from the default 30 m region grid.
        let region = try Self.region([dem], box: Self.kauaiBox, resolutionM: 30)
        let geometry = GridGeometry(bounds: BBox(west: -159.53, south: 22.04, east: -159.47, north: 22.09), resolutionM: 10)
        let purpose = TerrainRaster.Purpose(label: "patch", bytesPerCell: MemoryLimit.patchBytesPerCell, resolutionKey: "ar.resolutionM",
                                            maxFilledPercent: 100, smallerExtent: "")
        let (patch, fill) = try TerrainRaster.make(geometry: geometry, sources: [dem], kernel: .cubicSpline, options: Recipe.TerrainOptions(),
                                                   purpose: purpose, region: FilledRegion(grid: try region.grid()), progress: nil) { TestFailure($0) }
        let p = try Self.roughness(patch, geometry: geometry, filled: fill.filled, rounded: true)
        #expect(p.filledCells > 10000, "\(p)")
        #expect(p.ratio <= Self.patchFactor, "Kauai AR patch 10 m: \(p), ratio \(p.ratio)")
    }

    /// The White Mountains DEM (no voids) resampled onto a 90 m web-mercator grid over the
    /// Presidential Range, as a source: the truth, and a copy with seeded voids punched in.
    static func punched(seed: UInt64) throws -> (truth: RasterDataset, voided: RasterDataset, box: BBox) {
        let box = BBox(west: -71.42, south: 44.20, east: -71.18, north: 44.40)
        let dem = try RasterDataset.open(path: TestData.path("white-mountains/N44W072.hgt"))
        let g = GridGeometry(bounds: box, resolutionM: 90)
        let truth = try RasterDataset.warp([dem], to: g, kernel: .cubicSpline, noData: -32768)
        var values = try truth.withFloat32Pixels { Array($0) }
        var rng = SeededRandom(seed: seed)
        for _ in 0..<12 {
            let cc = Double(Int.random(in: 15..<(g.width - 15), using: &rng)), cr = Double(Int.random(in: 15..<(g.height - 15), using: &rng))
            for _ in 0..<3 {
                let dc = Double.random(in: -4...4, using: &rng), dr = Double.random(in: -4...4, using: &rng)
                let radius = Double.random(in: 2...6, using: &rng)
                for r in max(0, Int(cr + dr - radius))...min(g.height - 1, Int(cr + dr + radius) + 1) {
                    for c in max(0, Int(cc + dc - radius))...min(g.width - 1, Int(cc + dc + radius) + 1)
                    where (Double(c) - cc - dc) * (Double(c) - cc - dc) + (Double(r) - cr - dr) * (Double(r) - cr - dr) <= radius * radius {
                        values[r * g.width + c] = -32768
                    }
                }
            }
        }
        let voided = try RasterDataset.memory(width: g.width, height: g.height, geoTransform: g.mercatorGeoTransform, values: values, noData: -32768)
        return (truth, voided, box)
    }

    /// Largest RMS (m) of filled cells against the truth over the punched voids (holes up to
    /// about 1.3 km across in the Presidential Range). Measured 18.6 m (90 m grid) and 19.8 m (30 m);
    /// 22.8 and 24.2 m without smoothing.
    static let punchedRMSBoundM = 22.0

    @Test func punchedWhiteMountainsVoidsAreFilledNearTheTruthAndAsSmoothAsTheGroundAround() throws {
        let (truth, voided, box) = try Self.punched(seed: 41)
        for resolutionM in [90.0, 30.0] {
            let filled = try Self.region([voided], box: box, resolutionM: resolutionM)
            let real = try Self.region([truth], box: box, resolutionM: resolutionM)
            #expect(real.fill.report.filledCells == 0)
            let mask = filled.fill.filled
            let a = try filled.raster.withFloat32Pixels { $0.map(Double.init) }, b = try real.raster.withFloat32Pixels { $0.map(Double.init) }
            var sumSq = 0.0, n = 0
            for k in mask.indices where mask[k] { sumSq += (a[k] - b[k]) * (a[k] - b[k]); n += 1 }
            let rmsM = (sumSq / Double(max(n, 1))).squareRoot()
            #expect(n > 1000, "\(n) filled cells")
            #expect(rmsM <= Self.punchedRMSBoundM, "\(resolutionM) m: RMS \(rmsM) m against the truth over \(n) cells")
            let r = FillRoughness.measure(a, width: filled.geometry.width, height: filled.geometry.height, filled: mask)
            let t = FillRoughness.measure(b, width: filled.geometry.width, height: filled.geometry.height, filled: mask)
            #expect(r.ratio <= Self.regionFactor, "\(resolutionM) m: fill \(r), ratio \(r.ratio); the truth's own ratio \(t.ratio)")
            #expect(t.ratio > 0.5 && t.ratio < 1.5, "the real ground under the voids is about as rough as around them: \(t.ratio)")
        }
    }
}

struct TestFailure: Error { var message: String; init(_ m: String) { message = m } }
