import Bindings
import Foundation
import Testing
import TestSupport
import TrailpackCore

@Suite struct RasterDatasetTests {
    @Test func opensTheSRTMTileWithItsGeoreferencing() throws {
        let ds = try RasterDataset.open(path: TestData.path("white-mountains/N44W072.hgt"))
        #expect(ds.width == 1201 && ds.height == 1201)
        let e = try ds.lonLatExtent()
        #expect(abs(e.west - -72.000417) < 1e-5 && abs(e.north - 45.000417) < 1e-5)
        #expect(ds.noDataValue() == -32768)
    }

    @Test func missingFileNamesThePathAndTheReason() {
        do {
            _ = try RasterDataset.open(path: "/nonexistent/dem.tif")
            Issue.record("opened a missing file")
        } catch {
            #expect(error.subject == "/nonexistent/dem.tif")
            #expect(error.description.contains("no such file"))
        }
    }

    @Test func unreadableFileCarriesGDALsOwnMessage() throws {
        let dir = TestData.scratchFolder("raster")
        let path = dir.appendingPathComponent("not-a-dem.tif").path
        try Data("this is not a raster".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try RasterDataset.open(path: path)
            Issue.record("opened a text file as a raster")
        } catch {
            #expect(error.subject == path)
            #expect(error.reason.contains("not recognized") || error.reason.contains("not a supported"), "\(error.reason)")
        }
    }

    @Test func readsZippedTilesThroughVsizip() throws {
        let ds = try RasterDataset.open(path: "/vsizip/" + TestData.path("kauai-voids/N22W160v2.3a.hgt.zip") + "/N22W160.hgt")
        #expect(ds.width == 1201)
        let values = try ds.readFloat32()
        #expect(values.filter { $0 == -32768 }.count == 4279)
    }
}
