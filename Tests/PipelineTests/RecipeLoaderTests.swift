import Foundation
import PackSpec
@testable import Pipeline
import Testing
import TestSupport
import TrailpackCore

@Suite struct RecipeLoaderTests {
    /// Writes `text` as a recipe in a scratch folder next to a copy-free reference to the real DEM.
    func recipe(_ text: String) throws -> String {
        let dir = TestData.scratchFolder("recipe")
        let path = dir.appendingPathComponent("r.json5").path
        try text.replacingOccurrences(of: "DEM", with: TestData.path("white-mountains/N44W072.hgt"))
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func loadError(_ text: String) throws -> BuildError {
        let path = try recipe(text)
        do {
            _ = try RecipeLoader.load(path: path)
        } catch let e as BuildError {
            return e
        }
        Issue.record("recipe loaded without error")
        throw CancellationError()
    }

    let valid = """
    {
      // a comment
      id: "test-region",
      name: "Test",
      attribution: ["SRTM"],
      bbox: [-71.5, 44.4, -71.3, 44.5],
      dem: ["DEM"],
      terrain: { resolutionM: 60, },
    }
    """

    @Test func theRecipeSettingsValidateMustKnowReachItsExpectations() throws {
        let defaults = try RecipeLoader.load(path: try recipe(valid)).expectations
        #expect(defaults == RegionExpectations().with {
            $0.maxRouteFilledM = 300
            $0.hikingRates = HikingRates(flatSpeedKmh: 4, ascentMPerH: 300, descentMPerH: 500, climbThresholdM: 5)
            $0.landmarkMaxDistanceM = 25_000
        })
        let text = valid.replacingOccurrences(of: "terrain: { resolutionM: 60, },", with: """
            terrain: { resolutionM: 60, voids: { warnFilledPercent: 4, maxRouteFilledM: 50 } },
            ar: { resolutionM: 20 }, sizeBudgetMB: 400,
            landmarks: { maxDistanceM: 8000, exclude: ["Owl's Head"], include: ["Pond Trailhead"] },
            """)
        let e = try RecipeLoader.load(path: try recipe(text)).expectations
        #expect(e.arResolutionM == 20 && e.sizeBudgetMB == 400 && e.warnFilledPercent == 4 && e.maxRouteFilledM == 50)
        #expect(e.landmarkMaxDistanceM == 8000 && e.landmarkExclude == ["Owl's Head"] && e.landmarkIncludePOIs == ["Pond Trailhead"])
    }

    @Test func loadsJSON5WithDefaults() throws {
        let r = try RecipeLoader.load(path: try recipe(valid))
        #expect(r.id == "test-region" && r.terrain.resolutionM == 60)
        #expect(r.ar.resolutionM == 10 && r.ar.marginM == 200 && r.ar.budgetMiB == 8)
        #expect(r.stats.thresholdM == 5 && r.stats.flatSpeedKmh == 4)
        #expect(r.dem == [TestData.path("white-mountains/N44W072.hgt")])
        #expect(r.bbox == BBox(west: -71.5, south: 44.4, east: -71.3, north: 44.5))
    }

    @Test func demTakesOneObjectAsTheREADMEShows() throws {
        let dem = TestData.path("white-mountains/N44W072.hgt")
        let r = try RecipeLoader.load(path: try recipe(valid.replacingOccurrences(of: "dem: [\"DEM\"],", with: "dem: { file: \"DEM\", verticalUnit: \"ft\" },")))
        #expect(r.dem == [dem] && r.demVerticalUnits[dem] == .foot)
        let e = try loadError(valid.replacingOccurrences(of: "dem: [\"DEM\"],", with: "dem: { path: \"DEM\" },"))
        #expect(e.description.contains("r.json5:7: dem.path: unknown key \"path\""), "\(e)")
    }

    @Test func syntaxErrorNamesFileAndLine() throws {
        let e = try loadError("{\n  id: \"x\",\n  name: \"y\"\n  dem: [],\n}")
        guard case .recipe(let file, let line, _, let message) = e else { Issue.record("\(e)"); return }
        #expect(file.hasSuffix("r.json5"))
        #expect(line == 4)
        #expect(message.contains("syntax error"))
        #expect(e.description.contains("r.json5:4"))
    }

    @Test func unknownKeyNamesKeyPathAndLineWithSuggestion() throws {
        let text = valid.replacingOccurrences(of: "terrain: { resolutionM: 60, },", with: "terrain: {\n    resolutionM: 60,\n    hillshade: { azimuthdeg: 300 },\n  },")
        let e = try loadError(text)
        guard case .recipe(_, let line, let keyPath, let message) = e else { Issue.record("\(e)"); return }
        #expect(keyPath == "terrain.hillshade.azimuthdeg")
        #expect(line == 10)
        #expect(message.contains("unknown key") && message.contains("azimuthDeg"))
    }

    @Test func wrongTypeAndNegativeResolutionNameTheKey() throws {
        let wrongType = try loadError(valid.replacingOccurrences(of: "name: \"Test\"", with: "name: 42"))
        #expect(wrongType.description.contains("name") && wrongType.description.contains("expected a string"))
        let negative = try loadError(valid.replacingOccurrences(of: "resolutionM: 60", with: "resolutionM: -30"))
        guard case .recipe(_, let line, let keyPath, _) = negative else { Issue.record("\(negative)"); return }
        #expect(keyPath == "terrain.resolutionM" && line == 8)
    }

    @Test func bboxWithWestNotLessThanEastIsRejected() throws {
        let e = try loadError(valid.replacingOccurrences(of: "[-71.5, 44.4, -71.3, 44.5]", with: "[-71.3, 44.4, -71.5, 44.5]"))
        guard case .recipe(_, let line, let keyPath, let message) = e else { Issue.record("\(e)"); return }
        #expect(keyPath == "bbox" && line == 6)
        #expect(message.contains("west") && message.contains("east"))
    }

    @Test(arguments: ["../x", "Upper", "a/b", "", "-lead"])
    func invalidRegionIDsAreRejected(id: String) throws {
        let e = try loadError(valid.replacingOccurrences(of: "\"test-region\"", with: "\"\(id)\""))
        guard case .recipe(_, _, let keyPath, let message) = e else { Issue.record("\(e)"); return }
        #expect(keyPath == "id" && message.contains("not a valid id"))
    }

    @Test func routeIDWithSlashIsRejected() throws {
        let text = valid.replacingOccurrences(of: "terrain: { resolutionM: 60, },", with: "routes: [{ id: \"a/b\", name: \"A\", via: [[-71.4, 44.45], [-71.35, 44.46]] }],")
        let e = try loadError(text)
        guard case .recipe(_, _, let keyPath, _) = e else { Issue.record("\(e)"); return }
        #expect(keyPath == "routes[0].id")
    }

    @Test func relativePathsResolveAgainstTheRecipeFolderAndZipsGoThroughVsizip() {
        let folder = URL(fileURLWithPath: "/packs/recipes")
        #expect(RecipeLoader.resolvePath("../data/a.hgt", relativeTo: folder) == "/packs/data/a.hgt")
        #expect(RecipeLoader.resolvePath("tiles/b.hgt.zip", relativeTo: folder) == "/vsizip//packs/recipes/tiles/b.hgt.zip")
        #expect(RecipeLoader.resolvePath("/vsizip/t.zip/x.hgt", relativeTo: folder) == "/vsizip//packs/recipes/t.zip/x.hgt")
        #expect(RecipeLoader.physicalFile("/vsizip//packs/recipes/t.zip/x.hgt") == "/packs/recipes/t.zip")
    }
}

extension RegionExpectations {
    func with(_ edit: (inout RegionExpectations) -> Void) -> RegionExpectations {
        var copy = self
        edit(&copy)
        return copy
    }
}
