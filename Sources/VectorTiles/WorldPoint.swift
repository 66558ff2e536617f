import Foundation
import TrailpackCore

/// A point of the web-mercator world square, unitless: `x` 0...1 eastwards from 180° W, `y`
/// 0...1 southwards from the north edge at 85.0511° N (the square of the XYZ tile pyramid).
/// Made once per input vertex from `LonLat`; a tile's units at zoom z are these times
/// `extent * 2^z`, less the tile's origin.
public struct WorldPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// The latitude of the world square's north edge, degrees: atan(sinh(pi)).
    public static let maxLatitudeDeg = 85.051_128_779_806_59

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point of `lonLat` (longitude, latitude in degrees), clamped onto the square: latitudes
    /// beyond ±85.0511° and longitudes beyond ±180° land on its edges. Non-finite input gives a
    /// non-finite point, which the tiler leaves out.
    public init(_ lonLat: LonLat) {
        guard lonLat.isFinite else {
            self.init(x: .nan, y: .nan)
            return
        }
        let lat = min(max(lonLat.lat, -Self.maxLatitudeDeg), Self.maxLatitudeDeg)
        let x = (lonLat.lon + 180) / 360
        let y = 0.5 - WebMercator.y(latDeg: lat) / (2 * Double.pi)
        self.init(x: min(max(x, 0), 1), y: min(max(y, 0), 1))
    }

    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The position in WGS84 degrees (longitude, latitude).
    public var lonLat: LonLat {
        LonLat(x * 360 - 180, WebMercator.latDeg(y: (0.5 - y) * 2 * Double.pi))
    }
}
