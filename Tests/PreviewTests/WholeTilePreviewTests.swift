import Drawing
import Foundation
import Preview
import TestSupport
import Testing
import TrailpackCore

/// The whole N44W072 tile at 90 m with 10 m contours, three routes and the demo's POIs: the
/// issue's unreadable overview (10 m contours merged into brown, about 150 landmark labels).
enum WholeTilePack {
    static let built: Result<String, any Error> = Result {
        let root = TestData.scratchFolder("preview-whole-tile")
        let recipe = root.appendingPathComponent("tile.json5")
        let pois = [("Mount Cabot", "summit", -71.4141, 44.5059), ("The Horn", "summit", -71.4000, 44.5183),
                    ("Unknown Pond", "pond", -71.3905, 44.5290), ("Mount Starr King", "summit", -71.4328, 44.4347),
                    ("Mount Waumbek", "summit", -71.4175, 44.4326), ("Bunnell Notch Trailhead", "trailhead", -71.3608696, 44.4942774),
                    ("Unknown Pond Trailhead", "trailhead", -71.3585432, 44.4981143), ("Starr King Trailhead", "trailhead", -71.4669526, 44.4184619)]
        try """
        { id: "tile", name: "Whole tile N44W072", attribution: ["SRTM (public domain); © OpenStreetMap contributors"],
          bbox: [-71.999, 44.001, -71.001, 44.999], dem: ["\(TestData.path("white-mountains/N44W072.hgt"))"],
          trails: ["\(TestData.path("white-mountains/wmnf-pliney.geojson"))"],
          pois: [\(pois.map { "{ name: \"\($0.0)\", kind: \"\($0.1)\", lon: \($0.2), lat: \($0.3) }" }.joined(separator: ", "))],
          terrain: { resolutionM: 90, contourIntervalM: 10 }, sizeBudgetMB: 100000,
          routes: [{ id: "mount-cabot", name: "Mount Cabot", via: ["Bunnell Notch Trailhead", "Mount Cabot"] },
                   { id: "unknown-pond", name: "Unknown Pond", via: ["Unknown Pond Trailhead", "Unknown Pond"] },
                   { id: "starr-king", name: "Mount Starr King", via: ["Starr King Trailhead", "Mount Starr King"] }] }
        """.write(to: recipe, atomically: true, encoding: .utf8)
        return try TestData.build(recipePath: recipe.path, outRoot: root.appendingPathComponent("pack").path).regionFolder
    }

    static func pack() throws -> RegionPack { try RegionPack.load(folderPath: try built.get()) }
}

@Suite("Pictures of a whole 1°x1° tile", .serialized)
struct WholeTilePreviewTests {
    /// Label overlaps counted from the layout: none, every box inside the map, and the point
    /// labels within the map's budget, which this region's landmarks exceed.
    @Test func overviewLabelsNeverOverlapAndKeepTheBudget() throws {
        let pack = try WholeTilePack.pack()
        let overview = try OverviewRenderer.render(pack)
        let boxes = overview.labelBoxes
        var overlaps = 0
        for i in boxes.indices { for j in boxes.indices where j > i && boxes[i].intersects(boxes[j]) { overlaps += 1 } }
        #expect(overlaps == 0)
        let map = overview.frame.rect.insetBy(marginPx: -3)
        #expect(boxes.allSatisfy { $0.xPx >= map.xPx && $0.yPx >= map.yPx && $0.maxXPx <= map.maxXPx && $0.maxYPx <= map.maxYPx })
        let budget = LabelBudget(widthPx: overview.frame.rect.widthPx, heightPx: overview.frame.rect.heightPx)
        #expect(overview.labelTexts.count <= budget.maxLabels, "\(overview.labelTexts.count) labels, budget \(budget.maxLabels)")
        #expect(!overview.overBudgetLabels.isEmpty, "the tile's landmarks should exceed the budget")
        // Every box counted: point labels and the contours' elevations.
        #expect(boxes.count == overview.labelTexts.count + overview.contourLabelTexts.count)
        // By priority: the routes' POIs are labelled before unnamed DEM summits.
        for name in ["Mount Cabot", "Mount Starr King", "Unknown Pond"] {
            #expect(overview.labelTexts.contains { $0.hasPrefix(name + " ") }, "\(name) not labelled")
        }
        // Left out by the budget: landmark labels ("name: shares") and junction or turn names only.
        let minorNames = Set(pack.routes.flatMap { $0.waypoints.filter { $0.kind == .junction || $0.kind == .turn }.compactMap(\.name) })
        #expect(overview.overBudgetLabels.allSatisfy { $0.contains(": ") || minorNames.contains($0) }, "\(overview.overBudgetLabels)")
    }

