import Landmarks
import Preview
import Testing

/// The panorama's width follows its skyline.
struct PanoramaLayoutTests {
    static func skyline(terrainFromDeg: Double, toDeg: Double) -> Skyline {
        let step = 0.5
        let angles = (0..<720).map { k -> Double in
            let a = Double(k) * step
            let inside = terrainFromDeg <= toDeg ? (a >= terrainFromDeg && a <= toDeg) : (a >= terrainFromDeg || a <= toDeg)
            return inside ? 1.5 : -90
        }
        return Skyline(stepDeg: step, elevationDeg: angles, distanceM: angles.map { $0 > -90 ? 1000 : 0 })
    }

    @Test func aWholeCircleSpans360FromNorth() {
        let layout = PanoramaLayout(skyline: Self.skyline(terrainFromDeg: 0, toDeg: 359.5), bearingsDeg: [])
        #expect(layout.startDeg == 0 && layout.spanDeg == 360)
        #expect(layout.widthPx == 360 * PanoramaRenderer.pixelsPerDegree + 2 * PanoramaLayout.marginPx)
    }

    /// An observer at the region's edge sees terrain over half the circle: the band spans that
    /// half, wrapping through north, and nothing else.
    @Test func anObserverAtTheEdgeGetsOnlyTheAzimuthsWithTerrain() {
        let layout = PanoramaLayout(skyline: Self.skyline(terrainFromDeg: 250, toDeg: 80), bearingsDeg: [])
        #expect(layout.startDeg == 250 && layout.spanDeg == 190)
        #expect(layout.widthPx == 190 * PanoramaRenderer.pixelsPerDegree + 2 * PanoramaLayout.marginPx)
        #expect(layout.covers(0) && layout.covers(80) && !layout.covers(120) && !layout.covers(249))
        #expect(layout.xPx(250) == layout.bandXPx && layout.xPx(80) == layout.bandXPx + 190 * PanoramaRenderer.pixelsPerDegree)
    }

    /// A landmark's bearing keeps its azimuth on the band; a narrow view keeps the minimum width.
    @Test func landmarksWidenTheBandAndNarrowViewsKeepTheMinimum() {
        let narrow = PanoramaLayout(skyline: Self.skyline(terrainFromDeg: 100, toDeg: 120), bearingsDeg: [])
        #expect(narrow.spanDeg == 20 && narrow.widthPx == PanoramaLayout.minimumWidthPx)
        #expect(narrow.bandXPx == (PanoramaLayout.minimumWidthPx - 20 * PanoramaRenderer.pixelsPerDegree) / 2)
        let withLandmark = PanoramaLayout(skyline: Self.skyline(terrainFromDeg: 100, toDeg: 120), bearingsDeg: [150])
        #expect(withLandmark.startDeg == 100 && withLandmark.spanDeg == 50)
    }
}
