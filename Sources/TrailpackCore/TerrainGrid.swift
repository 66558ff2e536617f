import Foundation

/// A grid-registered elevation grid as the SPEC defines it for TER1: `width` columns linear in
/// longitude, `height` rows linear in web-mercator Y, row 0 at the north edge, samples exactly
/// on the bounds, elevations in whole metres.
public struct TerrainGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let bounds: BBox
    /// Row-major elevations in metres, `width * height` of them.
    public var elevationsM: [Int16]

    public init(width: Int, height: Int, bounds: BBox, elevationsM: [Int16]) {
        precondition(elevationsM.count == width * height, "grid has \(elevationsM.count) samples, expected \(width)x\(height)")
        self.width = width
        self.height = height
        self.bounds = bounds
        self.elevationsM = elevationsM
    }

    public subscript(column c: Int, row r: Int) -> Int16 { elevationsM[r * width + c] }

    /// Longitude of column `c` in degrees.
    public func lon(column c: Double) -> Double {
        bounds.west + c * (bounds.east - bounds.west) / Double(width - 1)
    }

    /// Latitude of row `r` in degrees (rows are equally spaced in web-mercator Y).
    public func lat(row r: Double) -> Double {
        let yn = WebMercator.y(latDeg: bounds.north), ys = WebMercator.y(latDeg: bounds.south)
        return WebMercator.latDeg(y: yn - r * (yn - ys) / Double(height - 1))
    }

    /// Fractional (column, row) of a position; may lie outside `0...width-1`, `0...height-1`.
    public func gridPosition(of p: LonLat) -> (column: Double, row: Double) {
        let yn = WebMercator.y(latDeg: bounds.north), ys = WebMercator.y(latDeg: bounds.south)
        let c = (p.lon - bounds.west) / (bounds.east - bounds.west) * Double(width - 1)
        let r = (yn - WebMercator.y(latDeg: p.lat)) / (yn - ys) * Double(height - 1)
        return (c, r)
    }

    /// The SPEC's sampler: bilinear interpolation in (lon, Y) between the four surrounding
    /// samples. Returns nil for a position outside the grid's bounds.
    public func elevationM(at p: LonLat) -> Double? {
        let (c, r) = gridPosition(of: p)
        let eps = 1e-9
        guard c >= -eps, r >= -eps, c <= Double(width - 1) + eps, r <= Double(height - 1) + eps else { return nil }
        let cc = min(max(c, 0), Double(width - 1)), rr = min(max(r, 0), Double(height - 1))
        let c0 = min(Int(cc), width - 2), r0 = min(Int(rr), height - 2)
        let fc = cc - Double(c0), fr = rr - Double(r0)
        let z00 = Double(self[column: c0, row: r0]), z10 = Double(self[column: c0 + 1, row: r0])
        let z01 = Double(self[column: c0, row: r0 + 1]), z11 = Double(self[column: c0 + 1, row: r0 + 1])
        let top = z00 + (z10 - z00) * fc
        let bottom = z01 + (z11 - z01) * fc
        return top + (bottom - top) * fr
    }

    /// Minimum, maximum and mean elevation in metres.
    public var statistics: (minM: Int16, maxM: Int16, meanM: Double) {
        var lo = Int16.max, hi = Int16.min, sum = 0.0
        for z in elevationsM {
            lo = min(lo, z)
            hi = max(hi, z)
            sum += Double(z)
        }
        return (lo, hi, sum / Double(max(elevationsM.count, 1)))
    }

    /// Nominal ground spacing of columns in metres at the grid's centre latitude.
    public var resolutionM: Double {
        let lat = (bounds.south + bounds.north) / 2
        return Geodesic.distanceM(LonLat(bounds.west, lat), LonLat(bounds.east, lat)) / Double(width - 1)
    }
}
