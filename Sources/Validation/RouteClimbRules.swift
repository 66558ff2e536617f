import PackJSON
import PackSpec
import RouteCore
import TrailpackCore

/// A route's profile as its file writes it, kept until the region's hiking rates are known
/// (routing.json is read after the routes).
struct RouteProfile {
    var file: String
    var elevationsM: [Double]
    var cumM: [Double]
    var stats: JSONNode
}

/// `route.climb` and the exact `route.duration-range`: a route's `ascentM`, `descentM` and
/// `durationS` recomputed from its own `ele` and `cum` (`RouteStatistics`, the builder's
/// counting). With the rates known (routing.json's `rates`, else the recipe's `stats`) they must
/// match; without them, ascent and descent must lie between the counts at the strictest and the
/// loosest threshold a recipe may set.
struct RouteClimbRules {
    let log: ProblemLog

    /// Ascent and descent: the builder counts on unrounded elevations, the file holds them to
    /// 0.1 m, so each extreme may move by 0.05 m; 0.5 m plus 0.2% covers a profile of many
    /// extremes and a reversal that lands on the threshold.
    static let climbToleranceM = 0.5
    static let climbToleranceShare = 0.002
    /// Duration: whole seconds, and the legs of the rounded profile (0.5% + 30 s).
    static let durationToleranceShare = 0.005
    static let durationToleranceS = 30.0
    /// The thresholds a recipe may set (`stats.thresholdM` 0...200).
    static let thresholdRangeM: ClosedRange<Double> = 0...200

    func check(_ profiles: [RouteProfile], rates: HikingRates?) {
        for profile in profiles {
            guard profile.elevationsM.count == profile.cumM.count, !profile.elevationsM.isEmpty else { continue }
            let ascentNode = profile.stats["ascentM"], descentNode = profile.stats["descentM"]
            let ascent = ascentNode.flatMap(JSONFields.numberValue), descent = descentNode.flatMap(JSONFields.numberValue)
            for (value, node, key) in [(ascent, ascentNode, "ascentM"), (descent, descentNode, "descentM")] {
                if let value, let node, value < 0 {
                    log.add(.routeClimb, file: profile.file, node: node, expected: "\(key) >= 0", found: format(value))
                }
            }
            guard let ascent, let descent, let ascentNode, let descentNode, ascent >= 0, descent >= 0 else { continue }
            if let rates {
                checkExact(profile, ascent: (ascent, ascentNode), descent: (descent, descentNode), rates: rates)
            } else {
                checkBounds(profile, ascent: (ascent, ascentNode), descent: (descent, descentNode))
            }
        }
    }

    private func model(_ rates: HikingRates, thresholdM: Double? = nil) -> HikingModel {
        HikingModel(flatSpeedKmh: rates.flatSpeedKmh, ascentRateMPerH: rates.ascentMPerH, descentRateMPerH: rates.descentMPerH,
                    climbThresholdM: thresholdM ?? rates.climbThresholdM)
    }

    private func tolerance(_ valueM: Double) -> Double { Self.climbToleranceM + Self.climbToleranceShare * valueM }

    /// Ascent, descent and duration against the counts at the known rates.
    private func checkExact(_ profile: RouteProfile, ascent: (Double, JSONNode), descent: (Double, JSONNode), rates: HikingRates) {
        guard let stats = try? RouteStatistics.compute(elevationsM: profile.elevationsM, cumM: profile.cumM, model: model(rates)) else { return }
        for (written, counted, key) in [(ascent, stats.ascentM, "ascentM"), (descent, stats.descentM, "descentM")]
        where !(abs(written.0 - counted) <= tolerance(counted)) {
            log.add(.routeClimb, file: profile.file, node: written.1,
                    expected: "\(metres(counted)) (\(key) counted from ele with a \(format(rates.climbThresholdM)) m threshold, within \(metres(tolerance(counted))))",
                    found: format(written.0))
        }
        guard let node = profile.stats["durationS"], let seconds = JSONFields.numberValue(node) else { return }
        let expectedS = Double(stats.durationS), slackS = Self.durationToleranceS + Self.durationToleranceShare * expectedS
        if !(abs(seconds - expectedS) <= slackS) {
            log.add(.routeDurationRange, file: profile.file, node: node,
                    expected: "\(Int(expectedS)) s (DIN 33466 over the route's legs at \(format(rates.flatSpeedKmh)) km/h, \(format(rates.ascentMPerH)) m/h up, \(format(rates.descentMPerH)) m/h down; within \(Int(slackS)) s)",
                    found: format(seconds))
        }
    }

    /// Without rates: between the counts at the loosest and the strictest threshold.
    private func checkBounds(_ profile: RouteProfile, ascent: (Double, JSONNode), descent: (Double, JSONNode)) {
        let rates = HikingRates(flatSpeedKmh: 4, ascentMPerH: 300, descentMPerH: 500, climbThresholdM: 0)
        guard let most = try? RouteStatistics.compute(elevationsM: profile.elevationsM, cumM: profile.cumM, model: model(rates, thresholdM: Self.thresholdRangeM.lowerBound)),
              let least = try? RouteStatistics.compute(elevationsM: profile.elevationsM, cumM: profile.cumM, model: model(rates, thresholdM: Self.thresholdRangeM.upperBound))
        else { return }
        for (written, low, high, key) in [(ascent, least.ascentM, most.ascentM, "ascentM"), (descent, least.descentM, most.descentM, "descentM")]
        where !(written.0 >= low - tolerance(low) && written.0 <= high + tolerance(high)) {
            log.add(.routeClimb, file: profile.file, node: written.1,
                    expected: "\(metres(low))...\(metres(high)) (\(key) counted from ele at thresholds of \(Int(Self.thresholdRangeM.upperBound)) m to 0 m)",
                    found: format(written.0))
        }
    }
}

extension HikingRates {
    /// The rates of a hiking model (routing.json's `rates`).
    init(_ model: HikingModel) {
        self.init(flatSpeedKmh: model.flatSpeedKmh, ascentMPerH: model.ascentRateMPerH, descentMPerH: model.descentRateMPerH,
                  climbThresholdM: model.climbThresholdM)
    }
}
