import Foundation
import Guidance
import TrailpackCore

/// The banner's words: a waypoint's instruction with a rounded distance, or the way back to
/// the route when off it (docs/NAVIGATION.md, "Banners").
public enum Banner {
    /// `distanceM` as a banner writes it: "now" within `bannerNowM`; under `bannerFineBelowM`
    /// whole `bannerFineStepM`s ("40 m"); under `bannerCoarseBelowM` whole `bannerCoarseStepM`s
    /// ("350 m"); else kilometres with one decimal ("1.2 km"). Halves round up.
    public static func distance(_ distanceM: Double, tuning: NavigationTuning = .standard) -> String {
        if distanceM <= tuning.bannerNowM { return "now" }
        if distanceM < tuning.bannerFineBelowM { return "\(rounded(distanceM, step: tuning.bannerFineStepM)) m" }
        let coarse = rounded(distanceM, step: tuning.bannerCoarseStepM)
        if distanceM < tuning.bannerCoarseBelowM, coarse < Int(tuning.bannerCoarseBelowM) { return "\(MetresFormat.grouped(coarse)) m" }
        let tenths = Int((distanceM / 100).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10) km"
    }

    /// A waypoint's instruction `distanceM` ahead: "Bear right in 40 m", "Bear right now".
    public static func cue(_ instruction: String, distanceM: Double, tuning: NavigationTuning = .standard) -> String {
        let d = distance(distanceM, tuning: tuning)
        return d == "now" ? "\(instruction) now" : "\(instruction) in \(d)"
    }

    /// Off the route: "Off trail by 60 m, head northeast" (the nearest route point's distance
    /// rounded as `distance`, never "now", and its 8-point compass bearing from the fix).
    public static func offRoute(distanceM: Double, bearingDeg: Double, tuning: NavigationTuning = .standard) -> String {
        let d = distance(max(distanceM, tuning.bannerNowM + 1), tuning: tuning)
        return "Off trail by \(d), head \(Compass.point8(bearingDeg: bearingDeg))"
    }

    /// The banner once arrived.
    public static let arrived = "You have arrived"

    static func rounded(_ metres: Double, step: Double) -> Int {
        Int((metres / step).rounded(.toNearestOrAwayFromZero) * step)
    }
}
