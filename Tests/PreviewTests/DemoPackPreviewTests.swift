import Bindings
import Drawing
import Foundation
import Pipeline
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// The demo built by the real pipeline (`DemoBuild`) and its preview, made once and shared by
/// the tests that read them.
enum DemoPreview {
    static let recipe = TestData.repoRoot.appendingPathComponent("Recipes/pliny-kilkenny.json5").path
    static var available: Bool { FileManager.default.fileExists(atPath: recipe) }

    struct Built: Sendable {
        var summary: BuildSummary
        var root: URL
        var out: URL
        var result: PreviewResult
    }

    private static let built = Result<Built, any Error> {
        let demo = try DemoBuild.get()
        let (root, summary) = (demo.root, demo.summary)
        // Outside the shared pack root: a preview is not part of the pack.
        let out = TestData.scratchFolder("preview-demo")
        // With the repo's MapLibre renderer (`make venv`) when there is one (MapLibrePreviewTests).
        let result = try PreviewRenderer.render(packPath: root.path, outDir: out.path, mapRenderer: MapLibrePreviewTests.repoRenderer,
                                                browser: nil)
        return Built(summary: summary, root: root, out: out, result: result)
    }

    /// The built demo pack and its preview (built on first use).
    static func get() throws -> Built { try built.get() }
}

/// The demo recipe built by the real pipeline, then previewed from disk.
@Suite struct DemoPackPreviewTests {
    @Test(.enabled(if: DemoPreview.available))
    func previewOfTheDemoPack() throws {
        let demo = try DemoPreview.get()
        let (summary, out, result) = (demo.summary, demo.out, demo.result)
        #expect(result.regionIds == [summary.regionID])
        // Overview and index, then per route: profile, AR close-up, panorama, reroute check.
        #expect(result.files.count == 2 + 4 * summary.routes.count)

        let pack = try RegionPack.load(folderPath: summary.regionFolder)
        let overviewPNG = try PNGImage.read(path: result.files[0])
        let overview = try OverviewRenderer.render(pack)
        #expect(overviewPNG.width == overview.image.widthPx && overviewPNG.height == overview.image.heightPx)
        #expect(max(overview.frame.rect.widthPx, overview.frame.rect.heightPx) == 2000)
        let checked = try RouteColourCheck.run(image: overview.image, routes: pack.routes.map(\.coords), edges: try pack.hillshadeBounds(),
                                               frameWidthPx: overview.frame.rect.widthPx, frameHeightPx: overview.frame.rect.heightPx,
                                               skipBoxes: overview.aboveRouteBoxes)
        #expect(checked.reduce(0, +) >= 30, "vertices checked per route: \(checked)")

        for file in result.files.dropFirst().dropLast() {
            let png = try PNGImage.read(path: file)
            if file.hasSuffix("-profile.png") { #expect(png.width == 1600 && png.height == 820) } else { #expect(png.width >= 900 && png.height > 100) }
        }
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        let check = XHTMLCheck(html)
        #expect(check.problems.isEmpty, "\(check.problems)")
        for ref in check.references { #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(ref).path)) }
        for route in summary.routes { #expect(html.contains(HTMLText.escape(route.name))) }
    }

    /// Every picture's frame on the page is the picture's own size: its `<img>` carries the
    /// PNG's width and height.
    @Test(.enabled(if: DemoPreview.available))
    func imagesOnThePageCarryTheirPixelSize() throws {
        let demo = try DemoPreview.get()
        let html = try String(contentsOfFile: demo.result.indexPath, encoding: .utf8)
        let tags = html.components(separatedBy: "<img src=\"").dropFirst().map { String($0.prefix { $0 != ">" }) }
        var sized = 0
        for tag in tags where !tag.contains("-maplibre-") {
            let file = String(tag.prefix { $0 != "\"" })
            let png = try PNGImage.read(path: demo.out.appendingPathComponent(file).path)
            #expect(tag.contains("width=\"\(png.width)\" height=\"\(png.height)\""), "\(file): \(tag)")
            sized += 1
        }
        #expect(sized == demo.result.files.count - 1)
    }

    /// The demo's pictures as drawn: overview and AR labels never overlap, never cover a route
    /// and stay on the map; panorama labels never overlap and no panel says "0 of 0".
    @Test(.enabled(if: DemoPreview.available))
    func theDemosLabelsReadOnEveryPicture() throws {
        let demo = try DemoPreview.get()
        let pack = try RegionPack.load(folderPath: demo.summary.regionFolder)
        let overview = try OverviewRenderer.render(pack)
        #expect(overview.labelBoxes.count >= 10, "\(overview.labelBoxes.count) labels")
        LabelPlacementTests.expectDisjointInside(overview.labelBoxes, overview.frame.rect, "demo overview")
        for box in overview.labelBoxes {
            for route in pack.routes {
                let line = route.coords.map(overview.frame.point)
                #expect(!zip(line, line.dropFirst()).contains { LineObstacle(a: $0, b: $1, halfWidthPx: 3).touches(box) }, "\(box) on \(route.id)")
            }
        }
        let landmarks = try PackLandmarks.read(pack), terrain = try PackLandmarks.regionTerrain(pack)
        for (k, route) in pack.routes.enumerated() {
            let ar = try ARPatchRenderer.render(route: route, patch: try pack.arPatch(for: route), trails: pack.trails, color: .black)
            LabelPlacementTests.expectDisjointInside(ar.labelBoxes, ar.frame.rect, "demo AR \(route.id)")
            let panorama = try PanoramaRenderer.render(route: route, landmarks: landmarks[k], region: terrain, patch: try pack.arPatch(for: route), color: .black)
            let image = PixelRect(xPx: 0, yPx: 0, widthPx: Double(panorama.image.widthPx), heightPx: Double(panorama.image.heightPx))
            LabelPlacementTests.expectDisjointInside(panorama.labelBoxes, image, "demo panorama \(route.id)")
            #expect(!panorama.summary.contains("0 of the route's 0"))
        }
    }
}

