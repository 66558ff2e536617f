import Foundation

/// WGS84 ellipsoid constants and the radii of curvature behind the short-range metric.
public enum WGS84 {
    public static let aM = 6_378_137.0
    public static let f = 1 / 298.257223563
    public static let e2 = f * (2 - f)
    public static let radPerDeg = Double.pi / 180

    /// Metres per degree of longitude (`x`) and of latitude (`y`) at `latDeg`: the prime-vertical
    /// and meridional radii of curvature, exact for infinitesimal steps.
    @inline(__always)
    public static func metresPerDegree(atLatDeg latDeg: Double) -> (x: Double, y: Double) {
        let phi = latDeg * radPerDeg
        let s = sin(phi)
        let w2 = 1 - e2 * s * s
        let w = w2.squareRoot()
        return (aM / w * cos(phi) * radPerDeg, aM * (1 - e2) / (w2 * w) * radPerDeg)
    }
}

/// Metres per degree of latitude and longitude near one latitude, for planar work over short
/// ranges (point-to-segment projection, spatial bucketing, hot loops over route vertices).
public struct LocalMetric: Sendable {
    /// Metres per degree of latitude.
    public let mPerDegLat: Double
    /// Metres per degree of longitude.
    public let mPerDegLon: Double

    public init(latDeg: Double) {
        let k = WGS84.metresPerDegree(atLatDeg: latDeg)
        mPerDegLat = k.y
        mPerDegLon = k.x
    }
}

/// Longitude difference `lon - lon0` wrapped into [-180, 180) degrees. Inlinable, so the hot
/// loops of other modules (cleaning, guidance) inline it instead of calling across modules.
@inlinable @inline(__always)
public func wrappedDeltaLonDeg(_ lon: Double, from lon0: Double) -> Double {
    var d = lon - lon0
    if d >= 180 || d < -180 { d -= 360 * ((d + 180) / 360).rounded(.down) }
    return d
}

/// Ground distance in metres between two nearby points, from the ellipsoid's radii of curvature
/// at their mean latitude. Agrees with the WGS84 geodesic to better than 1e-6 m up to 50 m and
/// to about 1e-6 relative at a few km (the error grows with the cube of the distance). For hot
/// loops over route vertices; `Geodesic` for anything written to a pack.
@inline(__always)
public func shortDistanceM(_ a: LonLat, _ b: LonLat) -> Double {
    let k = WGS84.metresPerDegree(atLatDeg: (a.lat + b.lat) / 2)
    let dx = wrappedDeltaLonDeg(b.lon, from: a.lon) * k.x
    let dy = (b.lat - a.lat) * k.y
    return (dx * dx + dy * dy).squareRoot()
}

/// Initial bearing from `a` to nearby `b`, degrees clockwise from north in [0, 360), on the same
/// short-range metric (within about 0.001° of the geodesic for chords of tens of metres).
@inline(__always)
public func shortBearingDeg(_ a: LonLat, _ b: LonLat) -> Double {
    let k = WGS84.metresPerDegree(atLatDeg: (a.lat + b.lat) / 2)
    let dx = wrappedDeltaLonDeg(b.lon, from: a.lon) * k.x
    let dy = (b.lat - a.lat) * k.y
    let deg = atan2(dx, dy) / WGS84.radPerDeg
    return deg < 0 ? deg + 360 : deg
}