    /// The interval chosen for the overview's scale keeps minor lines apart on real terrain:
    /// measured on the drawn lines, the nearest line of another level to a minor line's vertex.
    @Test func minorContoursStayApartAtTheOverviewsScale() throws {
        let pack = try WholeTilePack.pack()
        let overview = try OverviewRenderer.render(pack)
        let scale = try #require(overview.contourScale)
        #expect(scale.intervalM > 10 && scale.intervalM.truncatingRemainder(dividingBy: 10) == 0, "interval \(scale.intervalM)")
        let drawn = ContourSpacing(lines: overview.contourLines.map { ($0.eleM, !$0.isIndex, $0.parts) }, frame: overview.frame)
        let close = drawn.shareOfMinorVertices(closerThanPx: ContourScale.minimumSpacingPx - 1)
        // The pack's own 10 m lines, drawn at this scale, as the issue saw them.
        let all = ContourSpacing(lines: pack.contours.map { ($0.eleM, true, $0.parts) }, frame: overview.frame)
        let before = all.shareOfMinorVertices(closerThanPx: ContourScale.minimumSpacingPx - 1)
        print("whole tile: interval \(scale.intervalM) m; minor vertices with another line within 3 px: \(close) (10 m lines: \(before))")
        #expect(close < 0.02, "share \(close)")
        #expect(before > 0.5, "share \(before)")
    }

    /// One number form: no four-digit metres without the thousands comma in any label, contour
    /// label, panorama text or `index.html`, and the DEM summits named "Summit 1,xyz m".
    @Test func numbersTakeTheMapsForm() throws {
        let pack = try WholeTilePack.pack()
        let overview = try OverviewRenderer.render(pack)
        let landmarks = try PackLandmarks.read(pack)
        let terrain = try PackLandmarks.regionTerrain(pack)
        var texts = overview.labelTexts + overview.contourLabelTexts + overview.overBudgetLabels
        for (k, route) in pack.routes.enumerated() {
            let panorama = try PanoramaRenderer.render(route: route, landmarks: landmarks[k], region: terrain,
                                                       patch: try pack.arPatch(for: route), color: .black)
            texts += panorama.labelled.map(\.name) + panorama.footerLines
        }
        let out = TestData.scratchFolder("preview-whole-tile-out")
        let result = try PreviewRenderer.render(packPath: try WholeTilePack.built.get(), outDir: out.path, validate: { _ in nil }, mapRenderer: nil)
        texts.append(try String(contentsOfFile: result.indexPath, encoding: .utf8))
        let ungrouped = try Regex(#"(?:^|[^\d,.])\d{4,} ?m\b"#)
        for text in texts { #expect(text.firstMatch(of: ungrouped) == nil, "\(text.prefix(200))") }
        #expect(overview.labelTexts.contains { $0.firstMatch(of: try! Regex(#"^Summit \d,\d{3} m"#)) != nil })
        // The index lines are labelled, though the tile archive cuts them at every tile edge.
        #expect(overview.contourLabelTexts.contains("1,000 m") && overview.contourLabelTexts.allSatisfy { $0.hasSuffix(" m") },
                "\(overview.contourLabelTexts)")
    }

    /// The panorama's footer fits its width, however many landmarks it lists.
    @Test func panoramaFooterFitsItsWidth() throws {
        let pack = try WholeTilePack.pack()
        let landmarks = try PackLandmarks.read(pack)
        let terrain = try PackLandmarks.regionTerrain(pack)
        let route = pack.routes[0]
        let panorama = try PanoramaRenderer.render(route: route, landmarks: landmarks[0], region: terrain,
                                                   patch: try pack.arPatch(for: route), color: .black)
        #expect(panorama.footerLines.contains { $0.hasPrefix("Not labelled for room") }, "this case leaves labels out")
        let measure = try Canvas(widthPx: 1, heightPx: 1)
        measure.setFont(sizePx: 16)
        let roomPx = Double(panorama.image.widthPx) - 2 * PanoramaLayout.marginPx
        for line in panorama.footerLines {
            #expect(measure.textExtents(line).advanceXPx <= roomPx, "\(line.prefix(80))… over \(roomPx) px")
        }
    }
}

/// Distances between drawn contour lines on a map, pixels: for each vertex of a minor line, the
/// nearest segment of a line of another level (a uniform grid of segments).
struct ContourSpacing {
    var segments: [(a: PixelPoint, b: PixelPoint, eleM: Double)] = []
    var minorVertices: [(p: PixelPoint, eleM: Double)] = []
    var cells: [Int: [Int]] = [:]
    static let cellPx = 8.0

