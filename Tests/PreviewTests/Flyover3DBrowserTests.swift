import Foundation
@testable import Preview
import TestSupport
import Testing
import TrailpackCore

/// The 3D page in a real browser: Debian's headless `chromium` (SwiftShader WebGL) loads each
/// region's `<region>-3d.html` from `file://` and `scripts/browser_check.py` measures it through
/// the page's test hook against the pack's own files (its own TER1 reader). Regions: the demo's
/// two and a region over Kauai's filled voids.
enum BrowserHarness {
    static var browserPath: String? { try? ChildRun.executablePath("chromium") }
    static var available: Bool { browserPath != nil && ThreeJS.load().bytes != nil }
    static let skipMessage: Comment = "needs Debian's chromium and libjs-three (apt-get install chromium libjs-three; CI installs them)"

    /// A region built and previewed (no MapLibre renderer, no stills), and the harness's report.
    struct Checked: Sendable {
        var region: URL
        var out: URL
        var reportJSON: Data
        var seconds: Double
    }

    static func check(recipe: String, id: String, label: String) throws -> Checked {
        let root = TestData.scratchFolder("flyover-\(label)").appendingPathComponent("pack")
        _ = try TestData.build(recipePath: recipe, outRoot: root.path)
        return try check(region: root.appendingPathComponent("regions/\(id)"), id: id, label: label)
    }

    /// Previews the region folder `region` and runs the harness over its page.
    static func check(region: URL, id: String, label: String) throws -> Checked {
        let out = TestData.scratchFolder("flyover-\(label)-preview")
        _ = try PreviewRenderer.render(packPath: region.path, outDir: out.path, validate: { _ in nil }, mapRenderer: nil, browser: nil)
        let started = Date()
        let run = try ChildRun.run(["python3", TestData.repoRoot.appendingPathComponent("scripts/browser_check.py").path,
                                    "--browser", browserPath ?? "chromium", "--page", out.appendingPathComponent("\(id)-3d.html").path,
                                    "--region", region.path, "--seed", "42"], timeoutS: 900)
        return Checked(region: region, out: out, reportJSON: run.stdout, seconds: Date().timeIntervalSince(started))
    }

    static let demo = Result { try check(recipe: DemoBuild.recipe, id: "pliny-kilkenny", label: "pliny") }
    static let jacksboro = Result {
        try check(recipe: TestData.repoRoot.appendingPathComponent("Recipes/jacksboro.json5").path, id: "jacksboro", label: "jacksboro")
    }
    static let voids = Result {
        let recipe = try KauaiCrossing.recipe(in: TestData.scratchFolder("flyover-kauai-input"))
        return try check(recipe: recipe.path, id: "kauai", label: "kauai")
    }
}

@Suite(.serialized) struct Flyover3DBrowserTests {
    @Test(.enabled(if: BrowserHarness.available, BrowserHarness.skipMessage)) func theDemoRegionPasses() throws {
        try Self.expectPasses(try BrowserHarness.demo.get())
    }

    @Test(.enabled(if: BrowserHarness.available, BrowserHarness.skipMessage)) func jacksboroPasses() throws {
        try Self.expectPasses(try BrowserHarness.jacksboro.get())
    }

