import Drawing
import Foundation
@testable import Preview
import Testing
import TrailpackCore

/// Labels on every picture: never two over each other, never over a route, never past the
/// picture's edge (issue 28 item 5).
@Suite struct LabelPlacementTests {
    /// No two boxes intersect and every box lies inside `bounds`.
    static func expectDisjointInside(_ boxes: [PixelRect], _ bounds: PixelRect, _ what: String) {
        for (k, a) in boxes.enumerated() {
            #expect(a.xPx >= bounds.xPx && a.yPx >= bounds.yPx && a.maxXPx <= bounds.maxXPx && a.maxYPx <= bounds.maxYPx, "\(what): \(a) outside \(bounds)")
            for b in boxes[(k + 1)...] { #expect(!a.intersects(b), "\(what): \(a) overlaps \(b)") }
        }
    }

    @Test func crowdedLabelsNeitherOverlapNorCoverTheRouteNorLeaveTheMap() {
        let bounds = PixelRect(xPx: 0, yPx: 0, widthPx: 600, heightPx: 300)
        var layout = LabelLayout(bounds: bounds)
        // A route along the middle; forty labels anchored on it, half of them near the right edge.
        let route = (0...60).map { PixelPoint(xPx: Double($0) * 10, yPx: 150) }
        layout.avoid(line: route, halfWidthPx: 5)
        var placed: [PlacedLabel] = []
        for k in 0..<40 {
            let anchor = PixelPoint(xPx: k % 2 == 0 ? 590 : 300, yPx: 150)
            if let p = layout.place(widthPx: 160, heightPx: 20, anchor: anchor, gapPx: 10) { placed.append(p) }
        }
        #expect(placed.count >= 8 && placed.count < 40, "\(placed.count) placed")
        Self.expectDisjointInside(placed.map(\.box), bounds, "layout")
        for p in placed {
            #expect(!zip(route, route.dropFirst()).contains { LineObstacle(a: $0, b: $1, halfWidthPx: 5).touches(p.box) })
        }
        // Labels away from their anchor say whose they are with a leader line.
        #expect(placed.contains { $0.leaderFrom != nil })
    }

    @Test func aLabelWiderThanTheMapIsLeftOut() {
        var layout = LabelLayout(bounds: PixelRect(xPx: 0, yPx: 0, widthPx: 100, heightPx: 400))
        #expect(layout.place(widthPx: 120, heightPx: 20, anchor: PixelPoint(xPx: 50, yPx: 200), gapPx: 8) == nil)
        #expect(layout.place(widthPx: 60, heightPx: 20, anchor: PixelPoint(xPx: 95, yPx: 200), gapPx: 8) != nil)
    }

    @Test func segmentClippingFindsCrossingsAndMisses() {
        let box = PixelRect(xPx: 10, yPx: 10, widthPx: 20, heightPx: 10)
        #expect(LineObstacle(a: PixelPoint(xPx: 0, yPx: 0), b: PixelPoint(xPx: 40, yPx: 30), halfWidthPx: 0).touches(box))
        #expect(!LineObstacle(a: PixelPoint(xPx: 0, yPx: 0), b: PixelPoint(xPx: 40, yPx: 0), halfWidthPx: 3).touches(box))
        #expect(LineObstacle(a: PixelPoint(xPx: 0, yPx: 0), b: PixelPoint(xPx: 40, yPx: 0), halfWidthPx: 12).touches(box))
    }

    @Test func profileRowsNeverOverlapAndDropWhatHasNoRoom() {
        // Thirty cues within 210 px ("TuTurnleftght" before): rows fill, the rest are left out.
        let xs = (0..<30).map { 700 + 7 * Double($0) }
        let boxes = LabelRows.profile.boxes(widthsPx: Array(repeating: 90, count: 30), anchorsXPx: xs)
        let placed = boxes.compactMap { $0 }
        #expect(placed.count >= LabelRows.profile.rowCount && placed.count < 30)
        Self.expectDisjointInside(placed, PixelRect(xPx: 0, yPx: 0, widthPx: 1600, heightPx: ProfileLayout.plotRect.yPx), "profile")
        // At the image's edges the names move inside.
        let edge = LabelRows.profile.boxes(widthsPx: [200, 200], anchorsXPx: [2, 1598]).compactMap { $0 }
        Self.expectDisjointInside(edge, PixelRect(xPx: 0, yPx: 0, widthPx: 1600, heightPx: 200), "profile edge")
        #expect(edge.count == 2)
        // No leader (a vertical from a label down to its point) runs through another label.
        for (k, a) in boxes.enumerated() {
            guard let a else { continue }
            for (j, b) in boxes.enumerated() where j != k {
                guard let b, b.yPx > a.yPx else { continue }
                #expect(!(xs[k] >= b.xPx && xs[k] <= b.maxXPx), "leader of \(k) crosses label \(j)")
            }
        }
    }

    @Test func theFixturesOverviewAndARPatchLabelsNeitherOverlapNorLeaveTheMap() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let overview = try OverviewRenderer.render(pack)
        #expect(!overview.labelBoxes.isEmpty)
        Self.expectDisjointInside(overview.labelBoxes, overview.frame.rect, "overview")
        for route in pack.routes {
            let ar = try ARPatchRenderer.render(route: route, patch: try pack.arPatch(for: route), trails: pack.trails, color: .black)
            Self.expectDisjointInside(ar.labelBoxes, ar.frame.rect, "AR \(route.id)")
        }
    }
}

/// A narrow region's pictures are sized to their map, not padded to the wide minimum.
@Suite struct NarrowRegionTests {
    @Test func aNarrowOverviewKeepsItsOwnWidthWithTheMapCentred() throws {
        let fixture = try PreviewFixture.make()
        var pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        // A strip 320 m wide and 3.3 km tall around the fixture's peak.
        pack.manifest.files.hillshade.bounds = [-71.282, 44.100, -71.278, 44.130]
        let overview = try OverviewRenderer.render(pack)
        #expect(overview.frame.rect.widthPx < 300 && overview.frame.rect.heightPx == 2000)
        #expect(overview.image.widthPx == Int(OverviewRenderer.narrowMinimumWidthPx))
        // Centred: as much blank left as right.
        #expect(abs(overview.frame.rect.xPx - (Double(overview.image.widthPx) - overview.frame.rect.maxXPx)) <= 1)
        LabelPlacementTests.expectDisjointInside(overview.labelBoxes, overview.frame.rect, "narrow overview")
        #expect(OverviewRenderer.canvasWidthPx(mapWidthPx: 900) == 900)
        #expect(OverviewRenderer.canvasWidthPx(mapWidthPx: 1500) == 1500)
    }
}
