import Foundation
import TrailpackCore

/// The flyover's planar frame, shared with the 3D page: web-mercator metres scaled by the cosine
/// of an origin's latitude, so one unit is about one ground metre near the origin. `x` east and
/// `z` north of the origin, metres. TER1 columns (linear in longitude) and rows (linear in
/// web-mercator Y) are straight, equally spaced lines in it.
public struct FlyoverFrame: Sendable, Equatable {
    public let origin: LonLat
    /// Ground metres per web-mercator metre at the origin: `cos(origin.lat)`.
    public let scale: Double

    public init(origin: LonLat) {
        self.origin = origin
        scale = cos(origin.lat * Double.pi / 180)
    }

    /// East and north metres of `p` from the origin.
    public func point(_ p: LonLat) -> (x: Double, z: Double) {
        ((WebMercator.metresX(lonDeg: p.lon) - WebMercator.metresX(lonDeg: origin.lon)) * scale,
         (WebMercator.metresY(latDeg: p.lat) - WebMercator.metresY(latDeg: origin.lat)) * scale)
    }

    /// The position `x` metres east and `z` north of the origin.
    public func lonLat(x: Double, z: Double) -> LonLat {
        LonLat(WebMercator.lonDeg(metresX: WebMercator.metresX(lonDeg: origin.lon) + x / scale),
               WebMercator.latDeg(metresY: WebMercator.metresY(latDeg: origin.lat) + z / scale))
    }
}
