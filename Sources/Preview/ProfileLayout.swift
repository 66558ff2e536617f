import Drawing
import Foundation

/// Where an elevation profile's plot sits and how it maps data to pixels.
///
/// The image is `widthPx` x `heightPx` (1600 x 820). The plot rectangle spans x 110...1550,
/// y 200...670 (a band above it holds waypoint names, the space below the axis labels and the
/// caption). Distance runs from 0 at the left edge to the route's length at the right edge.
/// Elevation runs from `elevationRangeM.lowerBound` at the bottom edge to its upper bound at
/// the top edge; the range is the data's min...max padded by 5 % of the span (at least 5 m)
/// on each side and then widened outward to multiples of the tick step, where the step is
/// the smallest of 1, 2, 2.5, 5 x 10^k metres giving at most 6 intervals over the padded span.
public struct ProfileLayout: Sendable, Equatable {
    public static let widthPx = 1600
    public static let heightPx = 820
    public static let plotRect = PixelRect(xPx: 110, yPx: 200, widthPx: 1440, heightPx: 470)

    /// Distance shown across the plot, kilometres.
    public var distanceRangeKm: ClosedRange<Double>
    /// Elevation shown up the plot, metres.
    public var elevationRangeM: ClosedRange<Double>
    public var distanceTickKm: Double
    public var elevationTickM: Double

    /// The layout for a route `distanceM` long whose elevations span `minEleM...maxEleM`.
    public init(distanceM: Double, minEleM: Double, maxEleM: Double) {
        let km = max(distanceM / 1000, 0.001)
        distanceRangeKm = 0...km
        distanceTickKm = Self.niceStep(km / 8)
        let pad = max(0.05 * (maxEleM - minEleM), 5)
        let lo = minEleM - pad, hi = maxEleM + pad
        let step = Self.niceStep((hi - lo) / 6)
        elevationTickM = step
        elevationRangeM = (floor(lo / step) * step)...(ceil(hi / step) * step)
    }

    /// The smallest of 1, 2, 2.5, 5 x 10^k that is at least `raw`.
    public static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, floor(log10(raw)))
        for m in [1.0, 2, 2.5, 5, 10] where m * power >= raw * (1 - 1e-12) { return m * power }
        return 10 * power
    }

    /// Canvas x of a distance along the route in metres.
    public func xPx(distanceM: Double) -> Double {
        let r = Self.plotRect
        return r.xPx + (distanceM / 1000 - distanceRangeKm.lowerBound) / (distanceRangeKm.upperBound - distanceRangeKm.lowerBound) * r.widthPx
    }

    /// Canvas y of an elevation in metres.
    public func yPx(elevationM: Double) -> Double {
        let r = Self.plotRect
        return r.maxYPx - (elevationM - elevationRangeM.lowerBound) / (elevationRangeM.upperBound - elevationRangeM.lowerBound) * r.heightPx
    }
}
