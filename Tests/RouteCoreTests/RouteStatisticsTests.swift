import Testing
import TrailpackCore
import RouteCore
import TestSupport

@Suite struct RouteStatisticsTests {
    /// Vertices every 12 m.
    func cum(_ count: Int, stepM: Double = 12) -> [Double] { (0..<count).map { Double($0) * stepM } }

    @Test func monotonicDescentHasNoAscent() throws {
        let elevationsM = (0..<500).map { (k: Int) -> Double in
            let wobbleM: Double = Double(k % 3) * 0.1
            return 1800 - 0.7 * Double(k) - wobbleM
        }
        let stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cum(500))
        #expect(stats.ascentM == 0)
        #expect(abs(stats.descentM - (elevationsM.first! - elevationsM.last!)) < 1e-9)
        #expect(stats.maxEleM == 1800)
        #expect(stats.minEleM == elevationsM.last!)
        #expect(stats.distanceM == 499 * 12)
    }

    @Test func noiseBelowTheThresholdAddsNothing() throws {
        // A steady 200 m climb with +-2 m noise (4 m peak to peak, under the 5 m threshold),
        // zero at both ends.
        var rng = SeededRandom(seed: 7)
        let count = 2001
        let elevationsM = (0..<count).map { k -> Double in
            let noise = (k == 0 || k == count - 1) ? 0 : Double.random(in: -2...2, using: &rng)
            return 500 + 0.1 * Double(k) + noise
        }
        let stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cum(count))
        #expect(abs(stats.ascentM - 200) < 1e-9)
        #expect(stats.descentM == 0)

        let flat = (0..<count).map { k in (k == 0 || k == count - 1) ? 300 : 300 + Double.random(in: -2.4...2.4, using: &rng) }
        let flatStats = try RouteStatistics.compute(elevationsM: flat, cumM: cum(count))
        #expect(flatStats.ascentM == 0 && flatStats.descentM == 0)
    }

    @Test func reversalsAboveTheThresholdCount() throws {
        // 100 -> 110 -> 104 -> 120: the 6 m drop counts with a 5 m threshold, not with 7 m.
        let elevationsM: [Double] = [100, 105, 110, 107, 104, 112, 120]
        let five = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cum(7))
        #expect(five.ascentM == 26 && five.descentM == 6)
        #expect(RouteStatistics.extremeIndices(elevationsM, thresholdM: 5) == [0, 2, 4, 6])
        let seven = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cum(7), model: HikingModel(climbThresholdM: 7))
        #expect(seven.ascentM == 20 && seven.descentM == 0)
        #expect(RouteStatistics.extremeIndices(elevationsM, thresholdM: 7) == [0, 6])
    }

    @Test func endsAreAlwaysCounted() throws {
        // A 3 m bump after the start and a 4 m drop before the end are under the threshold, so
        // they are not extremes; the legs run from the start itself (100) down to 60, and from
        // 60 to the end itself (106): ascent 46, descent 40.
        let elevationsM: [Double] = [100, 103, 90, 60, 80, 110, 106]
        let stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cum(7))
        #expect(RouteStatistics.extremeIndices(elevationsM, thresholdM: 5) == [0, 3, 6])
        #expect(stats.ascentM == 46)
        #expect(stats.descentM == 40)
        // A profile that never moves more than the threshold is one leg from start to end.
        let small = try RouteStatistics.compute(elevationsM: [200, 203, 199, 202], cumM: cum(4))
        #expect(small.ascentM == 2 && small.descentM == 0)
    }

    @Test(arguments: 1...200)
    func ascentMinusDescentIsEndMinusStart(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let count = Int.random(in: 1...600, using: &rng)
        var eleM = Double.random(in: -50...4000, using: &rng)
        let stepScaleM = Double.random(in: 0.1...20, using: &rng)
        let elevationsM = (0..<count).map { _ -> Double in
            eleM += Double.random(in: -stepScaleM...stepScaleM, using: &rng)
            return (eleM * 10).rounded() / 10
        }
        let thresholdM = Double.random(in: 0...15, using: &rng)
        let stats = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cum(count), model: HikingModel(climbThresholdM: thresholdM))
        #expect(abs((stats.ascentM - stats.descentM) - (elevationsM.last! - elevationsM.first!)) < 1e-6)
        #expect(stats.ascentM >= 0 && stats.descentM >= 0)
        #expect(stats.minEleM == elevationsM.min() && stats.maxEleM == elevationsM.max())
        // Total variation bounds the hysteresis climb from above.
        let variationM = zip(elevationsM, elevationsM.dropFirst()).reduce(0) { $0 + abs($1.1 - $1.0) }
        #expect(stats.ascentM + stats.descentM <= variationM + 1e-6)
        let extremes = RouteStatistics.extremeIndices(elevationsM, thresholdM: thresholdM)
        #expect(extremes.first == 0 && extremes.last == count - 1)
        // Interior extremes alternate maxima and minima and differ by more than the threshold.
        if extremes.count > 3 {
            for k in 1..<(extremes.count - 2) {
                let a = elevationsM[extremes[k]], b = elevationsM[extremes[k + 1]]
                #expect(abs(a - b) > thresholdM)
                let before = elevationsM[extremes[k - 1]]
                #expect((a - before) * (b - a) < 0)
            }
        }
    }

    @Test func dinDurationIsPerLegBetweenExtremes() throws {
        // Legs 0 -> 1 (1000 m, +300 m) and 1 -> 3 (2500 m, -100 m); vertex 2 is an
        // unconfirmed minimum equal to the end.
        //   leg 1: horizontal 1000 m / 4 km/h = 900 s, vertical 300 m / 300 m/h = 3600 s
        //          -> 3600 + 900 / 2 = 4050 s
        //   leg 2: horizontal 2500 m / 4 km/h = 2250 s, vertical 100 m / 500 m/h = 720 s
        //          -> 2250 + 720 / 2 = 2610 s
        //   total 6660 s.
        let stats = try RouteStatistics.compute(elevationsM: [500, 800, 700, 700], cumM: [0, 1000, 3000, 3500])
        #expect(stats.durationS == 6660)
        #expect(stats.ascentM == 300 && stats.descentM == 100)
        #expect(stats.distanceM == 3500)

        // The same profile every ~12 m (linear in between) takes the same time: legs, not steps.
        var cumM: [Double] = [], elevationsM: [Double] = []
        for (a, b) in [((0.0, 500.0), (1000.0, 800.0)), ((1000.0, 800.0), (3000.0, 700.0)), ((3000.0, 700.0), (3500.0, 700.0))] {
            let steps = Int(((b.0 - a.0) / 12).rounded(.up))
            for k in 0..<steps {
                let t = Double(k) / Double(steps)
                cumM.append(a.0 + t * (b.0 - a.0))
                elevationsM.append(a.1 + t * (b.1 - a.1))
            }
        }
        cumM.append(3500)
        elevationsM.append(700)
        let dense = try RouteStatistics.compute(elevationsM: elevationsM, cumM: cumM)
        #expect(dense.durationS == 6660)
    }

    @Test func hikingSpeedsAreParameters() throws {
        // 6000 m flat then 1200 m climbing 400 m: no extreme in between, so one leg of 7200 m
        // and +400 m. At 5 km/h and 400 m/h: horizontal 7.2 / 5 h = 5184 s, vertical 1 h =
        // 3600 s -> 5184 + 3600 / 2 = 6984 s.
        let model = HikingModel(flatSpeedKmh: 5, ascentRateMPerH: 400, descentRateMPerH: 800)
        let stats = try RouteStatistics.compute(elevationsM: [100, 100, 500], cumM: [0, 6000, 7200], model: model)
        #expect(stats.durationS == 6984)
        // Down 400 m over the same 7200 m at 800 m/h: vertical 1800 s -> 5184 + 900 = 6084 s.
        let down = try RouteStatistics.compute(elevationsM: [500, 500, 100], cumM: [0, 6000, 7200], model: model)
        #expect(down.durationS == 6084)
        #expect(model.legDurationS(horizontalM: 0, riseM: -800) == 3600)
    }

    @Test func badInputsAreErrors() {
        #expect(throws: RouteStatisticsError.empty) { try RouteStatistics.compute(elevationsM: [], cumM: []) }
        #expect(throws: RouteStatisticsError.lengthMismatch(elevations: 2, cum: 3)) {
            try RouteStatistics.compute(elevationsM: [1, 2], cumM: [0, 1, 2])
        }
        #expect(throws: RouteStatisticsError.nonFinite(index: 1)) {
            try RouteStatistics.compute(elevationsM: [1, .nan], cumM: [0, 1])
        }
    }

    @Test func singleVertexRoute() throws {
        let stats = try RouteStatistics.compute(elevationsM: [412.3], cumM: [0])
        #expect(stats == RouteStats(distanceM: 0, ascentM: 0, descentM: 0, minEleM: 412.3, maxEleM: 412.3, durationS: 0))
    }
}
