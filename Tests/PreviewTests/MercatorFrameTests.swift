import Drawing
import Foundation
import Preview
import Testing
import TrailpackCore

@Suite struct MercatorFrameTests {
    let bounds = BBox(west: -71.3, south: 44.0, east: -71.2, north: 44.2)

    @Test func longSideAndAspectFollowMercator() {
        let frame = MercatorFrame(bounds: bounds, longSidePx: 2000)
        let spanX = 0.1 * Double.pi / 180
        let spanY = log(tan(Double.pi / 4 + 44.2 * Double.pi / 360)) - log(tan(Double.pi / 4 + 44.0 * Double.pi / 360))
        #expect(frame.rect.heightPx == 2000)
        #expect(frame.rect.widthPx == (2000 * spanX / spanY).rounded())
    }

    @Test func cornersLandOnTheRectangleEdges() {
        let frame = MercatorFrame(bounds: bounds, rect: .init(xPx: 10, yPx: 20, widthPx: 300, heightPx: 600))
        #expect(frame.point(LonLat(-71.3, 44.2)) == PixelPoint(xPx: 10, yPx: 20))
        let se = frame.point(LonLat(-71.2, 44.0))
        #expect(abs(se.xPx - 310) < 1e-9 && abs(se.yPx - 620) < 1e-9)
    }

    @Test func rowsAreEqualInMercatorYNotLatitude() {
        let frame = MercatorFrame(bounds: bounds, rect: .init(xPx: 0, yPx: 0, widthPx: 100, heightPx: 1000))
        // The latitude midpoint lies below the mercator midpoint (Y grows faster to the north).
        let mid = frame.point(LonLat(-71.25, 44.1))
        #expect(mid.yPx > 500 && mid.yPx < 502)
        let yMid = (WebMercator.y(latDeg: 44.0) + WebMercator.y(latDeg: 44.2)) / 2
        #expect(abs(frame.point(LonLat(-71.25, WebMercator.latDeg(y: yMid))).yPx - 500) < 1e-6)
    }

    @Test func groundScaleAtCentreLatitude() {
        let frame = MercatorFrame(bounds: bounds, rect: .init(xPx: 0, yPx: 0, widthPx: 1000, heightPx: 1000))
        let acrossM = Geodesic.distanceM(LonLat(-71.3, 44.1), LonLat(-71.2, 44.1))
        // Spherical vs ellipsoidal ground distance differ by well under 1 %.
        #expect(abs(frame.pixelsPerGroundMetre * acrossM / 1000 - 1) < 0.01)
    }
}
