import Flyover
import Testing
import TrailpackCore

/// A route's `ele` against its AR patch: within the 1 m the ribbon's lift hides, or named.
@Suite struct FlyoverRouteGroundTests {
    static let r = GorgeFixture.route

    @Test func aRouteOnItsPatchIsWithinTheTolerance() {
        let m = FlyoverRouteGround.measure(coords: Self.r.coords, elevationsM: Self.r.elevationsM, patch: GorgeFixture.patch)
        #expect(m.verticesOver == 0 && m.message == nil)
        #expect(m.sunkM < 1e-9 && m.floatingM < 1e-9)
    }

    @Test func aRouteSunkDeeperThanTheLiftIsNamed() {
        var ele = Self.r.elevationsM
        ele[40] -= 1.6
        for k in 100..<110 { ele[k] += 2.5 }
        let m = FlyoverRouteGround.measure(coords: Self.r.coords, elevationsM: ele, patch: GorgeFixture.patch)
        #expect(m.verticesOver == 11)
        #expect(abs(m.sunkM - 1.6) < 1e-9 && m.sunkIndex == 40)
        #expect(abs(m.floatingM - 2.5) < 1e-9 && m.floatingIndex >= 100 && m.floatingIndex < 110)
        #expect(m.message?.contains("sunk 1.6 m under its AR patch at vertex 40") == true, "\(m.message ?? "")")
        #expect(m.message?.contains("floating 2.5 m") == true && m.message?.contains("11 vertices") == true)
    }

    @Test func aSmallOffsetIsNotReported() {
        let ele = Self.r.elevationsM.map { $0 - 0.8 }
        let m = FlyoverRouteGround.measure(coords: Self.r.coords, elevationsM: ele, patch: GorgeFixture.patch)
        #expect(m.message == nil && abs(m.sunkM - 0.8) < 1e-9)
    }
}
