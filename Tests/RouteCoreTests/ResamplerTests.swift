import Testing
import TrailpackCore
import RouteCore

@Suite struct ResamplerTests {
    @Test(arguments: LineGenerators.all)
    func resamplingKeepsShapeEndsAndStepBounds(_ line: GeneratedLine) throws {
        let input = line.coords
        let out = try Resampler.resample(input)

        #expect(out.coords.first == input.first)
        #expect(out.coords.last == input.last)

        let steps = GeometryChecks.stepsM(out.coords)
        #expect(steps.max()! <= 12.0)
        #expect(steps.min()! >= 0.5)
        let roundedSteps = GeometryChecks.stepsM(GeometryChecks.rounded7(out.coords))
        #expect(roundedSteps.max()! <= 12.0, "after rounding to 7 decimals")
        #expect(roundedSteps.min()! >= 0.5, "after rounding to 7 decimals")

        let hausdorffM = GeometryChecks.hausdorffM(input, out.coords)
        #expect(hausdorffM <= 2.0, "Hausdorff \(hausdorffM) m")

        let inputLengthM = Geodesic.lengthM(input)
        let outLengthM = Geodesic.lengthM(out.coords)
        #expect(abs(outLengthM - inputLengthM) <= 0.001 * inputLengthM, "length \(outLengthM) m vs \(inputLengthM) m")

        for i in line.cornerIndices {
            #expect(out.coords[out.indexOfInput[i]] == input[i], "corner \(i) kept as a vertex")
        }
    }

    @Test(arguments: LineGenerators.all)
    func indexMapIsMonotonicAndPointsAtNearbyVertices(_ line: GeneratedLine) throws {
        let input = line.coords
        let out = try Resampler.resample(input)
        let map = out.indexOfInput
        #expect(map.count == input.count)
        #expect(map.first == 0)
        #expect(map.last == out.coords.count - 1)
        #expect(zip(map, map.dropFirst()).allSatisfy { $0 <= $1 })
        var worstM = 0.0
        for (i, k) in map.enumerated() {
            worstM = max(worstM, Geodesic.distanceM(input[i], out.coords[k]))
        }
        // At most half a 12 m step along the line plus the 1 m corner tolerance across it.
        #expect(worstM <= 6.1, "input vertex \(worstM) m from its resampled vertex")
        for c in out.cornerInputIndices {
            #expect(out.coords[map[c]] == input[c])
        }
    }

    @Test(arguments: LineGenerators.all)
    func stepsAreEqualBetweenCornersAndAsFewAsPossible(_ line: GeneratedLine) throws {
        let out = try Resampler.resample(line.coords)
        let cornerVertices = out.cornerInputIndices.map { out.indexOfInput[$0] }
        let steps = GeometryChecks.stepsM(out.coords)
        for (a, b) in zip(cornerVertices, cornerVertices.dropFirst()) {
            let spanSteps = steps[a..<b]
            #expect(spanSteps.max()! - spanSteps.min()! < 1e-6)
            let spanM = spanSteps.reduce(0, +)
            if b - a > 1 {
                // One step fewer would be too long.
                #expect(spanM / Double(b - a - 1) > 12.0 - 0.02)
            }
        }
    }

    @Test(arguments: LineGenerators.all)
    func cumMatchesSummedProjGeodesics(_ line: GeneratedLine) throws {
        let out = try Resampler.resample(line.coords)
        #expect(out.cumM.count == out.coords.count)
        #expect(out.cumM[0] == 0)
        var sumM = 0.0
        for k in 1..<out.coords.count {
            let stepM = Geodesic.distanceM(out.coords[k - 1], out.coords[k])
            sumM += stepM
            #expect(abs((out.cumM[k] - out.cumM[k - 1]) - stepM) < 1e-6)
            #expect(abs(out.cumM[k] - sumM) < 1e-3)
        }
        #expect(out.lengthM == out.cumM.last)

        let cum = Geodesic.cumulativeDistancesM(out.coords)
        #expect(cum.count == out.coords.count)
        #expect(abs(cum.last! - sumM) < 1e-6)
    }

    @Test(arguments: LineGenerators.all)
    func roundedCumIsStrictlyIncreasing(_ line: GeneratedLine) throws {
        let out = try Resampler.resample(line.coords)
        let cum = Geodesic.cumulativeDistancesM(GeometryChecks.rounded7(out.coords)).map { ($0 * 10).rounded() / 10 }
        #expect(zip(cum, cum.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func cumulativeDistancesOfAHandMadeLine() {
        let a = LonLat(10, 50), b = LonLat(10.001, 50), c = LonLat(10.001, 50.002)
        let cum = Geodesic.cumulativeDistancesM([a, b, c])
        let ab = Geodesic.distanceM(a, b), bc = Geodesic.distanceM(b, c)
        #expect(cum == [0, ab, ab + bc])
        #expect(Geodesic.cumulativeDistancesM([]) == [])
    }

    @Test func straightLineCollapsesToEvenStepsBetweenItsEnds() throws {
        let line = LineGenerators.straight()
        let out = try Resampler.resample(line.coords)
        // 3000 m in steps of at most 11.98 m: ceil(3000 / 11.98) = 251 steps of 11.952 m.
        #expect(out.coords.count == 252)
        #expect(out.cornerInputIndices == [0, line.coords.count - 1])
        #expect(abs(out.cumM[1] - 3000.0 / 251) < 1e-6)
    }

    @Test func smallerMaximumStepGivesMoreVertices() throws {
        let line = LineGenerators.straight()
        let out = try Resampler.resample(line.coords, maxStepM: 5)
        #expect(GeometryChecks.stepsM(out.coords).max()! <= 5)
        // ceil(3000 / 4.98) = 603 steps.
        #expect(out.coords.count == 604)
    }

    @Test func cornersCloserThanTheMinimumStepAreMerged() throws {
        // A right angle, then a second corner 0.3 m later (a 0.3 m jog).
        let start = LonLat(8, 47)
        let a = Geodesic.destination(from: start, bearingDeg: 0, distanceM: 40)
        let b = Geodesic.destination(from: a, bearingDeg: 90, distanceM: 0.3)
        let end = Geodesic.destination(from: b, bearingDeg: 180, distanceM: 40)
        let out = try Resampler.resample([start, a, b, end])
        #expect(GeometryChecks.stepsM(out.coords).min()! >= 0.5)
        #expect(out.coords.first == start && out.coords.last == end)
        #expect(out.indexOfInput.count == 4)
    }

    @Test func degenerateLines() throws {
        #expect(try Resampler.resample([]).coords.isEmpty)
        let one = try Resampler.resample([LonLat(1, 2)])
        #expect(one.coords == [LonLat(1, 2)] && one.cumM == [0] && one.indexOfInput == [0])
        let two = try Resampler.resample([LonLat(1, 2), LonLat(1, 2.00001)])
        #expect(two.coords.count == 2 && two.indexOfInput == [0, 1])
    }

    @Test func nonFinitePointIsAnError() {
        #expect(throws: ResampleError.nonFinitePoint(index: 1, position: LonLat(.infinity, 2))) {
            _ = try Resampler.resample([LonLat(1, 2), LonLat(.infinity, 2), LonLat(1, 3)])
        }
    }
}
