import Bindings
import Testing
@testable import Validation

@Suite("Hillshade PNG rules")
struct PNGCheckTests {
    func run(_ bytes: [UInt8], width: Int? = 4, height: Int? = 3) -> (PNGCheck.Header?, [String]) {
        let log = ProblemLog()
        let header = PNGCheck.check(bytes, file: "h.png", expectedWidth: width, expectedHeight: height, log: log)
        return (header, log.finish().map(\.ruleId))
    }

    @Test(arguments: [1, 2])
    func greyAndGreyAlphaPass(channels: Int) throws {
        let png = try PNGImage(width: 4, height: 3, channels: channels, pixels: Array(repeating: 77, count: 12 * channels)).encoded()
        let (header, rules) = run(png)
        #expect(rules.isEmpty)
        #expect(header == PNGCheck.Header(width: 4, height: 3, bitDepth: 8, colourType: channels == 1 ? 0 : 4))
    }

    @Test func rgbaIsTheWrongFormat() throws {
        let png = try PNGImage(width: 4, height: 3, channels: 4, pixels: Array(repeating: 77, count: 48)).encoded()
        #expect(run(png).1 == ["png.format"])
    }

    @Test func sizeIsCheckedOnlyWhenTheManifestGivesIt() throws {
        let png = try PNGImage(width: 4, height: 3, channels: 1, pixels: Array(repeating: 77, count: 12)).encoded()
        #expect(run(png, width: 5, height: 3).1 == ["png.size"])
        #expect(run(png, width: nil, height: nil).1.isEmpty)
    }

    @Test func garbageAndHugeHeadersDoNotDecode() throws {
        #expect(run(Array("not a png at all, just some text!!".utf8)).1 == ["png.decode"])
        var png = try PNGImage(width: 4, height: 3, channels: 1, pixels: Array(repeating: 77, count: 12)).encoded()
        png[16] = 0x7F  // width 2^30 + 4 in the IHDR
        let (header, rules) = run(png, width: nil, height: nil)
        #expect(header == nil)
        #expect(rules == ["png.decode"])
    }
}
