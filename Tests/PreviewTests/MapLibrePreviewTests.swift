import Bindings
import Foundation
import Preview
import TestSupport
import Testing
import TrailpackCore

/// The cameras of the preview's MapLibre renders, computed in Swift.
@Suite struct MapLibreViewTests {
    /// The frame's corners in lon/lat.
    static func corners(_ v: MapLibreView) -> (nw: LonLat, se: LonLat) {
        let c = MapLibreView.world(v.center, zoom: v.zoom)
        return (MapLibreView.lonLat(worldX: c.x - Double(v.width) / 2, worldY: c.y - Double(v.height) / 2, zoom: v.zoom),
                MapLibreView.lonLat(worldX: c.x + Double(v.width) / 2, worldY: c.y + Double(v.height) / 2, zoom: v.zoom))
    }

    /// True when the view's picture lies inside `box` (to a pixel).
    static func lies(_ v: MapLibreView, inside box: BBox) -> Bool {
        let nw = v.pixel(LonLat(box.west, box.north)), se = v.pixel(LonLat(box.east, box.south))
        return nw.x <= 1 && nw.y <= 1 && se.x >= Double(v.width) - 1 && se.y >= Double(v.height) - 1
    }

    @Test func theRegionViewIsTheRegionWholeAndNothingOutsideIt() {
        let boxes = [BBox(west: -71.50, south: 44.40, east: -71.22, north: 44.66),       // tall
                     BBox(west: -71.9995, south: 44.0005, east: -71.0005, north: 44.9995), // a whole tile
                     BBox(west: -84.30, south: 36.33, east: -84.10, north: 36.36),          // wide
                     BBox(west: -71.42, south: 44.49, east: -71.41, north: 44.52)]          // narrow
        for box in boxes {
            let view = MapLibreView.views(bbox: box, firstRoute: nil)[0]
            let nw = view.pixel(LonLat(box.west, box.north)), se = view.pixel(LonLat(box.east, box.south))
            // The image is the region: its corners at the image's corners (to a pixel), the
            // larger side filling the 900 x 600 limit.
            #expect(Self.lies(view, inside: box), "\(box): \(nw) \(se) in \(view.width)x\(view.height)")
            #expect(abs(nw.x) <= 1 && abs(nw.y) <= 1 && abs(se.x - Double(view.width)) <= 1 && abs(se.y - Double(view.height)) <= 1,
                    "\(box): \(nw) \(se) in \(view.width)x\(view.height)")
            #expect(view.width >= 898 || view.height >= 598 || view.zoom == MapLibreView.maxFitZoom, "\(box): \(view)")
            #expect(view.width <= 900 && view.height <= 600)
        }
    }

    /// The route frame holds the route, its start and end rings and the names of the POIs at it
    /// with the margin, and lies inside the region even when the route runs along its edge.
    @Test func theRouteFrameHoldsItsSubjectWithAMarginInsideTheRegion() {
        let region = BBox(west: -71.50, south: 44.40, east: -71.22, north: 44.66)
        // A route along the region's west edge, a summit with a long name at its end.
        let route = [LonLat(-71.4995, 44.45), LonLat(-71.497, 44.47), LonLat(-71.493, 44.49), LonLat(-71.496, 44.51)]
        let pois = [(name: "Mount Madison and its long name", location: LonLat(-71.496, 44.5101)),
                    (name: "Far Away Pond", location: LonLat(-71.30, 44.60))]
        let views = MapLibreView.views(bbox: region, firstRoute: route, pois: pois)
        let view = views[1]
        #expect(view.kind == .route && Self.lies(view, inside: region), "\(view)")
        let subject = MapLibreView.routeItems(route, first: route[0], last: route[3], pois: pois)
        #expect(subject.count == route.count + 3, "the summit near the route is in its subject, the far pond is not")
        // Each item's box grown by the margin, cut by the region's edge (nothing is drawn beyond
        // it), lies inside the image.
        let nw = view.pixel(LonLat(region.west, region.north)), se = view.pixel(LonLat(region.east, region.south))
        let m = MapLibreFrame.marginPx
        for item in subject {
            let p = view.pixel(item.point)
            let box = (max(p.x - item.left - m, nw.x), max(p.y - item.top - m, nw.y), min(p.x + item.right + m, se.x), min(p.y + item.bottom + m, se.y))
            #expect(box.0 >= -0.5 && box.1 >= -0.5 && box.2 <= Double(view.width) + 0.5 && box.3 <= Double(view.height) + 0.5,
                    "\(item) at \(p) in \(view.width)x\(view.height)")
        }
        #expect(nw.x > -1 && nw.x < 1, "the route runs along the region's west edge: the frame stops there (\(nw))")
        // The close-up at the route's middle is moved into the region too.
        #expect(views[2].zoom == MapLibreView.closeUpZoom && Self.lies(views[2], inside: region), "\(views[2])")
    }

    @Test func aShortRouteIsFittedNoCloserThanMaxFitZoom() {
        let region = BBox(west: -71.50, south: 44.40, east: -71.22, north: 44.66)
        let p = LonLat(-71.40, 44.45)
        let views = MapLibreView.views(bbox: region, firstRoute: [p, p])
        #expect(views[1].zoom == MapLibreView.maxFitZoom)
        #expect(abs(views[1].pixel(p).x - 450) < 0.5 && abs(views[1].pixel(p).y - 300) < 0.5)
        #expect(views.map { $0.fileName(regionId: "r") } == ["r-maplibre-region.png", "r-maplibre-route.png", "r-maplibre-z15.png"])
        let none = MapLibreView.views(bbox: region, firstRoute: nil)
        #expect(none.map(\.kind) == [.region, .route, .z15] && none[1].center == none[0].center && none[2].zoom == 15)
    }

    @Test func theRendererCommandComesFromTheEnvironment() {
        #expect(MapLibreRenderer.fromEnvironment([:]) == nil)
        #expect(MapLibreRenderer.fromEnvironment(["TRAILPACK_RENDERER": "  "]) == nil)
        let r = MapLibreRenderer.fromEnvironment(["TRAILPACK_RENDERER": "/v/bin/python  /r/scripts/render_style.py",
                                                  "TRAILPACK_RENDERER_TIMEOUT": "7.5"])
        #expect(r?.command == ["/v/bin/python", "/r/scripts/render_style.py"] && r?.timeoutS == 7.5)
        let view = MapLibreView(kind: .z15, center: LonLat(-71.4, 44.5), zoom: 15, width: 900, height: 600)
        #expect(r?.arguments(stylePath: "/p/style.json", view: view, outPath: "/o/x.png")
            == ["/v/bin/python", "/r/scripts/render_style.py", "--style", "/p/style.json", "--center=-71.4,44.5", "--zoom", "15.0",
                "--size", "900x600", "--out", "/o/x.png", "--timeout", "7.5"])
    }
}

