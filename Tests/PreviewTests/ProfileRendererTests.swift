import Drawing
import Bindings
import Foundation
import Preview
import Testing

@Suite struct ProfileRendererTests {
    @Test func plottedExtremesSitOnTheirRows() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        for (k, route) in pack.routes.enumerated() {
            let color = RoutePalette.routeColor(index: k)
            let image = try ProfileRenderer.render(route, color: color)
            #expect(image.widthPx == 1600 && image.heightPx == 820)
            let expectedEles = fixture.routes[k].eles
            let layout = ProfileLayout(distanceM: fixture.routes[k].cum.last!, minEleM: expectedEles.min()!, maxEleM: expectedEles.max()!)
            // Documented plot: y 200 (top of range) ... 670 (bottom of range).
            let lo = layout.elevationRangeM.lowerBound, hi = layout.elevationRangeM.upperBound
            let maxRow = 670 - (expectedEles.max()! - lo) / (hi - lo) * 470
            let minRow = 670 - (expectedEles.min()! - lo) / (hi - lo) * 470
            var top = Int.max, bottom = Int.min, left = Int.max, right = Int.min
            let want = color.rgbBytes.map(Int.init)
            for y in 200..<670 {
                for x in 110..<1550 {
                    let k = (y * image.widthPx + x) * 4
                    guard abs(Int(image.pixels[k]) - want[0]) <= 24, abs(Int(image.pixels[k + 1]) - want[1]) <= 24,
                          abs(Int(image.pixels[k + 2]) - want[2]) <= 24 else { continue }
                    top = min(top, y)
                    bottom = max(bottom, y)
                    left = min(left, x)
                    right = max(right, x)
                }
            }
            // The line is 3 px wide with round joins: its ink reaches 1.5 px beyond the data row.
            #expect(abs(Double(top) - (maxRow - 1.5)) <= 2, "route \(route.id): top \(top), max row \(maxRow)")
            #expect(abs(Double(bottom) - (minRow + 1.5)) <= 2, "route \(route.id): bottom \(bottom), min row \(minRow)")
            // It spans the full width: distance 0 at x 110, the route's length at x 1550.
            #expect(left <= 111 && right >= 1548)
        }
    }

    @Test func waypointMarkersSitOnTheLine() throws {
        let fixture = try PreviewFixture.make()
        let pack = try RegionPack.load(folderPath: fixture.regionURL.path)
        let route = pack.routes[0]
        let image = try ProfileRenderer.render(route, color: RoutePalette.routeColor(index: 0))
        let layout = ProfileLayout(distanceM: route.cumulativeM.last!, minEleM: route.elevationsM.min()!, maxEleM: route.elevationsM.max()!)
        // The summit marker (dark brown triangle) peeks out 5 px to the right of the line at the summit.
        let summit = route.waypoints.first { $0.kind == .summit }!
        let x = Int(layout.xPx(distanceM: route.cumulativeM[summit.i]) + 5)
        let y = Int(layout.yPx(elevationM: route.elevationsM[summit.i]) + 4)
        #expect(Pixels.matches(Array(image.rgba(x: x, y: y).prefix(3)).map(Int.init), RoutePalette.waypointColor(.summit).rgbBytes, tolerance: 30))
    }
}
