import Foundation
@testable import Preview
import TestSupport
import Testing

/// The 3D page's data cap: a region whose files would make more page data than
/// `Flyover3DPage.maxDataBytes` gets no page, and the index page says why with the sizes.
@Suite struct Flyover3DPageSizeTests {
    @Test func aRegionOverTheCapGetsNoPageAndIndexSaysWhy() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let region = try PackLandmarks.regionTerrain(pack)
        let files = try Flyover3DPage.packFiles(pack)
        let flyovers = try RegionFlyovers.make(pack, region: region)
        let total = files.reduce(0) { $0 + ($1.bytes.count + 2) / 3 * 4 } + flyovers.entries.reduce(0) { $0 + ($1.bytes.count + 2) / 3 * 4 }
        // Exactly the data script's base64: at the cap it fits, a byte under it does not.
        let script = Flyover3DPage.dataScript(pack, files: files, flyovers: flyovers)
        #expect(script.utf8.count > total && script.utf8.count < total + 4_096)
        #expect(Flyover3DPage.tooLarge(files: files, flyovers: flyovers, maxBytes: total) == nil)
        let why = try #require(Flyover3DPage.tooLarge(files: files, flyovers: flyovers, maxBytes: total - 1))
        #expect(why.contains("3D page not made") && why.contains("terrain.resolutionM"))

        let out = TestData.scratchFolder("flyover-too-large")
        var written: [String] = [], stills: [String] = []
        let section = try FlyoverSection.write(pack, region: region, outURL: out, browser: nil, maxDataBytes: total - 1,
                                               written: &written, stillFiles: &stills)
        #expect(section.page == nil && section.pageWhy == why && section.stillsWhy == why)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(Flyover3DPage.dataFile(regionId: pack.manifest.id)).path))
        // The flyover documents are still written: the app team's replay does not need the page.
        #expect(section.flyovers.count == pack.routes.count && written.count == pack.routes.count)
    }

    @Test func aWholeTileFitsTheCap() {
        // The N44W072 tile at 30 m: terrain.bin 19.6 MB and hillshade.png 3.4 MB as built.
        let files: [(name: String, bytes: [UInt8])] = [("terrain.bin", [UInt8](repeating: 0, count: 19_584_674)),
                                                       ("hillshade.png", [UInt8](repeating: 0, count: 3_440_161))]
        let none = RegionFlyovers(frame: .init(origin: .init(-71.5, 44.5)), entries: [])
        #expect(Flyover3DPage.tooLarge(files: files, flyovers: none) == nil)
        // The same tile at 10 m (nine times the samples) does not.
        let finer: [(name: String, bytes: [UInt8])] = [("terrain.bin", [UInt8](repeating: 0, count: 9 * 19_584_674))]
        let why = Flyover3DPage.tooLarge(files: finer, flyovers: none)
        #expect(why?.contains("the largest is terrain.bin, 168.1 MB") == true, "\(why ?? "")")
    }
}
