import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

/// Contours traced as several passes over subsets of the levels, on several threads, against
/// one pass over every level, on the demo region of the real White Mountains DEM.
@Suite struct ContourLevelSplitTests {
    static let demoBBox = BBox(west: -71.50, south: 44.40, east: -71.22, north: 44.66)

    /// The demo region's grid (as the demo recipe builds it: 30 m, cubic spline), its relief
    /// and geometry.
    func demoRaster() throws -> (RasterDataset, GridGeometry, minM: Double, maxM: Double) {
        let dem = try RasterDataset.open(path: TestData.path("white-mountains/N44W072.hgt"))
        let g = GridGeometry(bounds: Self.demoBBox, resolutionM: 30)
        let raster = try RasterDataset.warp([dem], to: g, kernel: .cubicSpline)
        let (lo, hi) = try raster.withFloat32Pixels { $0.reduce((Float.infinity, -Float.infinity)) { (min($0.0, $1), max($0.1, $1)) } }
        #expect(lo > 0 && hi < 2000, "the demo region has no voids: relief \(lo)...\(hi) m")
        return (raster, g, Double(lo), Double(hi))
    }

    func geoJSON(_ lines: [ContourLine]) throws -> Data {
        let path = TestData.scratchFolder("contours").appendingPathComponent("c.geojson").path
        try GeoJSONWriter.write(path: path, layerName: "contours", fields: [GeoJSONField("ele", .real)],
                                features: lines.map { GeoJSONFeature(geometry: .lineString($0.coords), values: [.real($0.eleM)]) })
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(arguments: [20.0, 12.5])
    func levelSubsetsOnSeveralThreadsGiveTheBytesOfOnePass(intervalM: Double) throws {
        let (raster, g, minM, maxM) = try demoRaster()
        let single = try raster.withSharedView(geoTransform: g.mercatorGeoTransform) {
            try $0.contours(intervalM: intervalM, simplifyToleranceM: 3, groundMetresPerUnit: g.mercatorScale)
        }
        #expect(single.count > 500)
        #expect(zip(single, single.dropFirst()).allSatisfy { $0.eleM <= $1.eleM }, "one pass comes in level order")
        let levels = Set(single.map(\.eleM))
        #expect(levels.count > 40, "\(levels.count) levels")
        let singleBytes = try geoJSON(single)
        for subsets in [1, 2, 4, 7] {
            let split = ContourLevelSplit(intervalM: intervalM, minM: minM, maxM: maxM, subsets: subsets)
            #expect(split.subsetCount == subsets)
            #expect(Set(split.levelsM).isSuperset(of: levels))
            var alongsideRan = false
            let (marker, lines) = try split.trace(raster, geoTransform: g.mercatorGeoTransform, simplifyToleranceM: 3,
                                                  groundMetresPerUnit: g.mercatorScale, progress: nil) { () -> Int in
                alongsideRan = true
                return subsets
            }
            #expect(alongsideRan && marker == subsets)
            #expect(lines.count == single.count, "\(subsets) subsets")
            #expect(lines == single, "\(subsets) subsets")
            #expect(try geoJSON(lines) == singleBytes, "\(subsets) subsets")
        }
    }

    @Test func levelsAreDealtRoundRobinAndMergedInLevelOrder() {
        let split = ContourLevelSplit(intervalM: 25, minM: 101, maxM: 349, subsets: 3)
        #expect(split.levelsM == stride(from: 100.0, through: 350, by: 25).map { $0 })
        #expect(split.levels(ofSubset: 0) == [100, 175, 250, 325])
        #expect(split.levels(ofSubset: 1) == [125, 200, 275, 350])
        #expect(split.levels(ofSubset: 2) == [150, 225, 300])
        // One line per level, tagged with its level: the merge restores level order.
        let perSubset = (0..<3).map { j in split.levels(ofSubset: j).map { [ContourLine(eleM: $0, coords: [LonLat(0, 0), LonLat(1, $0)])] } }
        #expect(split.merged(perSubset).map(\.eleM) == split.levelsM)
        // Never more passes than levels.
        #expect(ContourLevelSplit(intervalM: 100, minM: 10, maxM: 20, subsets: 8).subsetCount == 2)
    }
}
