import Foundation

/// A position in WGS84 degrees, longitude first (the GeoJSON order used throughout trailpack).
public struct LonLat: Hashable, Sendable, CustomStringConvertible {
    public var lon: Double
    public var lat: Double

    public init(_ lon: Double, _ lat: Double) {
        self.lon = lon
        self.lat = lat
    }

    public var isFinite: Bool { lon.isFinite && lat.isFinite }

    /// Both coordinates rounded to 7 decimals (about 1 cm): the precision of every position a
    /// pack writes (SPEC).
    public var rounded7: LonLat { LonLat((lon * 1e7).rounded() / 1e7, (lat * 1e7).rounded() / 1e7) }

    public var description: String {
        String(format: "(%.6f, %.6f)", lon, lat)
    }
}

/// A lon/lat box in WGS84 degrees: `west < east`, `south < north`.
public struct BBox: Hashable, Sendable, CustomStringConvertible {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The smallest box holding every point; nil for an empty sequence.
    public init?<S: Sequence>(covering points: S) where S.Element == LonLat {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var box = BBox(west: first.lon, south: first.lat, east: first.lon, north: first.lat)
        while let p = it.next() {
            box.west = min(box.west, p.lon)
            box.east = max(box.east, p.lon)
            box.south = min(box.south, p.lat)
            box.north = max(box.north, p.lat)
        }
        self = box
    }

    /// `[west, south, east, north]`, the GeoJSON/SPEC order.
    public var array: [Double] { [west, south, east, north] }

    public var center: LonLat { LonLat((west + east) / 2, (south + north) / 2) }

    public func contains(_ p: LonLat, toleranceDeg: Double = 0) -> Bool {
        p.lon >= west - toleranceDeg && p.lon <= east + toleranceDeg
            && p.lat >= south - toleranceDeg && p.lat <= north + toleranceDeg
    }

    /// `p` moved onto the box when it lies outside (each coordinate clamped).
    public func clamping(_ p: LonLat) -> LonLat {
        LonLat(min(max(p.lon, west), east), min(max(p.lat, south), north))
    }

    public func intersects(_ other: BBox) -> Bool {
        west < other.east && other.west < east && south < other.north && other.south < north
    }

    /// What is wrong with these bounds as TER1 or SPEC bounds, or nil when they are valid.
    public var problem: String? {
        if ![west, south, east, north].allSatisfy(\.isFinite) { return "bounds are not finite numbers" }
        if !(west < east) { return "west \(west) is not less than east \(east)" }
        if !(south < north) { return "south \(south) is not less than north \(north)" }
        if west < -180 || east > 180 { return "longitude outside -180...180" }
        if south < -85.05 || north > 85.05 { return "latitude outside -85.05...85.05" }
        return nil
    }

    /// This box grown by `marginM` metres on every side (geodesic, at the box's own edges).
    public func expanded(byMetres marginM: Double) -> BBox {
        let dLat = Geodesic.degreesLatitude(forMetres: marginM, at: center.lat)
        let worstLat = max(abs(south), abs(north)) + dLat
        let dLon = Geodesic.degreesLongitude(forMetres: marginM, at: min(worstLat, 89))
        return BBox(west: west - dLon, south: south - dLat, east: east + dLon, north: north + dLat)
    }

    public var description: String {
        String(format: "[%.6f, %.6f, %.6f, %.6f]", west, south, east, north)
    }
}

/// Spherical web-mercator helpers (EPSG:3857, radius 6378137 m). `y` is the SPEC's
/// `Y(lat) = ln(tan(pi/4 + lat/2))`, unitless; `metresY` is that times the radius.
public enum WebMercator {
    public static let radiusM = 6_378_137.0

    /// The SPEC's unitless Y for a latitude in degrees.
    public static func y(latDeg: Double) -> Double {
        log(tan(Double.pi / 4 + latDeg * Double.pi / 360))
    }

    /// Inverse of `y(latDeg:)`: degrees latitude.
    public static func latDeg(y: Double) -> Double {
        (2 * atan(exp(y)) - Double.pi / 2) * 180 / Double.pi
    }

    /// EPSG:3857 X in metres for a longitude in degrees.
    public static func metresX(lonDeg: Double) -> Double { radiusM * lonDeg * Double.pi / 180 }

    /// EPSG:3857 Y in metres for a latitude in degrees.
    public static func metresY(latDeg: Double) -> Double { radiusM * y(latDeg: latDeg) }

    public static func lonDeg(metresX: Double) -> Double { metresX / radiusM * 180 / Double.pi }

    public static func latDeg(metresY: Double) -> Double { latDeg(y: metresY / radiusM) }

    /// MapLibre's tile size: the world is `512 * 2^z` px wide at zoom z.
    public static let styleTilePx = 512.0

    /// The largest whole zoom (0 or more) at which `bbox` is at most `screenPx` wide and high
    /// on a MapLibre map: where the whole region fits a square of that side, so a phone screen
    /// of that short side held either way (SPEC: 360x640).
    public static func fitZoom(_ bbox: BBox, screenPx: Double) -> Int {
        let width = (bbox.east - bbox.west) / 360
        let height = (y(latDeg: bbox.north) - y(latDeg: bbox.south)) / (2 * Double.pi)
        return max(0, Int(log2(screenPx / (max(width, height, 1e-12) * styleTilePx)).rounded(.down)))
    }
}
