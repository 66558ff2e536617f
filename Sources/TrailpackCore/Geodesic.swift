import CPROJ
import Foundation

/// WGS84 ellipsoidal geodesics through PROJ's `geodesic.h` (Karney's algorithms).
public enum Geodesic {
    private static let wgs84: geod_geodesic = {
        var g = geod_geodesic()
        geod_init(&g, 6_378_137.0, 1 / 298.257223563)
        return g
    }()

    /// The inverse problem between two points.
    public struct Inverse: Sendable {
        /// Geodesic distance in metres.
        public var distanceM: Double
        /// Forward azimuth at the first point, degrees clockwise from north in (-180, 180].
        public var bearingDeg: Double
        /// Forward azimuth at the second point (continuing the line), degrees.
        public var finalBearingDeg: Double
    }

    /// Distance and bearings from `a` to `b`.
    public static func inverse(_ a: LonLat, _ b: LonLat) -> Inverse {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        withUnsafePointer(to: wgs84) { g in
            geod_inverse(g, a.lat, a.lon, b.lat, b.lon, &s12, &azi1, &azi2)
        }
        return Inverse(distanceM: s12, bearingDeg: azi1, finalBearingDeg: azi2)
    }

    /// Geodesic distance in metres from `a` to `b`.
    public static func distanceM(_ a: LonLat, _ b: LonLat) -> Double {
        var s12 = 0.0
        withUnsafePointer(to: wgs84) { g in
            geod_inverse(g, a.lat, a.lon, b.lat, b.lon, &s12, nil, nil)
        }
        return s12
    }

    /// Initial bearing from `a` to `b`, degrees clockwise from north in [0, 360).
    public static func bearingDeg(_ a: LonLat, _ b: LonLat) -> Double {
        let azi = inverse(a, b).bearingDeg
        return azi < 0 ? azi + 360 : azi
    }

    /// The point `distanceM` metres from `start` along initial bearing `bearingDeg`.
    public static func destination(from start: LonLat, bearingDeg: Double, distanceM: Double) -> LonLat {
        var lat2 = 0.0, lon2 = 0.0
        withUnsafePointer(to: wgs84) { g in
            geod_direct(g, start.lat, start.lon, bearingDeg, distanceM, &lat2, &lon2, nil)
        }
        return LonLat(lon2, lat2)
    }

    /// The point a fraction `t` (0...1) of the way along the geodesic from `a` to `b`.
    public static func interpolate(_ a: LonLat, _ b: LonLat, fraction t: Double) -> LonLat {
        let inv = inverse(a, b)
        return destination(from: a, bearingDeg: inv.bearingDeg, distanceM: inv.distanceM * t)
    }

    /// Steps shorter than this are measured with `shortDistanceM`, which agrees with PROJ's
    /// geodesic to better than 1e-6 m there; longer ones go through PROJ.
    public static let shortStepLimitM = 50.0

    /// Cumulative WGS84 geodesic distance in metres along `coords`, starting at 0.
    public static func cumulativeDistancesM(_ coords: [LonLat]) -> [Double] {
        var cum: [Double] = []
        cum.reserveCapacity(coords.count)
        var total = 0.0
        for (k, p) in coords.enumerated() {
            if k > 0 {
                let shortM = shortDistanceM(coords[k - 1], p)
                total += shortM < shortStepLimitM ? shortM : distanceM(coords[k - 1], p)
            }
            cum.append(total)
        }
        return cum
    }

    /// Total geodesic length of a polyline in metres.
    public static func lengthM(_ line: [LonLat]) -> Double {
        guard line.count > 1 else { return 0 }
        var total = 0.0
        for k in 1..<line.count { total += distanceM(line[k - 1], line[k]) }
        return total
    }

    /// Degrees of latitude spanning `metres` north-south near latitude `latDeg`.
    public static func degreesLatitude(forMetres metres: Double, at latDeg: Double) -> Double {
        let north = destination(from: LonLat(0, latDeg), bearingDeg: 0, distanceM: metres)
        return north.lat - latDeg
    }

    /// Degrees of longitude spanning `metres` east-west along latitude `latDeg`.
    public static func degreesLongitude(forMetres metres: Double, at latDeg: Double) -> Double {
        let perDegree = distanceM(LonLat(0, latDeg), LonLat(1, latDeg))
        return metres / max(perDegree, 1e-9)
    }
}
