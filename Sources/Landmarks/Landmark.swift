import Foundation
import PackSpec
import TrailpackCore

/// A named feature a hiker may look for: a POI or a prominent summit found in the DEM. Its top
/// (`location`, `eleM`) is the target of every sightline.
public struct Landmark: Equatable, Sendable {
    public var name: String
    /// The POI's kind (`summit`, `pond`, ...); `summit` for summits found in the DEM.
    public var kind: String
    /// The top, lon/lat degrees rounded to 7 decimals (a summit moved to its highest sample).
    public var location: LonLat
    /// Region terrain elevation at `location`, metres, one decimal.
    public var eleM: Double
    /// Topographic prominence in metres for summits found in the DEM; nil for POIs.
    public var prominenceM: Double?

    public init(name: String, kind: String, location: LonLat, eleM: Double, prominenceM: Double? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.eleM = eleM
        self.prominenceM = prominenceM
    }
}

/// What one route sees of one landmark (the SPEC's `landmarks[]` entry).
public struct LandmarkSighting: Equatable, Sendable {
    public var landmark: Landmark
    /// Smallest geodesic distance from a visible vertex to the landmark, metres, one decimal.
    public var nearestM: Double
    /// Inclusive, ascending, disjoint index ranges into the route's coords from which the top is
    /// in line of sight.
    public var visible: [ClosedRange<Int>]

    public init(landmark: Landmark, nearestM: Double, visible: [ClosedRange<Int>]) {
        self.landmark = landmark
        self.nearestM = nearestM
        self.visible = visible
    }

    /// How many vertices see the landmark.
    public var visibleVertexCount: Int { visible.reduce(0) { $0 + $1.count } }
}

/// The physical constants of every sightline.
public enum SightConstants {
    /// Eye height above the route's `ele`, metres.
    public static let eyeHeightM = PackLimits.eyeHeightM
    /// Atmospheric refraction coefficient (GDAL's curvature coefficient is `1 - k`).
    public static let refractionK = PackLimits.refractionCoefficient
    /// Earth radius for curvature, metres (WGS84 semi-major axis, as GDAL's viewshed uses).
    public static let earthRadiusM = 6_378_137.0
    /// Drop of the terrain below the observer's tangent plane per squared metre of distance:
    /// `(1 - k) / (2 R)`.
    public static let curvaturePerM2 = (1 - refractionK) / (2 * earthRadiusM)
}
