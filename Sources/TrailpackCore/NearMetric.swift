import Foundation

/// The short-range metric (`shortDistanceM`) with its metres per degree reused while the
/// latitude stays within 0.001 degree of where they were computed: the ellipsoid's radii are
/// the costly part of a distance, and hot loops over route vertices stay at one latitude.
/// Distances agree with `shortDistanceM` within `relativeSlack` up to 80 degrees of latitude
/// (beyond, `distanceM` is `shortDistanceM`), so it decides comparisons that are not close;
/// closer ones go to `shortDistanceM`.
public struct NearMetric: Sendable {
    /// Relative bound on the difference from `shortDistanceM` (ten times the worst case below
    /// 80 degrees of latitude).
    public static let relativeSlack = 1e-3
    @usableFromInline var latDeg = Double.nan
    @usableFromInline var k = (x: 0.0, y: 0.0)

    public init() {}

    /// Metres per degree of longitude (`x`) and latitude (`y`) near `lat`, cached.
    @inlinable
    public mutating func perDegree(atLatDeg lat: Double) -> (x: Double, y: Double) {
        if !(abs(lat - latDeg) <= 0.001) {
            latDeg = lat
            k = WGS84.metresPerDegree(atLatDeg: lat)
        }
        return k
    }

    /// Metres from `a` to `b` (`shortDistanceM` beyond 80 degrees of latitude).
    @inlinable
    public mutating func distanceM(_ a: LonLat, _ b: LonLat) -> Double {
        let lat = (a.lat + b.lat) / 2
        guard abs(lat) <= 80 else { return shortDistanceM(a, b) }
        let v = vector(a, b, perDegree(atLatDeg: lat))
        return (v.x * v.x + v.y * v.y).squareRoot()
    }

    /// The vector from `a` to `b` in metres east (`x`) and north (`y`).
    @inlinable
    public mutating func vectorM(_ a: LonLat, _ b: LonLat) -> (x: Double, y: Double) {
        let lat = (a.lat + b.lat) / 2
        return vector(a, b, abs(lat) <= 80 ? perDegree(atLatDeg: lat) : WGS84.metresPerDegree(atLatDeg: lat))
    }

    /// Heading from `a` to `b`, radians clockwise from north.
    @inlinable
    public mutating func headingRad(_ a: LonLat, _ b: LonLat) -> Double {
        let v = vectorM(a, b)
        return atan2(v.x, v.y)
    }

    @inlinable
    func vector(_ a: LonLat, _ b: LonLat, _ m: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (wrappedDeltaLonDeg(b.lon, from: a.lon) * m.x, (b.lat - a.lat) * m.y)
    }
}