/// `trailpack preview`'s MapLibre section: renders with a renderer, the reason without one.
@Suite struct MapLibrePreviewTests {
    /// The repo's renderer (`make venv`), named as `TRAILPACK_RENDERER` would name it.
    static var repoRenderer: MapLibreRenderer? {
        guard let python = IndependentRouter.python else { return nil }
        let script = TestData.repoRoot.appendingPathComponent("scripts/render_style.py").path
        return MapLibreRenderer.fromEnvironment(["TRAILPACK_RENDERER": "\(python.path) \(script)"])
    }

    @Test(.enabled(if: DemoPreview.available && MapRenderer.isAvailable, "no mapli in .venv: run 'make venv'"))
    func theDemoPackPreviewShowsThreeMapLibreRenders() throws {
        let demo = try DemoPreview.get()
        let id = demo.summary.regionID
        guard case .rendered(let entries) = try #require(demo.result.mapLibreRenders.first) else {
            Issue.record("no MapLibre renders: \(demo.result.mapLibreRenders)")
            return
        }
        #expect(entries.map(\.error) == [nil, nil, nil])
        let names = ["region", "route", "z15"].map { "\(id)-maplibre-\($0).png" }
        #expect(entries.map(\.file) == names)
        #expect(demo.result.mapLibreFiles == names.map { demo.out.appendingPathComponent($0).path })
        // Not among the byte-reproducible files.
        #expect(Set(demo.result.files).isDisjoint(with: demo.result.mapLibreFiles))

