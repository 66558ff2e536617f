import Foundation
import TrailpackCore

/// The panorama's numbers in words, and the landmarks its vertical scale counts.
public enum PanoramaText {
    /// Landmarks nearer than this to the observer are left out of the vertical scale (their
    /// elevation angle says little about the view: a cairn 5 m below the eye is at −20°);
    /// their markers are clamped to the band's edge. Metres.
    public static let scaleMinimumDistanceM = 300.0

    /// Distance (metres) from `observer` to the edge of `region` along each of `count` azimuths
    /// (`k * 360 / count` degrees clockwise from north), on a local plane; 0 outside the region.
    public static func edgeDistancesM(from observer: LonLat, region: BBox, count: Int) -> [Double] {
        let metric = LocalMetric(latDeg: observer.lat)
        let westM = (region.west - observer.lon) * metric.mPerDegLon, eastM = (region.east - observer.lon) * metric.mPerDegLon
        let southM = (region.south - observer.lat) * metric.mPerDegLat, northM = (region.north - observer.lat) * metric.mPerDegLat
        guard westM <= 0, eastM >= 0, southM <= 0, northM >= 0 else { return [Double](repeating: 0, count: count) }
        return (0..<count).map { k in
            let a = Double(k) * 2 * Double.pi / Double(count)
            let dx = sin(a), dy = cos(a)
            let tx = dx > 1e-12 ? eastM / dx : dx < -1e-12 ? westM / dx : Double.infinity
            let ty = dy > 1e-12 ? northM / dy : dy < -1e-12 ? southM / dy : Double.infinity
            return min(tx, ty)
        }
    }

    /// How far the skyline reaches: out to `limitM`, or to the region's edge where that is
    /// nearer (`edgeDistancesM` over every azimuth).
    public static func reach(edgeDistancesM: [Double], limitM: Double) -> String {
        let nearest = edgeDistancesM.min() ?? 0, farthest = edgeDistancesM.max() ?? 0
        if farthest < limitM {
            return "skyline out to the region's edge, \(km(nearest))–\(km(farthest)) away"
        }
        if nearest < limitM {
            return "skyline out to \(km(limitM)), or to the region's edge where nearer (from \(km(nearest)))"
        }
        return "skyline out to \(km(limitM))"
    }

    /// "3 of the route's 5 landmarks in sight from here", "None of …", or "The route has no
    /// landmarks" (never "0 of 0").
    public static func landmarkCount(seen: Int, total: Int) -> String {
        if total == 0 { return "The route has no landmarks" }
        if seen == 0 { return "None of the route's \(total) landmark(s) in sight from here" }
        return "\(seen) of the route's \(total) landmark(s) in sight from here"
    }

    /// The elevation-angle range (degrees) the band spans: the skyline and the tops of the
    /// landmarks at least `scaleMinimumDistanceM` away, one degree more each way, at least 6°.
    public static func angleRangeDeg(skylineDeg: [Double], landmarkTops: [(angleDeg: Double, distanceM: Double)]) -> ClosedRange<Double> {
        let angles = skylineDeg.filter { $0 > -90 } + landmarkTops.filter { $0.distanceM >= scaleMinimumDistanceM }.map(\.angleDeg)
        var lo = (angles.min() ?? -2) - 1, hi = (angles.max() ?? 2) + 1
        if hi - lo < 6 { let mid = (hi + lo) / 2; lo = mid - 3; hi = mid + 3 }
        return lo...hi
    }

    /// A landmark's panorama label: its name, a middle dot, how far it is ("Summit 585 m · 6.5 km"):
    /// the dot keeps a height in the name ("Summit 585 m", `MetresFormat.labelled`) apart from the distance.
    static func label(name: String, distanceM: Double) -> String {
        name + " · " + km(distanceM)
    }

    /// "850 m" below a kilometre, else "2.4 km".
    static func km(_ metres: Double) -> String {
        metres < 999.5 ? MetresFormat.wholeMetres(metres) : "\(formatNumber(metres / 1000, maxDecimals: 1)) km"
    }
}
