import Bindings
import Foundation
import Preview
import TestSupport
import Testing
import TrailpackCore
import Validation

@Suite struct PreviewRendererTests {
    @Test func writesEveryPictureAndAnIndexThatReferencesThem() throws {
        let fixture = try PreviewFixture.make()
        let out = TestData.scratchFolder("preview-out").appendingPathComponent("nested")
        let result = try PreviewRenderer.render(packPath: fixture.rootURL.path, outDir: out.path)
        let id = PreviewFixture.regionId
        let names = ["\(id)-overview.png", "\(id)-summit-trail-profile.png", "\(id)-summit-trail-ar.png",
                     "\(id)-pond-walk-profile.png", "\(id)-pond-walk-ar.png",
                     "\(id)-summit-trail-panorama.png", "\(id)-pond-walk-panorama.png", "index.html"]
        #expect(result.files == names.map { out.appendingPathComponent($0).path })
        #expect(result.indexPath == out.appendingPathComponent("index.html").path)
        #expect(result.regionIds == [id])

        let overview = try PNGImage.read(path: result.files[0])
        let edges = GridGeometry(width: fixture.terrain.width, height: fixture.terrain.height, bounds: fixture.terrain.bounds).pixelEdgeBounds
        let spanX = (edges.east - edges.west) * Double.pi / 180
        let spanY = WebMercator.y(latDeg: edges.north) - WebMercator.y(latDeg: edges.south)
        #expect(overview.width == Int(max((2000 * spanX / spanY).rounded(), 1200)))
        #expect(overview.height > 2000)
        for profile in [result.files[1], result.files[3]] {
            let png = try PNGImage.read(path: profile)
            #expect(png.width == 1600 && png.height == 820 && png.channels == 3)
        }
        for (k, ar) in [result.files[2], result.files[4]].enumerated() {
            let png = try PNGImage.read(path: ar)
            let patch = fixture.routes[k].patch
            let e = GridGeometry(width: patch.width, height: patch.height, bounds: patch.bounds).pixelEdgeBounds
            let sx = (e.east - e.west) * Double.pi / 180, sy = WebMercator.y(latDeg: e.north) - WebMercator.y(latDeg: e.south)
            #expect(max(png.width, png.height - 100) == 1400 || png.width == 900)
            #expect(png.height - 100 == Int((sx >= sy ? 1400 * sy / sx : 1400).rounded()))
        }

        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        let check = XHTMLCheck(html)
        #expect(check.problems.isEmpty, "\(check.problems)")
        // The 3D page (with Debian's three.js) and every route's flyover document.
        let threeD = ["\(id)-summit-trail-flyover.json", "\(id)-pond-walk-flyover.json"]
            + (ThreeJS.load().bytes == nil ? [] : ["\(id)-3d.html"])
        #expect(Set(check.references) == Set(names.dropLast() + threeD))
        #expect(Set(threeD).isSubset(of: Set(result.pageFiles.map { URL(fileURLWithPath: $0).lastPathComponent })))
        for ref in check.references {
            #expect(!ref.contains("/") && !ref.contains(":"), "reference \(ref) leaves the folder")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(ref).path), "missing \(ref)")
        }
        // The default validation is the Validation module's, run on the same path.
        let report = PackValidator.validate(path: fixture.rootURL.path)
        if report.problems.isEmpty {
            #expect(html.contains("No problems found."))
        } else {
            let notes = report.problems.count - report.errorCount - report.warningCount
            #expect(html.contains("\(report.errorCount) error(s), \(report.warningCount) warning(s), \(notes) note(s)."))
            for p in report.problems { #expect(html.contains(HTMLText.escape(p.ruleId))) }
        }
    }

    @Test func sameInputGivesSameBytes() throws {
        let fixture = try PreviewFixture.make()
        let a = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: TestData.scratchFolder("preview-a").path)
        let b = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: TestData.scratchFolder("preview-b").path)
        #expect(a.files.count == 8)
        #expect(a.pageFiles.count == b.pageFiles.count && a.pageFiles.count >= 2)
        for (x, y) in zip(a.files + a.pageFiles, b.files + b.pageFiles) {
            #expect(FileManager.default.contents(atPath: x) == FileManager.default.contents(atPath: y), "\(x) differs")
        }
    }

    @Test func validationProblemsReachThePage() throws {
        let fixture = try PreviewFixture.make()
        let out = TestData.scratchFolder("preview-validate")
        let result = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: out.path) { path in
            [.init(ruleId: "demo-rule", severity: .error, file: "manifest.json", location: .file, expected: "seen \(URL(fileURLWithPath: path).lastPathComponent)", found: "x")]
        }
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        #expect(html.contains("demo-rule") && html.contains("seen \(PreviewFixture.regionId)"))
        #expect(html.contains("1 error(s), 0 warning(s)"))
    }

    @Test func refusesAFolderThatIsNotAPack() throws {
        let empty = TestData.scratchFolder("preview-empty")
        #expect(throws: PreviewError.notAPack(path: empty.path)) {
            try PreviewRenderer.render(packPath: empty.path, outDir: empty.appendingPathComponent("out").path)
        }
    }

    @Test func reportsAMissingRouteFile() throws {
        let fixture = try PreviewFixture.make()
        let routePath = fixture.regionURL.appendingPathComponent("routes/pond-walk.json").path
        try FileManager.default.removeItem(atPath: routePath)
        #expect(throws: PreviewError.unreadable(path: routePath, reason: "no such file or unreadable")) {
            try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: TestData.scratchFolder("preview-missing").path)
        }
    }
}
