import RouteCore
import TrailpackCore

/// What is left of a route from a distance along it, and the hiking-time estimates
/// (docs/NAVIGATION.md, "Remaining distance and climb" and "ETA").
public struct Remaining: Equatable, Sendable {
    /// Metres left along the route.
    public var distanceM: Double
    /// Climb and descent left, metres: the route stats of the rest of the route.
    public var ascentM: Double
    public var descentM: Double
    /// DIN 33466 seconds of the rest of the route at the pack's rates.
    public var dinS: Int
}

public enum RouteETA {
    /// The rest of `route` from `alongM`: its profile starts at the interpolated point there and
    /// goes on through every later vertex, measured by `RouteStatistics.compute` with the
    /// route's model (the stats of a route file, as if the rest were a route of its own).
    public static func remaining(_ route: NavRoute, from alongM: Double) -> Remaining {
        let (k, _) = route.segment(at: alongM)
        let s = min(max(alongM, 0), route.lengthM)
        let ele = [route.elevationM(at: s)] + route.elevationsM[(k + 1)...]
        let cum = [s] + route.cumM[(k + 1)...]
        let stats = try? RouteStatistics.compute(elevationsM: ele, cumM: cum, model: route.model)
        return Remaining(distanceM: route.lengthM - s, ascentM: stats?.ascentM ?? 0, descentM: stats?.descentM ?? 0, dinS: stats?.durationS ?? 0)
    }

    /// DIN 33466 seconds of the walked part, the start to `alongM`, measured the same way.
    public static func walkedDinS(_ route: NavRoute, to alongM: Double) -> Int {
        guard route.coords.count >= 2 else { return 0 }
        let (k, _) = route.segment(at: alongM)
        let s = min(max(alongM, 0), route.lengthM)
        let ele = route.elevationsM[...k] + [route.elevationM(at: s)]
        let cum = route.cumM[...k] + [s]
        return (try? RouteStatistics.compute(elevationsM: Array(ele), cumM: Array(cum), model: route.model))?.durationS ?? 0
    }

    /// The pace factor: walking seconds plus `pacePriorS` over the walked part's DIN seconds plus
    /// `pacePriorS` (DIN's pace until the walker's own outweighs it), held within the tuning's bounds.
    public static func paceFactor(elapsedS: Double, walkedDinS: Int, tuning: NavigationTuning = .standard) -> Double {
        let ratio = (elapsedS + tuning.pacePriorS) / (Double(walkedDinS) + tuning.pacePriorS)
        return min(max(ratio, tuning.paceFactorMin), tuning.paceFactorMax)
    }

    /// Seconds left by the walker's pace: the rest's DIN time times the pace factor.
    public static func correctedS(remainingDinS: Int, elapsedS: Double, walkedDinS: Int, tuning: NavigationTuning = .standard) -> Double {
        Double(remainingDinS) * paceFactor(elapsedS: elapsedS, walkedDinS: walkedDinS, tuning: tuning)
    }
}
