import PackReader
import Testing
import TrailGraph
import TrailpackCore

@Suite struct EdgeProfileTests {
    /// A straight line due north, `stepsM` apart.
    func line(count: Int, stepM: Double) -> [LonLat] {
        (0..<count).map { Geodesic.destination(from: LonLat(-71.4, 44.5), bearingDeg: 0, distanceM: Double($0) * stepM) }
    }

    @Test func aFlatEdgeTakesItsLengthAtTheHorizontalSpeed() {
        let coords = line(count: 101, stepM: 10)
        let p = EdgeProfile.measure(coords: coords, elevationsM: Array(repeating: 500, count: 101), rates: HikingModel(), oneway: false)
        #expect(p.lengthM == 1000)
        #expect(p.ascentM == 0 && p.descentM == 0)
        #expect(p.timeS == [900, 900])  // 1 km at 4 km/h
    }

    @Test func aClimbIsSlowerUpThanDownAndBothWaysSwapTheClimb() {
        let coords = line(count: 101, stepM: 10)
        let ele = (0...100).map { 500 + 3 * Double($0) }  // 300 m over 1 km
        let p = EdgeProfile.measure(coords: coords, elevationsM: ele, rates: HikingModel(), oneway: false)
        #expect(p.ascentM == 300 && p.descentM == 0)
        // DIN 33466: up 3600 s vertical, 900 s horizontal -> 3600 + 450; down 2160 + 450.
        #expect(p.timeS == [4050, 2610])
    }

    @Test func aOnewayEdgeCannotBeWalkedBack() {
        let coords = line(count: 3, stepM: 10)
        let p = EdgeProfile.measure(coords: coords, elevationsM: [1, 1, 1], rates: HikingModel(), oneway: true)
        #expect(p.timeS[0] == 18)
        #expect(p.timeS[1] == nil)
    }
}
