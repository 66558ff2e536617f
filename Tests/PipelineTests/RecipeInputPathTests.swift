import Foundation
@testable import Pipeline
import Testing

@Suite struct RecipeInputPathTests {
    @Test func compressedAndRemotePathsGoThroughGDALsVirtualFileSystems() {
        let folder = URL(fileURLWithPath: "/data/recipes")
        #expect(RecipeLoader.resolvePath("t/N44W072.hgt.gz", relativeTo: folder) == "/vsigzip//data/recipes/t/N44W072.hgt.gz")
        #expect(RecipeLoader.resolvePath("t/tiles.tar", relativeTo: folder) == "/vsitar//data/recipes/t/tiles.tar")
        #expect(RecipeLoader.resolvePath("/d/tiles.tar.gz", relativeTo: folder) == "/vsitar//d/tiles.tar.gz")
        #expect(RecipeLoader.resolvePath("/d/N22W160.hgt.zip", relativeTo: folder) == "/vsizip//d/N22W160.hgt.zip")
        #expect(RecipeLoader.resolvePath("t/tiles.zip/N22W160.hgt", relativeTo: folder) == "/vsizip//data/recipes/t/tiles.zip/N22W160.hgt")
        #expect(RecipeLoader.resolvePath("t/tiles.tgz/a/N44W072.hgt", relativeTo: folder) == "/vsitar//data/recipes/t/tiles.tgz/a/N44W072.hgt")
        #expect(RecipeLoader.resolvePath("https://example.org/dem.tif", relativeTo: folder) == "/vsicurl/https://example.org/dem.tif")
        #expect(RecipeLoader.resolvePath("/vsis3/bucket/dem.tif", relativeTo: folder) == "/vsis3/bucket/dem.tif")
        #expect(RecipeLoader.physicalFile("/vsitar//d/tiles.tar.gz/N44W072.hgt") == "/d/tiles.tar.gz")
        #expect(RecipeLoader.physicalFile("/vsigzip//d/N44W072.hgt.gz") == "/d/N44W072.hgt.gz")
        #expect(RecipeLoader.isRemote("/vsicurl/https://example.org/dem.tif") && !RecipeLoader.isRemote("/vsizip//d/a.zip"))
    }
}