    /// `lines` as drawn on `frame`; the vertices of those marked minor are measured.
    init(lines: [(eleM: Double, isMinor: Bool, parts: [[LonLat]])], frame: MercatorFrame) {
        for (eleM, isMinor, parts) in lines {
            for part in parts {
                let points = part.map(frame.point)
                for (a, b) in zip(points, points.dropFirst()) { segments.append((a, b, eleM)) }
                if isMinor { minorVertices += points.map { ($0, eleM) } }
            }
        }
        for (k, s) in segments.enumerated() {
            for key in Self.keys(minX: min(s.a.xPx, s.b.xPx), maxX: max(s.a.xPx, s.b.xPx), minY: min(s.a.yPx, s.b.yPx), maxY: max(s.a.yPx, s.b.yPx)) {
                cells[key, default: []].append(k)
            }
        }
    }

    static func keys(minX: Double, maxX: Double, minY: Double, maxY: Double) -> [Int] {
        var out: [Int] = []
        for cx in Int(floor(minX / cellPx))...Int(floor(maxX / cellPx)) {
            for cy in Int(floor(minY / cellPx))...Int(floor(maxY / cellPx)) { out.append(cx * 100_000 + cy) }
        }
        return out
    }

    /// The share of minor vertices (every third) with a line of another level nearer than `px`.
    func shareOfMinorVertices(closerThanPx px: Double) -> Double {
        var close = 0, counted = 0
        for (n, v) in minorVertices.enumerated() where n % 3 == 0 {
            counted += 1
            let keys = Self.keys(minX: v.p.xPx - px, maxX: v.p.xPx + px, minY: v.p.yPx - px, maxY: v.p.yPx + px)
            let near = keys.contains { key in
                (cells[key] ?? []).contains { k in
                    let s = segments[k]
                    return s.eleM != v.eleM && Self.distance(v.p, s.a, s.b) < px
                }
            }
            if near { close += 1 }
        }
        return counted == 0 ? 0 : Double(close) / Double(counted)
    }

    static func distance(_ p: PixelPoint, _ a: PixelPoint, _ b: PixelPoint) -> Double {
        let dx = b.xPx - a.xPx, dy = b.yPx - a.yPx, len2 = dx * dx + dy * dy
        let t = len2 > 0 ? max(0, min(1, ((p.xPx - a.xPx) * dx + (p.yPx - a.yPx) * dy) / len2)) : 0
        return hypot(p.xPx - (a.xPx + t * dx), p.yPx - (a.yPx + t * dy))
    }
}
