import Bindings
import Drawing
import Foundation
import Preview
import Rerouting
import TestSupport
import Testing
import TrailpackCore

/// Trail network nodes on the overview, and the per-route reroute check of the preview.
@Suite struct RerouteCheckTests {
    static let nodeColor = RoutePalette.networkNode.rgbBytes

    /// Junctions and dead ends of the demo overview carry the node colour at their projected
    /// positions, except where a route, a marker or a label is drawn above them.
    @Test(.enabled(if: DemoPreview.available))
    func overviewMarksTheNetworkNodes() throws {
        let demo = try DemoPreview.get()
        let pack = try RegionPack.load(folderPath: demo.summary.regionFolder)
        let network = try #require(pack.network)
        let marks = NetworkNodeLayer.marks(network)
        #expect(marks.count == network.nodes.count)
        #expect(marks.contains { $0.kind == .junction } && marks.contains { $0.kind == .deadEnd })
        let overview = try OverviewRenderer.render(pack)
        let edges = try pack.hillshadeBounds()
        let (w, h) = (overview.frame.rect.widthPx, overview.frame.rect.heightPx)
        let routes = pack.routes.map { $0.coords.map { Pixels.project($0, edges: edges, widthPx: w, heightPx: h) } }
        var checked = 0, matched: [String] = [], missed: [String] = []
        for mark in marks where mark.kind != .through {
            let p = Pixels.project(mark.location, edges: edges, widthPx: w, heightPx: h)
            let underRoute = routes.contains { r in zip(r, r.dropFirst()).contains { Pixels.distanceToSegment(p, $0, $1) < 10 } }
            let underMarker = overview.aboveRouteBoxes.contains { $0.insetBy(marginPx: -4).contains(PixelPoint(xPx: p.x, yPx: p.y)) }
            if underRoute || underMarker { continue }
            checked += 1
            let rgb = Array(overview.image.rgba(x: Int(p.x), y: Int(p.y)).prefix(3)).map(Int.init)
            if Pixels.matches(rgb, Self.nodeColor, tolerance: 4) { matched.append("\(mark.kind)") } else { missed.append("\(mark.kind) at \(p): \(rgb)") }
        }
        // POIs, landmark summits and their names are drawn above the nodes too: allow a few covered.
        #expect(checked >= 8, "nodes clear of routes: \(checked)")
        #expect(missed.count * 5 <= checked, "nodes without the node colour: \(missed)")
        // The legend row has node-coloured symbols below the map.
        #expect(Self.countNodePixels(overview.image, fromRowPx: Int(h) + 1) > 20)
    }

    /// A region without routing.json: no node marks anywhere, no reroute pictures, and the page
    /// says why each route has no check.
    @Test func regionWithoutRoutingHasNoMarksAndSaysWhy() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        #expect(pack.network == nil && pack.manifest.files.routing == nil)
        let overview = try OverviewRenderer.render(pack)
        #expect(Self.countNodePixels(overview.image, fromRowPx: 0) == 0)
        let out = TestData.scratchFolder("preview-no-routing")
        let result = try PreviewRenderer.render(packPath: fixture.regionURL.path, outDir: out.path)
        #expect(!result.files.contains { $0.hasSuffix("-reroute.png") })
        let html = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        #expect(XHTMLCheck(html).problems.isEmpty)
        let why = "No reroute check: the region has no routing.json (it was built without trails)."
        #expect(html.components(separatedBy: why).count - 1 == fixture.routes.count)
    }

    /// Every demo route has a check: a rejoin at or after the middle, a picture on disk that
    /// shows the way back, and a sentence with its numbers on the page.
    @Test(.enabled(if: DemoPreview.available))
    func indexHasARerouteCheckPerRoute() throws {
        let demo = try DemoPreview.get()
        let pack = try RegionPack.load(folderPath: demo.summary.regionFolder)
        let html = try String(contentsOfFile: demo.result.indexPath, encoding: .utf8)
        let pairs = Self.middleAndRejoin(html)
        #expect(pairs.count == pack.routes.count, "\(pairs)")
        for (middle, rejoin) in pairs { #expect(rejoin >= middle) }
        for (k, outcome) in RerouteChecker.checks(pack).enumerated() {
            guard case .checked(let check) = outcome else {
                Issue.record("route \(pack.routes[k].id): \(outcome)")
                continue
            }
            let route = pack.routes[k]
            #expect(check.middleIndex == pairs[k].middle && check.rejoinIndex == pairs[k].rejoin)
            #expect(abs(Geodesic.distanceM(check.offRoute, route.coords[check.middleIndex]) - RerouteChecker.offsetM) < 1)
            #expect(check.wayBack.first == check.offRoute && check.wayBack.last == route.coords[check.rejoinIndex])
            #expect(check.wayBackM >= 250 && check.wayBackTimeS > 0 && !check.firstInstruction.isEmpty)
            #expect(html.contains(HTMLText.escape(check.summary)))
            let picture = demo.out.appendingPathComponent("\(pack.manifest.id)-\(route.id)-reroute.png")
            #expect(html.contains("src=\"\(picture.lastPathComponent)\""))
            let png = try PNGImage.read(path: picture.path)
            #expect(png.width == Int(RerouteCheckRenderer.mapLongSidePx) && png.height > png.width)
            try Self.expectWayBackDrawn(check, route: route, pack: pack, colorIndex: k)
        }
    }

    /// The way back is drawn in its colour over most of its vertices, and a second rendering
    /// gives the same pixels.
    static func expectWayBackDrawn(_ check: RerouteCheck, route: PackRoute, pack: RegionPack, colorIndex: Int) throws {
        let color = RoutePalette.routeColor(index: colorIndex)
        let picture = try RerouteCheckRenderer.render(check, route: route, pack: pack, color: color)
        #expect(try RerouteCheckRenderer.render(check, route: route, pack: pack, color: color).image == picture.image)
        var checked = 0, green = 0
        for p in check.wayBack.map(picture.frame.point) {
            if picture.aboveRouteBoxes.contains(where: { $0.insetBy(marginPx: -3).contains(p) }) { continue }
            checked += 1
            let rgb = Array(picture.image.rgba(x: Int(p.xPx), y: Int(p.yPx)).prefix(3)).map(Int.init)
            if Pixels.matches(rgb, RoutePalette.wayBack.rgbBytes, tolerance: 4) { green += 1 }
        }
        #expect(checked >= 10 && green * 10 >= checked * 9, "\(route.id): \(green) of \(checked) way-back vertices green")
    }

    /// `(middle, rejoin)` of every checked route, from the page's `data-` attributes, in order.
    static func middleAndRejoin(_ html: String) -> [(middle: Int, rejoin: Int)] {
        html.components(separatedBy: "data-middle=\"").dropFirst().compactMap { chunk in
            let middle = Int(chunk.prefix { $0.isNumber })
            let rest = chunk.components(separatedBy: "data-rejoin=\"").dropFirst().first
            guard let middle, let rejoin = rest.flatMap({ Int($0.prefix { $0.isNumber }) }) else { return nil }
            return (middle, rejoin)
        }
    }

    /// Pixels at or below row `fromRowPx` within 4 of the node colour.
    static func countNodePixels(_ image: PixelImage, fromRowPx: Int) -> Int {
        var n = 0
        for y in max(0, fromRowPx)..<image.heightPx {
            for x in 0..<image.widthPx {
                let rgb = Array(image.rgba(x: x, y: y).prefix(3)).map(Int.init)
                if Pixels.matches(rgb, nodeColor, tolerance: 4) { n += 1 }
            }
        }
        return n
    }
}
