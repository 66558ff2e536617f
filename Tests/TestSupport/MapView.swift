import Foundation
import TrailpackCore

/// The pixel grid of a north-up web-mercator render as MapLibre draws it: a world of
/// `512 * 2^zoom` logical pixels (MapLibre's 512-px tiles), `center` at the middle of a
/// `size` logical-pixel image, `pixelRatio` image pixels per logical pixel.
public struct MapView: Sendable {
    public var center: LonLat
    public var zoom: Double
    public var size: (width: Int, height: Int)
    public var pixelRatio: Double

    public init(center: LonLat, zoom: Double, size: (width: Int, height: Int), pixelRatio: Double = 1) {
        self.center = center
        self.zoom = zoom
        self.size = size
        self.pixelRatio = pixelRatio
    }

    /// The view of a render request (bearing 0 only).
    public init(_ request: MapRenderer.Request) {
        precondition(request.bearing == 0, "MapView is north-up")
        self.init(center: request.center, zoom: request.zoom, size: request.size, pixelRatio: request.pixelRatio)
    }

    /// `point` in image pixels: x right, y down, (0, 0) the top-left corner of the top-left
    /// pixel (pixel (i, j) covers [i, i+1) x [j, j+1)).
    public func pixel(_ point: LonLat) -> (x: Double, y: Double) {
        let (x, y) = Self.world(point, zoom: zoom)
        let (cx, cy) = Self.world(center, zoom: zoom)
        return ((x - cx + Double(size.width) / 2) * pixelRatio, (y - cy + Double(size.height) / 2) * pixelRatio)
    }

    /// Logical-pixel coordinates of `point` in the whole world at `zoom`, from the north-west.
    public static func world(_ point: LonLat, zoom: Double) -> (x: Double, y: Double) {
        let side = 512 * pow(2, zoom)
        let phi = point.lat * .pi / 180
        let x = (point.lon + 180) / 360 * side
        let y = (1 - log(tan(.pi / 4 + phi / 2)) / .pi) / 2 * side
        return (x, y)
    }
}
