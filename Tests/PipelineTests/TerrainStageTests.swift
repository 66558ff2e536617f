import Bindings
import Foundation
import PackJSON
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

@Suite struct TerrainStageTests {
    let demoBBox = BBox(west: -71.50, south: 44.40, east: -71.22, north: 44.66)


    @Test func regionGridAgreesWithGDALsOwnSamplingOfTheSourceDEM() throws {
        let dem = try RasterDataset.open(path: TestData.path("white-mountains/N44W072.hgt"))
        let terrain = try TerrainStage.run(bbox: demoBBox, sources: [dem], options: Recipe.TerrainOptions(), progress: nil)
        var rng = SeededRandom(seed: 2026)
        var sumSquares = 0.0, worst = 0.0
        for _ in 0..<500 {
            let p = LonLat(Double.random(in: demoBBox.west...demoBBox.east, using: &rng),
                           Double.random(in: demoBBox.south...demoBBox.north, using: &rng))
            let ours = try #require(terrain.grid.elevationM(at: p))
            let gdal = try #require(try dem.sampleBilinear(at: p))
            sumSquares += (ours - gdal) * (ours - gdal)
            worst = max(worst, abs(ours - gdal))
        }
        let rms = (sumSquares / 500).squareRoot()
        #expect(rms < 3, "RMS \(rms) m, worst \(worst) m")
        #expect(terrain.grid.width == terrain.geometry.width && terrain.grid.bounds == demoBBox)
    }

    @Test func contourVerticesLieAtTheirElevationAndEveryFifthLevelIsIndex() throws {
        let region = try DemoPack.region
        let manifest = try JSONParser.parse(try Data(contentsOf: region.appendingPathComponent("manifest.json")))
        let intervalM = try manifest.member("files").member("contours").member("intervalM").double()
        let grid = try TER1.decode([UInt8](try Data(contentsOf: region.appendingPathComponent("terrain.bin"))))
        let contours = try VectorReader.read(path: region.appendingPathComponent("contours.geojson").path)
        #expect(contours.count > 100)
        var levels: Set<Double> = []
        var vertices = 0
        for f in contours {
            let eleText = try #require(f.fields["ele"])
            let ele = try #require(Double(eleText))
            levels.insert(ele)
            #expect(ele.truncatingRemainder(dividingBy: intervalM) == 0)
            let isIndex = f.fields["index"] == "1"
            #expect(isIndex == (ele.truncatingRemainder(dividingBy: 5 * intervalM) == 0), "ele \(ele) index \(isIndex)")
            for line in f.geometry.lines {
                for p in line {
                    vertices += 1
                    let z = try #require(grid.elevationM(at: p), "vertex \(p) outside the grid")
                    #expect(abs(z - ele) <= intervalM / 2, "vertex \(p) of the \(ele) m contour sits at \(z) m")
                }
            }
        }
        #expect(vertices > 10_000)
        // The levels are consecutive multiples of the interval, and one in five is an index level.
        let sorted = levels.sorted()
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 == intervalM })
    }

    @Test func automaticIntervalGivesAReadableNumberOfLevels() {
        #expect(ContourInterval.automatic(reliefM: 150) == 10)
        #expect(ContourInterval.automatic(reliefM: 900) == 25)
        #expect(ContourInterval.automatic(reliefM: 1800) == 50)
        #expect(ContourInterval.automatic(reliefM: 8000) == 100)
        for relief in stride(from: 50.0, through: 4000, by: 50) {
            #expect(relief / ContourInterval.automatic(reliefM: relief) <= ContourInterval.maxLevels)
        }
    }

    @Test func kauaiVoidsAreFilledAndReported() throws {
        let dem = try RasterDataset.open(path: "/vsizip/" + TestData.path("kauai-voids/N22W160v2.3a.hgt.zip"))
        var options = Recipe.TerrainOptions()
        options.resolutionM = 90
        let box = BBox(west: -159.80, south: 22.0, east: -159.28, north: 22.24)
        let terrain = try TerrainStage.run(bbox: box, sources: [dem], options: options, progress: nil)
        #expect(!terrain.grid.elevationsM.contains(-32768))
        #expect(terrain.voids.filledCells > 1000)
        #expect(terrain.voids.voidAreas >= 1)
        #expect(terrain.voids.largestVoidCells > 100)
        let bounds = try #require(terrain.voids.largestVoidBounds)
        #expect(box.contains(bounds.center))
        // Filled cells stay within the relief of the source's valid cells (filling interpolates).
        let source = try dem.readFloat32().filter { $0 != -32768 }
        let s = terrain.grid.statistics
        #expect(Float(s.minM) >= source.min()! - 20 && Float(s.maxM) <= source.max()! + 20, "\(s) vs \(source.min()!)...\(source.max()!)")
    }

    @Test func flatGridGivesAFlatHillshadeThroughTheStage() throws {
        let box = BBox(west: 10, south: 60, east: 10.05, north: 60.03)
        let g = GridGeometry(bounds: box, resolutionM: 30)
        let flat = try RasterDataset.memory(width: g.width, height: g.height, geoTransform: g.mercatorGeoTransform,
                                            values: [Float](repeating: 250, count: g.width * g.height))
        let terrain = try TerrainStage.run(bbox: box, sources: [flat], options: Recipe.TerrainOptions(), progress: nil)
        #expect(Set(terrain.hillshade.pixels).count == 1)
        #expect(terrain.contours.isEmpty)
        #expect(terrain.hillshadeBounds.west < box.west && terrain.hillshadeBounds.north > box.north)
    }
}