    @Test(.enabled(if: BrowserHarness.available, BrowserHarness.skipMessage)) func aRegionWithFilledVoidsPasses() throws {
        let checked = try BrowserHarness.voids.get()
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: checked.region.appendingPathComponent("manifest.json"))) as? [String: Any]
        let voids = ((manifest?["files"] as? [String: Any])?["terrain"] as? [String: Any])?["filledVoids"] as? [String: Any]
        #expect((voids?["cells"] as? Int ?? 0) > 1000, "the region has filled voids")
        try Self.expectPasses(checked)
    }

    /// Every measure of the harness's report, for one region.
    static func expectPasses(_ checked: BrowserHarness.Checked) throws {
        let report = try #require(try JSONSerialization.jsonObject(with: checked.reportJSON) as? [String: Any],
                                  "no report: \(String(decoding: checked.reportJSON, as: UTF8.self).suffix(500))")
        #expect(report["error"] == nil, "\(report["error"] ?? "")")
        print("browser check of \(checked.region.lastPathComponent): load \(report["loadS"] ?? "?") s, all \(String(format: "%.1f", checked.seconds)) s")
        try expectSamplesAgree(report, region: checked.region)
        let routes = report["routes"] as? [[String: Any]] ?? []
        #expect(!routes.isEmpty)
        for route in routes { expectRoute(route) }
        try expectLandmarksWithinTheirRanges(routes, region: checked.region)
    }

    /// At each frame the page shows exactly the landmarks whose `visible` ranges hold the
    /// walker's nearest vertex (by `cum`, the earlier of two as near).
    static func expectLandmarksWithinTheirRanges(_ routes: [[String: Any]], region: URL) throws {
        let pack = try RegionPack.load(folderPath: region.path)
        let landmarks = try PackLandmarks.read(pack)
        var shownAtAll = 0
        for (k, route) in pack.routes.enumerated() {
            let report = try #require(routes.first { $0["id"] as? String == route.id })
            for f in report["frames"] as? [[String: Any]] ?? [] {
                let i = AlongLine.nearestVertex(toM: f["distanceM"] as? Double ?? -1, cumM: route.cumulativeM)
                let expected = landmarks[k].filter { $0.isVisible(from: i) }.map(\.name).sorted()
                let shown = (f["landmarks"] as? [String] ?? []).sorted()
                #expect(shown == expected, "\(route.id) at vertex \(i)")
                shownAtAll += shown.count
            }
        }
        if landmarks.contains(where: { !$0.isEmpty }) { #expect(shownAtAll > 0, "no frame showed a landmark") }
    }

    /// The page's TER1 sampler equals trailpack's (`TerrainGrid.elevationM`) at 1,000 seeded
    /// points, the corners and along the edges of every grid.
    static func expectSamplesAgree(_ report: [String: Any], region: URL) throws {
        let samples = report["samples"] as? [String: [[Any]]] ?? [:]
        let pack = try RegionPack.load(folderPath: region.path)
        var grids = ["region": try PackLandmarks.regionTerrain(pack)]
        for route in pack.routes { grids[route.id] = try pack.arPatch(for: route) }
        #expect(Set(samples.keys) == Set(grids.keys))
        for (name, points) in samples {
            let grid = try #require(grids[name])
            #expect(points.count >= 1_000 + 4)
            var worst = 0.0, outside = 0
            for p in points {
                let mine = grid.elevationM(at: LonLat(p[0] as? Double ?? .nan, p[1] as? Double ?? .nan))
                let theirs = p[2] as? Double
                #expect((mine == nil) == (theirs == nil), "\(name) at \(p[0]), \(p[1]): \(String(describing: mine)) vs \(String(describing: theirs))")
                if let mine, let theirs { worst = max(worst, abs(mine - theirs)) } else { outside += 1 }
            }
            #expect(worst <= 1e-6, "\(name): the page's sampler differs by \(worst) m")
            #expect(outside == 0, "\(name): \(outside) points outside")
        }
    }

    static func expectRoute(_ route: [String: Any]) {
        let id = route["id"] as? String ?? "?"
        expectFlightAndLabels(route)
        // Positions are written with 7 decimals and elevations with 1: allow their rounding.
        #expect((route["keyframeMinMarginM"] as? Double ?? -1) >= -0.1, "\(id): keyframe clearance margin \(route["keyframeMinMarginM"] ?? "")")
        #expect((route["cameraMinMarginM"] as? Double ?? -1) >= -0.1, "\(id): the page's camera clearance margin \(route["cameraMinMarginM"] ?? "")")
        let edge = route["patchEdge"] as? [String: Double] ?? [:]
        #expect((edge["vertices"] ?? 0) > 100)
        #expect((edge["maxStepM"] ?? 1) <= 0.01, "\(id): the patch's edge stands \(edge["maxStepM"] ?? -1) m off the region mesh")
        #expect((edge["maxStepM"] ?? 1) <= (edge["gridDisagreementM"] ?? 0) + 0.01)
        let frames = route["frames"] as? [[String: Any]] ?? []
        #expect(frames.count == 10)
        var judged = 0, skyFrames = 0
        for f in frames {
            let at = "\(id) at \(f["distanceM"] ?? "?") m"
            let inView = f["inView"] as? Int ?? 0, onRoute = f["onRoute"] as? Int ?? 0
            if inView >= 5 { #expect(Double(onRoute) >= 0.95 * Double(inView), "\(at): \(onRoute) of \(inView) route vertices on route pixels") }
            #expect((f["distinctColours"] as? Int ?? 0) > 50, "\(at): blank picture")
            #expect((f["nonSky"] as? Double ?? 0) > 0.2, "\(at): no ground")
            let skyTop = f["skyTop"] as? Double ?? 0, groundBottom = f["groundBottom"] as? Double ?? 0
            #expect(groundBottom > 0.9, "\(at): sky at the bottom")
            #expect(skyTop >= 1 - groundBottom, "\(at): more sky below than above")
            if skyTop > 0.5 { skyFrames += 1 }
            if let verdict = f["summitAboveValley"] as? Bool {
                judged += 1
                #expect(verdict, "\(at): a summit projects below a valley as far away")
            }
        }
        #expect(skyFrames >= 1, "\(id): no frame shows the sky above the horizon")
        #expect(judged >= 5, "\(id): only \(judged) frames had a summit and a valley in view")
        let totalInView = frames.reduce(0) { $0 + ($1["inView"] as? Int ?? 0) }
        #expect(totalInView >= 50, "\(id): only \(totalInView) route vertices in view over ten frames")
    }
}

extension Flyover3DBrowserTests {
    /// The page's own interpolated flight every metre keeps both clearances (over the test's
    /// terrain and the drawn mesh); labels inside their view and apart, at ten frames and in the
    /// stills; three distinct stills; the exaggeration control scales the drawn heights and the
    /// camera; the page's measure of the route's ele against its patch equals the test's.
    static func expectFlightAndLabels(_ route: [String: Any]) {
        let id = route["id"] as? String ?? "?"
        let flight = route["flight"] as? [String: Any] ?? [:]
        #expect((flight["frames"] as? Int ?? 0) > 1_000, "\(id): \(flight)")
        // Positions are written with 7 decimals (about 1 cm): allow their rounding.
        #expect((flight["cameraMinMarginM"] as? Double ?? -1) >= -0.02, "\(id): flight camera margin \(flight)")
        #expect((flight["sightMinMarginM"] as? Double ?? -1) >= -0.05, "\(id): flight sight-line margin \(flight)")
        for (what, labels) in [("frames", route["labels"]), ("stills", (route["stills"] as? [String: Any])?["labels"])] {
            let l = labels as? [String: Int] ?? [:]
            #expect(l["outside"] == 0 && l["overlaps"] == 0, "\(id) \(what): labels \(l)")
        }
        let marks = ((route["stills"] as? [String: Any])?["marks"] as? [[String: Any]] ?? []).map { $0["distanceM"] as? Double ?? -1 }
        #expect(marks.count == 3 && marks == marks.sorted() && Set(marks).count == 3, "\(id): stills at \(marks)")
        if let length = marks.last, marks.count == 3 {
            #expect(marks[1] >= max(0.1 * length, 300) - 10 && marks[1] <= length - max(0.1 * length, 300) + 10, "\(id): middle still at \(marks[1]) of \(length) m")
        }
        // Every still shows sky right under its caption band (the aim raised for the skyline).
        let sky = (route["stills"] as? [String: Any])?["skyUnderCaptions"] as? [Double] ?? []
        #expect(sky.count == 3 && sky.allSatisfy { $0 >= 0.05 }, "\(id): sky under the stills' captions \(sky)")
        expectExaggeration(route)
        let ground = route["ground"] as? [String: [String: Any]] ?? [:]
        for key in ["sunkM", "floatingM"] {
            let page = ground["page"]?[key] as? Double ?? -1, mine = ground["mine"]?[key] as? Double ?? -2
            #expect(abs(page - mine) < 1e-6, "\(id) \(key): page \(page), test \(mine)")
        }
    }

    /// After the page's exaggeration control is moved to 2: meshes scaled by 2, each region
    /// vertex drawn at twice its sample, the camera at twice its keyframe's elevation; back at 1.
    static func expectExaggeration(_ route: [String: Any]) {
        let ex = route["exaggeration"] as? [String: [String: Any]] ?? [:]
        for factor in [1.0, 2.0] {
            let at = ex["x\(Int(factor))"] ?? [:], state = at["state"] as? [String: Any] ?? [:]
            #expect(state["exaggeration"] as? Double == factor && state["regionScaleY"] as? Double == factor && state["patchScaleY"] as? Double == factor)
            let vertices = at["vertices"] as? [[Double]] ?? []
            #expect(vertices.count == 3)
            for v in vertices where v.count == 6 { #expect(abs(v[4] - factor * v[5]) < 1e-3, "vertex \(v) at \(factor)x") }
            let cameraY = at["cameraY"] as? Double ?? 0, ele = at["keyframeEle"] as? Double ?? -1
            #expect(abs(cameraY - factor * ele) < 1e-3, "camera at \(cameraY) for \(ele) m at \(factor)x")
        }
        // The route list changed at 2, to the next route and back: its patch and ribbon at 2 too.
        let changed = ex["x2"]?["afterRouteChange"] as? [[String: Any]] ?? []
        #expect(changed.count == 2)
        for state in changed {
            #expect(state["patchScaleY"] as? Double == 2 && state["ribbonScaleY"] as? Double == 2 && state["regionScaleY"] as? Double == 2, "\(state)")
        }
    }
}

/// Stills: with a browser named, the preview captures start, highest point and end of each flyover.
@Suite struct FlyoverStillsTests {
    @Test(.enabled(if: BrowserHarness.available, BrowserHarness.skipMessage)) func stillsReachTheIndexPage() throws {
        let checked = try BrowserHarness.jacksboro.get()
        let out = TestData.scratchFolder("flyover-stills")
        let started = Date()
        let result = try PreviewRenderer.render(packPath: checked.region.path, outDir: out.path, validate: { _ in nil }, mapRenderer: nil,
                                                browser: BrowserCapture(command: [try #require(BrowserHarness.browserPath)]))
        print("stills of jacksboro: \(String(format: "%.1f", Date().timeIntervalSince(started))) s for the preview with \(result.stillFiles.count) stills")
        let section = try #require(result.flyovers.first)
        #expect(section.stills.count == section.flyovers.count && section.stills.allSatisfy { $0.error == nil }, "\(section.stills)")
        #expect(result.stillFiles.count == section.flyovers.count)
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        for file in result.stillFiles {
            let name = URL(fileURLWithPath: file).lastPathComponent
            #expect(html.contains("<img src=\"\(name)\" width=\"1680\" height=\"420\""))
            let png = try Data(contentsOf: URL(fileURLWithPath: file))
            let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(w == 1680 && h == 420)
        }
        #expect(!html.contains(BrowserCapture.notSetMessage))
    }

    @Test func withoutABrowserThePageSaysWhy() throws {
        let fixture = try PreviewFixture.make()
        let out = TestData.scratchFolder("flyover-no-browser")
        let result = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: out.path, validate: { _ in nil }, mapRenderer: nil, browser: nil)
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        #expect(result.stillFiles.isEmpty)
        #expect(html.contains(HTMLText.escape(ThreeJS.load().bytes == nil ? ThreeJS.load().why ?? "" : BrowserCapture.notSetMessage)))
        #expect(result.flyovers.first?.flyovers.count == fixture.routes.count)
    }

    @Test func aMissingThreeJSIsSaid() {
        let missing = ThreeJS.load([ThreeJS.environmentKey: "/nonexistent/three.min.js"])
        #expect(missing.bytes == nil)
        #expect(missing.why?.contains("/nonexistent/three.min.js") == true && missing.why?.contains("libjs-three") == true)
        #expect(BrowserCapture.fromEnvironment([:]) == nil)
        #expect(BrowserCapture.fromEnvironment([BrowserCapture.environmentKey: "chromium --foo", BrowserCapture.timeoutKey: "30"])
            == BrowserCapture(command: ["chromium", "--foo"], timeoutS: 30))
    }
}
