import Foundation
import TrailpackCore

/// The 360° skyline seen from one point: for each azimuth, the highest elevation angle of the
/// terrain (with curvature and refraction) out to a distance limit.
public struct Skyline: Equatable, Sendable {
    /// Azimuth step, degrees; sample `k` looks towards `k * stepDeg` clockwise from north.
    public var stepDeg: Double
    /// Highest terrain elevation angle per azimuth, degrees above the horizontal.
    public var elevationDeg: [Double]
    /// Distance to the terrain point that makes the skyline per azimuth, metres.
    public var distanceM: [Double]

    public init(stepDeg: Double, elevationDeg: [Double], distanceM: [Double]) {
        self.stepDeg = stepDeg
        self.elevationDeg = elevationDeg
        self.distanceM = distanceM
    }

    /// Marches out along every azimuth at half a cell of the terrain under the ray.
    public static func compute(from observer: LonLat, eyeM: Double, sight: LineOfSight, maxDistanceM: Double,
                               stepDeg: Double = 0.5) -> Skyline {
        let count = Int((360 / stepDeg).rounded())
        let metric = LocalMetric(latDeg: observer.lat)
        let regionStepM = max(1, 0.5 * min(sight.region.cellWidthM, sight.region.cellHeightM))
        let patchStepM = sight.patch.map { max(1, 0.5 * min($0.cellWidthM, $0.cellHeightM)) } ?? regionStepM
        var angles = [Double](repeating: -90, count: count), distances = [Double](repeating: 0, count: count)
        for k in 0..<count {
            let azimuth = Double(k) * stepDeg * WGS84.radPerDeg
            let east = sin(azimuth) / metric.mPerDegLon, north = cos(azimuth) / metric.mPerDegLat
            var d = patchStepM
            while d <= maxDistanceM {
                let p = LonLat(observer.lon + east * d, observer.lat + north * d)
                guard let z = sight.terrainM(at: p) else { break }
                let angle = atan2(z - SightConstants.curvaturePerM2 * d * d - eyeM, d) / WGS84.radPerDeg
                if angle > angles[k] {
                    angles[k] = angle
                    distances[k] = d
                }
                d += sight.patch?.covers(p) == true ? patchStepM : regionStepM
            }
        }
        return Skyline(stepDeg: stepDeg, elevationDeg: angles, distanceM: distances)
    }
}

extension TerrainSurface {
    /// Ground spacing of columns at the grid's centre latitude, metres.
    var cellWidthM: Double {
        (bounds.east - bounds.west) / Double(width - 1) * LocalMetric(latDeg: (bounds.south + bounds.north) / 2).mPerDegLon
    }

    /// Ground spacing of rows at the grid's centre latitude, metres.
    var cellHeightM: Double {
        (bounds.north - bounds.south) / Double(height - 1) * LocalMetric(latDeg: (bounds.south + bounds.north) / 2).mPerDegLat
    }

    /// True when `p` lies on the grid.
    func covers(_ p: LonLat) -> Bool {
        let (c, r) = position(lon: p.lon, y: WebMercator.y(latDeg: p.lat))
        return contains(c: c, r: r)
    }
}