        let route = try RegionPack.load(folderPath: demo.summary.regionFolder).routes[0].coords
        for (entry, path) in zip(entries, demo.result.mapLibreFiles) {
            let png = try PNGImage.read(path: path)
            #expect(png.width == entry.view.width && png.height == entry.view.height, "\(entry.file): \(png.width)x\(png.height)")
            var colours: Set<UInt32> = []
            for k in stride(from: 0, to: png.width * png.height, by: 7) {
                let p = k * png.channels
                colours.insert(UInt32(png.pixels[p]) << 16 | UInt32(png.pixels[p + 1]) << 8 | UInt32(png.pixels[p + 2]))
            }
            #expect(colours.count > 100, "\(entry.file): \(colours.count) colours")
            // The first route (vermillion #d55e00) is drawn where the view puts its vertices.
            guard entry.view.kind != .region else { continue }
            var seen = 0, inside = 0
            for p in route {
                let (x, y) = entry.view.pixel(p)
                guard x >= 3, y >= 3, x < Double(png.width - 3), y < Double(png.height - 3) else { continue }
                inside += 1
                var hit = false
                for dy in -3...3 { for dx in -3...3 where !hit {
                    let q = ((Int(y) + dy) * png.width + Int(x) + dx) * png.channels
                    hit = abs(Int(png.pixels[q]) - 0xd5) < 40 && abs(Int(png.pixels[q + 1]) - 0x5e) < 40 && abs(Int(png.pixels[q + 2]) - 0x00) < 50
                } }
                if hit { seen += 1 }
            }
            #expect(inside > 10 && Double(seen) >= 0.8 * Double(inside), "\(entry.file): route colour at \(seen) of \(inside) vertices")
        }

        let html = try String(contentsOfFile: demo.result.indexPath, encoding: .utf8)
        let check = XHTMLCheck(html)
        #expect(check.problems.isEmpty, "\(check.problems)")
        for name in names { #expect(check.references.contains(name), "index.html does not show \(name)") }
        #expect(html.contains("Map (MapLibre Native)") && !html.contains("MapLibre renders not made"))
    }

    @Test func withoutARendererThePageSaysWhyAndThePreviewSucceeds() throws {
        let fixture = try PreviewFixture.make()
        try Data("{\"version\": 8, \"sources\": {}, \"layers\": []}".utf8).write(to: fixture.regionURL.appendingPathComponent("style.json"))
        let out = TestData.scratchFolder("preview-no-renderer")
        let result = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: out.path,
                                                mapRenderer: MapLibreRenderer.fromEnvironment([:]))
        #expect(result.mapLibreFiles.isEmpty && result.mapLibreRenders == [.notMade(reason: MapLibreRenderer.notSetMessage)])
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        #expect(html.contains("MapLibre renders not made: set TRAILPACK_RENDERER"))
        #expect(html.contains("(make preview sets it)"))
        #expect(!html.contains("maplibre-region.png"))
        #expect(XHTMLCheck(html).problems.isEmpty)
    }

    @Test func aFailingOrHangingRendererIsReportedAndThePreviewSucceeds() throws {
        let fixture = try PreviewFixture.make()
        try Data("{\"version\": 8, \"sources\": {}, \"layers\": []}".utf8).write(to: fixture.regionURL.appendingPathComponent("style.json"))
        let scripts = TestData.scratchFolder("fake-renderers")
        func script(_ name: String, _ body: String) throws -> String {
            let url = scripts.appendingPathComponent(name)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url.path
        }
        let failing = try script("fail.sh", #"echo '{"ok": false, "errors": ["style refused: no glyphs"]}'; exit 1"#)
        let hanging = try script("hang.sh", "exec sleep 30")
        var slow = MapLibreRenderer(command: [hanging], timeoutS: 0.2)
        slow.graceS = 0.3
        let cases: [(MapLibreRenderer, String)] = [
            (MapLibreRenderer(command: [failing]), "style refused: no glyphs"),
            (slow, "the renderer did not finish within 0.5 s (killed)"),
            (MapLibreRenderer(command: [scripts.appendingPathComponent("missing").path]), "cannot run TRAILPACK_RENDERER"),
        ]
        for (renderer, message) in cases {
            let out = TestData.scratchFolder("preview-bad-renderer")
            let result = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: out.path, validate: { _ in [] }, mapRenderer: renderer)
            #expect(result.mapLibreFiles.isEmpty)
            guard case .rendered(let entries) = result.mapLibreRenders[0] else {
                Issue.record("\(result.mapLibreRenders)")
                continue
            }
            #expect(entries.count == 3 && entries.allSatisfy { $0.error?.contains(message) == true }, "\(entries.map(\.error))")
            let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
            #expect(html.contains("MapLibre render not made: ") && html.contains(HTMLText.escape(message)))
            #expect(XHTMLCheck(html).problems.isEmpty)
        }
    }
}
