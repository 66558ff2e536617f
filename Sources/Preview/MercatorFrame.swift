import Drawing
import Foundation
import TrailpackCore

/// Web-mercator placement of a lon/lat box onto a pixel rectangle, the same way the SPEC lays
/// out hillshade pixels: x linear in longitude, y linear in `Y(lat) = ln(tan(pi/4 + lat/2))`,
/// the box's west/north edges at the rectangle's left/top edges and its east/south edges at
/// the right/bottom edges. North is up.
public struct MercatorFrame: Sendable, Equatable {
    /// The lon/lat box shown (for a hillshade: its outer pixel edges).
    public var bounds: BBox
    /// Where the box lands on the canvas, pixels.
    public var rect: PixelRect

    public init(bounds: BBox, rect: PixelRect) {
        self.bounds = bounds
        self.rect = rect
    }

    /// The frame for `bounds` whose longer side is `longSidePx` pixels and whose shorter side
    /// keeps the box's true mercator aspect, placed with its top-left corner at (`xPx`, `yPx`).
    public init(bounds: BBox, longSidePx: Double, xPx: Double = 0, yPx: Double = 0) {
        let spanX = (bounds.east - bounds.west) * Double.pi / 180
        let spanY = WebMercator.y(latDeg: bounds.north) - WebMercator.y(latDeg: bounds.south)
        let scale = longSidePx / max(spanX, spanY)
        self.init(bounds: bounds, rect: PixelRect(xPx: xPx, yPx: yPx, widthPx: (spanX * scale).rounded(), heightPx: (spanY * scale).rounded()))
    }

    /// Canvas position of `p`.
    public func point(_ p: LonLat) -> PixelPoint {
        let yn = WebMercator.y(latDeg: bounds.north), ys = WebMercator.y(latDeg: bounds.south)
        return PixelPoint(xPx: rect.xPx + (p.lon - bounds.west) / (bounds.east - bounds.west) * rect.widthPx,
                          yPx: rect.yPx + (yn - WebMercator.y(latDeg: p.lat)) / (yn - ys) * rect.heightPx)
    }

    /// Pixels per ground metre along the parallel through the frame's centre.
    public var pixelsPerGroundMetre: Double {
        let lat = bounds.center.lat
        let metresAcross = WebMercator.radiusM * cos(lat * Double.pi / 180) * (bounds.east - bounds.west) * Double.pi / 180
        return rect.widthPx / metresAcross
    }
}
