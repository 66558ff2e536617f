import Foundation
import TrailpackCore

/// The contours an overview draws at its scale, so that lines never merge into a solid fill.
///
/// Two lines `intervalM` apart on ground of slope `s` (rise over run) lie `intervalM / (s x
/// metresPerPx)` pixels apart. The interval is the smallest of the pack's interval times 1, 2, 5,
/// 10, 20, 50, ... whose lines stay `minimumSpacingPx` apart on the region's `designPercentile`
/// slope (most of the map); every fifth level of it is an index line (heavier, labelled). Where
/// the ground is steeper still, the minor lines are left out (`isMinorDrawn`): there only the
/// index lines are drawn. Slopes are measured over `minimumSpacingPx` of the map on the ground
/// (a coarser map averages the ground over more metres), from the region's `terrain.bin`.
public struct ContourScale: Sendable, Equatable {
    /// The least distance kept between two drawn minor lines, pixels.
    public static let minimumSpacingPx = 4.0
    /// The share of the region's ground (0...1) whose slope the interval is chosen for.
    public static let designPercentile = 0.9
    /// Index lines every this many drawn intervals.
    public static let indexEvery = 5.0

    /// The interval between drawn lines, metres (a multiple of the pack's).
    public var intervalM: Double
    /// Ground metres per map pixel.
    public var metresPerPx: Double
    /// The steepest slope (rise over run) on which minor lines are still drawn.
    public var maxMinorSlope: Double

    /// Index lines' interval, metres.
    public var indexIntervalM: Double { intervalM * Self.indexEvery }

    /// The scale for contours `packIntervalM` apart on a map of `metresPerPx`, whose ground's
    /// `designPercentile` slope is `designSlope`.
    public init(packIntervalM: Double, metresPerPx: Double, designSlope: Double) {
        let neededM = Self.minimumSpacingPx * metresPerPx * designSlope
        var multiple = 1.0, steps = [1.0, 2.0, 5.0], k = 0
        while packIntervalM * multiple < neededM && multiple < 1e6 {
            k += 1
            multiple = steps[k % 3] * pow(10, Double(k / 3))
        }
        intervalM = packIntervalM * multiple
        self.metresPerPx = metresPerPx
        maxMinorSlope = intervalM / (Self.minimumSpacingPx * metresPerPx)
    }

    /// True when a contour at `eleM` is drawn at all (a multiple of `intervalM`).
    public func isDrawn(_ eleM: Double) -> Bool { Self.isMultiple(eleM, of: intervalM) }

    /// True when a contour at `eleM` is an index line (a multiple of `indexIntervalM`).
    public func isIndex(_ eleM: Double) -> Bool { Self.isMultiple(eleM, of: indexIntervalM) }

    /// True when a minor line may pass ground of `slope` (its neighbours stay `minimumSpacingPx` away).
    public func isMinorDrawn(slope: Double) -> Bool { slope <= maxMinorSlope }

    static func isMultiple(_ value: Double, of step: Double) -> Bool {
        let q = value / step
        return abs(q - q.rounded()) < 1e-6
    }

    /// Pixels between two neighbouring drawn lines on ground of `slope` (rise over run).
    public func spacingPx(slope: Double) -> Double { slope > 0 ? intervalM / (slope * metresPerPx) : .infinity }
}

/// Slopes of a terrain grid measured over a given ground distance: rise over run from the
/// grid sampled (bilinear, the SPEC sampler) `stepM` east, west, north and south of a point.
public struct TerrainSlope: Sendable {
    public let terrain: TerrainGrid
    /// Half the baseline of the central differences, metres.
    public let stepM: Double

    public init(terrain: TerrainGrid, stepM: Double) {
        self.terrain = terrain
        self.stepM = stepM
    }

    /// The slope (rise over run) at `p`; nil where a sample falls off the grid.
    public func slope(at p: LonLat) -> Double? {
        let metric = LocalMetric(latDeg: p.lat)
        let dLon = stepM / metric.mPerDegLon, dLat = stepM / metric.mPerDegLat
        guard let e = terrain.elevationM(at: LonLat(p.lon + dLon, p.lat)), let w = terrain.elevationM(at: LonLat(p.lon - dLon, p.lat)),
              let n = terrain.elevationM(at: LonLat(p.lon, p.lat + dLat)), let s = terrain.elevationM(at: LonLat(p.lon, p.lat - dLat))
        else { return nil }
        return hypot(e - w, n - s) / (2 * stepM)
    }

    /// The `fraction` quantile (0...1) of the slope over at most about `sampleCount` grid nodes
    /// spread evenly over the grid; 0 for a grid with no measurable node.
    public func quantile(_ fraction: Double, sampleCount: Int = 40_000) -> Double {
        let stride = max(1, Int((Double(terrain.width * terrain.height) / Double(sampleCount)).squareRoot().rounded(.up)))
        var slopes: [Double] = []
        for r in Swift.stride(from: 0, to: terrain.height, by: stride) {
            for c in Swift.stride(from: 0, to: terrain.width, by: stride) {
                if let s = slope(at: LonLat(terrain.lon(column: Double(c)), terrain.lat(row: Double(r)))) { slopes.append(s) }
            }
        }
        guard !slopes.isEmpty else { return 0 }
        slopes.sort()
        return slopes[min(slopes.count - 1, Int(fraction * Double(slopes.count - 1)))]
    }
}
