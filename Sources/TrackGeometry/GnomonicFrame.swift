import Foundation
import TrailpackCore

/// A gnomonic (central) projection about a centre point, scaled by the ellipsoid's radii of
/// curvature at the centre. Great circles are straight lines in it, and WGS84 geodesics of
/// hiking length are straight to within millimetres; distances are true to about 1e-4 within
/// 100 km of the centre. Coordinates in metres, x east, y north. The one local planar frame of
/// a track: `TrackGeometry` and the resampler read lines in it.
public struct GnomonicFrame: Sendable {
    public let lon0Deg: Double
    public let lat0Deg: Double
    public let sinLat0: Double
    public let cosLat0: Double
    public let scaleXM: Double
    public let scaleYM: Double

    public init(center: LonLat) {
        lon0Deg = center.lon
        lat0Deg = center.lat
        let phi0 = center.lat * WGS84.radPerDeg
        sinLat0 = sin(phi0)
        cosLat0 = cos(phi0)
        let w2 = 1 - WGS84.e2 * sinLat0 * sinLat0
        scaleXM = WGS84.aM / w2.squareRoot()
        scaleYM = WGS84.aM * (1 - WGS84.e2) / (w2 * w2.squareRoot())
    }

    /// A frame centred on the bounding box of `points` (longitudes taken relative to the first
    /// point, so a line across the antimeridian is handled).
    public init<C: Collection<LonLat>>(centeredOn points: C) {
        guard let first = points.first else {
            self.init(center: LonLat(0, 0))
            return
        }
        var loD = 0.0, hiD = 0.0, loLat = first.lat, hiLat = first.lat
        for p in points {
            let d = wrappedDeltaLonDeg(p.lon, from: first.lon)
            loD = min(loD, d); hiD = max(hiD, d)
            loLat = min(loLat, p.lat); hiLat = max(hiLat, p.lat)
        }
        self.init(center: LonLat(first.lon + (loD + hiD) / 2, (loLat + hiLat) / 2))
    }

    /// `p` in the frame, metres east and north of the centre.
    @inline(__always)
    public func project(_ p: LonLat) -> (x: Double, y: Double) {
        let phi = p.lat * WGS84.radPerDeg
        return project(p, sinLat: sin(phi), cosLat: cos(phi))
    }

    /// The sine and cosine of `p`'s latitude, as `project` takes them.
    @inline(__always)
    public static func latitudeTrig(_ p: LonLat) -> (sin: Double, cos: Double) {
        let phi = p.lat * WGS84.radPerDeg
        return (sin(phi), cos(phi))
    }

    /// `project(p)` with the sine and cosine of `p`'s latitude given (`latitudeTrig`, computed
    /// once for a point projected into many frames): the same bits.
    @inline(__always)
    public func project(_ p: LonLat, sinLat sinPhi: Double, cosLat cosPhi: Double) -> (x: Double, y: Double) {
        let dl = wrappedDeltaLonDeg(p.lon, from: lon0Deg) * WGS84.radPerDeg
        let sinDl = sin(dl), cosDl = cos(dl)
        let cosC = sinLat0 * sinPhi + cosLat0 * cosPhi * cosDl
        let x = cosPhi * sinDl / cosC
        let y = (cosLat0 * sinPhi - sinLat0 * cosPhi * cosDl) / cosC
        return (x * scaleXM, y * scaleYM)
    }

    /// The point `x` metres east and `y` metres north of the centre (the inverse of `project`;
    /// longitudes are not wrapped).
    public func lonLat(x: Double, y: Double) -> LonLat {
        // The point's direction from the earth's centre is the centre's plus x east plus y north.
        let u = x / scaleXM, v = y / scaleYM
        let towardX = cosLat0 - v * sinLat0, up = sinLat0 + v * cosLat0
        let lonDeg = lon0Deg + atan2(u, towardX) / WGS84.radPerDeg
        let latDeg = atan2(up, (towardX * towardX + u * u).squareRoot()) / WGS84.radPerDeg
        return LonLat(lonDeg, latDeg)
    }

    /// `p` in the frame as a `Vec2`.
    @inline(__always)
    public func position(_ p: LonLat) -> Vec2 {
        let q = project(p)
        return Vec2(q.x, q.y)
    }
}

/// Squared distance from (px, py) to the segment (ax, ay)-(bx, by), same units squared.
@inline(__always)
public func segmentDistanceSquared(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    let dx = bx - ax, dy = by - ay
    let len2 = dx * dx + dy * dy
    var t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0
    t = min(max(t, 0), 1)
    let ex = px - (ax + t * dx), ey = py - (ay + t * dy)
    return ex * ex + ey * ey
}
